import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPOSE_CHECK_ENV, readCompose } from './compose.js';
import { GRAFANA_DIR, PROMETHEUS_DIR, readAlertRules, readDashboards, readYamlFile, type DashboardPanel } from './monitoring.js';
import { REPO_ROOT } from './processes.js';

/**
 * Prometheus and Grafana as docker-compose.yml runs them: the files they are given hold together (the data source
 * the dashboard names, the folder the provider reads, the targets Prometheus scrapes), and the dashboard JSON is one
 * Grafana loads (its structure: ids, grid, data sources, queries). api/test/monitoring.test.ts checks that every
 * queried series is one the API exports.
 */
const compose = readCompose(COMPOSE_CHECK_ENV);
const services = Object.entries(compose.services);
const apiServices = services.filter(([, service]) => service.build?.dockerfile === 'tooling/docker/api.Dockerfile');
const networksOf = (service: { networks?: unknown }) =>
  Array.isArray(service.networks) ? (service.networks as string[]) : Object.keys((service.networks as object | undefined) ?? {});
/** `./tooling/docker/x:/etc/y:ro` as [host path, container path]. */
const mounts = (name: string) =>
  ((compose.services[name]?.volumes as string[] | undefined) ?? []).map((volume) => volume.split(':') as [string, string, string?]);

interface Datasources {
  apiVersion: number;
  datasources: { name: string; uid: string; type: string; url: string; access: string }[];
}
interface DashboardProviders {
  apiVersion: number;
  providers: { name: string; type: string; options: { path: string } }[];
}

/** Whether two panels' rectangles on Grafana's 24-column grid overlap. */
function overlap(a: DashboardPanel, b: DashboardPanel): boolean {
  const [p, q] = [a.gridPos, b.gridPos];
  return p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h;
}

/** Parentheses, brackets and braces in a PromQL query close in order (outside strings). */
function balanced(expr: string): boolean {
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  const open: string[] = [];
  for (const character of expr.replace(/"(?:[^"\\]|\\.)*"/g, '""')) {
    if ('([{'.includes(character)) open.push(character);
    else if (character in pairs && open.pop() !== pairs[character]) return false;
  }
  return open.length === 0;
}

describe('Prometheus in docker-compose.yml', () => {
  const prometheus = compose.services.prometheus!;
  const config = readYamlFile<{ rule_files: string[]; scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[] }>(
    path.join(PROMETHEUS_DIR, 'prometheus.yml'),
  );

  it('scrapes every API replica on its metrics port over the internal metrics network, a port the edge never forwards', () => {
    const port = apiServices[0]?.[1].environment?.METRICS_PORT;
    expect(port).toMatch(/^\d+$/);
    for (const [, service] of apiServices) expect(service.environment?.METRICS_PORT).toBe(port);
    const api = config.scrape_configs.find((job) => job.job_name === 'api');
    expect(api?.static_configs.flatMap((group) => group.targets).sort()).toEqual(apiServices.map(([name]) => `${name}:${port}`).sort());
    expect(compose.networks?.metrics?.internal).toBe(true);
    const onMetrics = services.filter(([, service]) => networksOf(service).includes('metrics')).map(([name]) => name);
    expect(onMetrics.sort()).toEqual([...apiServices.map(([name]) => name), 'grafana', 'prometheus'].sort());
    // The edge proxies to the API port only: the metrics port is in none of its files.
    expect(readFileSync(path.join(REPO_ROOT, 'tooling', 'docker', 'nginx-edge.conf'), 'utf8')).not.toContain(port);
    expect(networksOf(prometheus)).toEqual(['metrics']);
  });

  it('is given its configuration and alert rules, each rule with a query, a wait and a summary', () => {
    expect(mounts('prometheus')).toContainEqual(['./tooling/docker/prometheus', '/etc/prometheus', 'ro']);
    for (const file of config.rule_files) {
      expect(file.startsWith('/etc/prometheus/')).toBe(true);
      expect(existsSync(path.join(PROMETHEUS_DIR, file.slice('/etc/prometheus/'.length)))).toBe(true);
    }
    const rules = readAlertRules();
    expect(rules.length).toBeGreaterThanOrEqual(4);
    for (const rule of rules) {
      expect(rule.alert).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(balanced(rule.expr), rule.alert).toBe(true);
      expect(rule.for).toMatch(/^\d+[smh]$/);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
    }
  });
});

describe('Grafana in docker-compose.yml', () => {
  const datasources = readYamlFile<Datasources>(path.join(GRAFANA_DIR, 'provisioning', 'datasources', 'prometheus.yml'));
  const providers = readYamlFile<DashboardProviders>(path.join(GRAFANA_DIR, 'provisioning', 'dashboards', 'platform.yml'));

  it('is provisioned with the Prometheus of compose and the dashboards folder it mounts', () => {
    expect(datasources.apiVersion).toBe(1);
    expect(datasources.datasources).toEqual([
      expect.objectContaining({ uid: 'prometheus', type: 'prometheus', url: 'http://prometheus:9090' }),
    ]);
    expect(providers.apiVersion).toBe(1);
    const dashboardsMount = mounts('grafana').find(([host]) => host === './tooling/docker/grafana/dashboards');
    expect(providers.providers.map((provider) => [provider.type, provider.options.path])).toEqual([['file', dashboardsMount?.[1]]]);
    expect(mounts('grafana')).toContainEqual(['./tooling/docker/grafana/provisioning', '/etc/grafana/provisioning', 'ro']);
  });

  it('asks for an admin password and is published on the host loopback only', () => {
    expect(compose.services.grafana?.environment?.GF_SECURITY_ADMIN_PASSWORD).toBe(COMPOSE_CHECK_ENV.GRAFANA_ADMIN_PASSWORD);
    expect(compose.services.grafana?.environment?.GF_AUTH_ANONYMOUS_ENABLED).toBe('false');
    expect(compose.services.grafana?.ports).toEqual(['127.0.0.1:3000:3000']);
  });

  it('loads the dashboard JSON: unique ids, panels on the grid without overlap, each query on the provisioned source', () => {
    const dashboards = readDashboards();
    expect(dashboards.map(({ file }) => file)).toEqual(['platform-api.json']);
    const uids = new Set(datasources.datasources.map((source) => source.uid));
    for (const { file, dashboard } of dashboards) {
      expect(dashboard.uid, file).toMatch(/^[a-z0-9-]{1,40}$/);
      expect(dashboard.title, file).toBeTruthy();
      expect(dashboard.schemaVersion, file).toBeGreaterThanOrEqual(39);
      const ids = dashboard.panels.map((panel) => panel.id);
      expect(new Set(ids).size, file).toBe(ids.length);
      const panels = dashboard.panels.filter((panel) => panel.type !== 'row');
      expect(panels.length).toBeGreaterThan(10);
      for (const panel of dashboard.panels) {
        const { x, y, w, h } = panel.gridPos;
        expect([x, y, w, h].every(Number.isInteger), panel.title).toBe(true);
        expect(x >= 0 && w > 0 && x + w <= 24 && y >= 0 && h > 0, panel.title).toBe(true);
        for (const other of dashboard.panels)
          if (other !== panel) expect(overlap(panel, other), `${panel.title} / ${other.title}`).toBe(false);
      }
      for (const panel of panels) {
        expect(['timeseries', 'stat', 'gauge', 'bargauge', 'table'], panel.title).toContain(panel.type);
        expect(uids.has(panel.datasource?.uid ?? ''), panel.title).toBe(true);
        const targets = panel.targets ?? [];
        expect(targets.length, panel.title).toBeGreaterThan(0);
        expect(new Set(targets.map((target) => target.refId)).size, panel.title).toBe(targets.length);
        for (const target of targets) {
          expect(uids.has(target.datasource?.uid ?? panel.datasource?.uid ?? ''), panel.title).toBe(true);
          expect(target.expr.trim(), panel.title).not.toBe('');
          expect(balanced(target.expr), `${panel.title}: ${target.expr}`).toBe(true);
        }
      }
    }
  });
});
