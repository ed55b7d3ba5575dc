import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from './processes.js';

/**
 * The monitoring files docker-compose.yml mounts (README "Operating the platform"): Prometheus's configuration and
 * alert rules, and Grafana's provisioning and dashboards. Read here for the checks of `npm test`: their structure
 * (tooling/src/monitoring-config.test.ts) and that every series they query is one the API exports
 * (api/test/monitoring.test.ts).
 */
export const DOCKER_DIR = path.join(REPO_ROOT, 'tooling', 'docker');
export const PROMETHEUS_DIR = path.join(DOCKER_DIR, 'prometheus');
export const GRAFANA_DIR = path.join(DOCKER_DIR, 'grafana');
export const DASHBOARDS_DIR = path.join(GRAFANA_DIR, 'dashboards');

export interface DashboardTarget {
  refId: string;
  expr: string;
  datasource?: { type?: string; uid?: string };
  [key: string]: unknown;
}

export interface DashboardPanel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: { type?: string; uid?: string };
  targets?: DashboardTarget[];
  [key: string]: unknown;
}

export interface Dashboard {
  uid: string;
  title: string;
  schemaVersion: number;
  panels: DashboardPanel[];
  [key: string]: unknown;
}

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** Every dashboard JSON file, by file name, parsed. */
export function readDashboards(): { file: string; dashboard: Dashboard }[] {
  return readdirSync(DASHBOARDS_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({ file, dashboard: JSON.parse(readFileSync(path.join(DASHBOARDS_DIR, file), 'utf8')) as Dashboard }));
}

export function readYamlFile<T>(file: string): T {
  return parse(readFileSync(file, 'utf8')) as T;
}

/** The alert rules of every group in prometheus/alerts.yml. */
export function readAlertRules(): AlertRule[] {
  const rules = readYamlFile<{ groups: { name: string; rules: AlertRule[] }[] }>(path.join(PROMETHEUS_DIR, 'alerts.yml'));
  return rules.groups.flatMap((group) => group.rules);
}

/** Every PromQL query of the dashboards and alert rules, with where it comes from. */
export function monitoringQueries(): { where: string; expr: string }[] {
  const panels = readDashboards().flatMap(({ file, dashboard }) =>
    dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).map((target) => ({ where: `${file} "${panel.title}" ${target.refId}`, expr: target.expr })),
    ),
  );
  const alerts = readAlertRules().map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr }));
  return [...panels, ...alerts];
}

/**
 * The series names a PromQL query selects: a name followed by a label matcher, a range or the end of the selector,
 * among the API's own (`platform_`), prom-client's process ones (`process_`, `nodejs_`) and Prometheus's `up`.
 * Functions, aggregations and label names are never followed by `{` or `[` with those prefixes.
 */
export function seriesIn(expr: string): string[] {
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const names = [...withoutStrings.matchAll(/\b((?:platform|process|nodejs)_[a-z0-9_]+|up)\b(?=\s*(?:\{|\[|\)|$|\s*[=!<>*/+-]))/g)].map(
    (match) => match[1]!,
  );
  return [...new Set(names)];
}
