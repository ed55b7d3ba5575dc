import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BRAND_IDS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { BASE_DIR, type Container, containersOf, deploymentNamed, deployments, ofKind, portNamesOf, selected } from './base-manifests.js';

/**
 * The references between the objects of deploy/k8s, as the cluster would resolve them: selectors, ports, probes,
 * autoscaler and budget targets, Ingress backends and TLS hosts, and which namespaces reach which port.
 */
describe('deploy/k8s wiring', () => {
  it('gives every container liveness and readiness probes on its own ports, resource requests and a memory limit', () => {
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual([
      'account',
      'account-fragments',
      'api',
      'catalog',
      'catalog-fragments',
      'edge',
      'shell',
      'shell-pages',
      'support',
      'support-fragments',
    ]);
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      expect(selected(deployment.spec.selector.matchLabels), name).toEqual([deployment]);
      for (const container of containersOf(deployment)) {
        expect(container.livenessProbe, name).toBeDefined();
        expect(container.readinessProbe, name).toBeDefined();
        for (const probe of [container.livenessProbe, container.readinessProbe]) {
          if (probe?.httpGet) expect(portNamesOf(deployment), name).toContain(probe.httpGet.port);
        }
        expect(Object.keys(container.resources?.requests ?? {}).sort(), name).toEqual(['cpu', 'memory']);
        expect(container.resources?.limits?.memory, name).toMatch(/^\d+(Mi|Gi)$/);
        expect(container.image, name).toMatch(/^registry\.example\.com\/platform\/[a-z-]+:\d+\.\d+\.\d+$/);
      }
    }
  });

  it("separates the API's liveness (/health) from its readiness (/ready)", () => {
    const [api] = containersOf(deploymentNamed('api')!) as (Container & {
      livenessProbe: { httpGet: { path: string } };
      readinessProbe: { httpGet: { path: string } };
    })[];
    expect(api?.livenessProbe.httpGet.path).toBe('/health');
    expect(api?.readinessProbe.httpGet.path).toBe('/ready');
  });

  it('has each Service select a Deployment and reach named ports of its containers', () => {
    for (const service of ofKind('Service')) {
      const [target, ...others] = selected(service.spec.selector);
      expect(target, service.metadata.name).toBeDefined();
      expect(others).toEqual([]);
      for (const port of service.spec.ports as { targetPort: string }[])
        expect(portNamesOf(target!), service.metadata.name).toContain(port.targetPort);
    }
  });

  it('scales the API (and the edge) with a HorizontalPodAutoscaler and keeps every Deployment under a PodDisruptionBudget', () => {
    const autoscalers = ofKind('HorizontalPodAutoscaler');
    for (const autoscaler of autoscalers) {
      expect(deploymentNamed(autoscaler.spec.scaleTargetRef.name), autoscaler.metadata.name).toBeDefined();
      expect(autoscaler.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(autoscaler.spec.maxReplicas).toBeGreaterThan(autoscaler.spec.minReplicas);
    }
    expect(autoscalers.map((autoscaler) => autoscaler.spec.scaleTargetRef.name)).toContain('api');
    const budgets = ofKind('PodDisruptionBudget');
    const covered = budgets.flatMap((budget) => selected(budget.spec.selector.matchLabels).map((deployment) => deployment.metadata.name));
    expect(covered.sort()).toEqual(deployments.map((deployment) => deployment.metadata.name).sort());
    const apiBudget = budgets.find((budget) => budget.metadata.name === 'api');
    expect(apiBudget?.spec.minAvailable).toBeLessThan(
      ofKind('HorizontalPodAutoscaler').find((autoscaler) => autoscaler.metadata.name === 'api')?.spec.minReplicas,
    );
  });

  it('serves every brand host over TLS through the Ingress, to the edge, and the static hosts to their origins', () => {
    const [ingress] = ofKind('Ingress');
    const tlsHosts = (ingress?.spec.tls as { hosts: string[]; secretName: string }[]).flatMap((entry) => entry.hosts);
    const rules = ingress?.spec.rules as {
      host: string;
      http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] };
    }[];
    for (const rule of rules) {
      expect(tlsHosts, rule.host).toContain(rule.host);
      for (const { backend } of rule.http.paths) {
        const service = ofKind('Service').find((candidate) => candidate.metadata.name === backend.service.name);
        expect(
          (service?.spec.ports as { name: string }[]).map((port) => port.name),
          rule.host,
        ).toContain(backend.service.port.name);
      }
    }
    for (const brand of BRAND_IDS) expect(rules.map((rule) => rule.host)).toContain(`${brand}.example.com`);
    const remotesJson = JSON.parse(readFileSync(path.join(BASE_DIR, 'remotes.json'), 'utf8')) as Record<string, string>;
    for (const url of Object.values(remotesJson)) {
      const host = new URL(url).hostname;
      const rule = rules.find((candidate) => candidate.host === host);
      expect(rule?.http.paths[0]?.backend.service.name, host).toBe(host.split('.')[0]);
    }
  });

  it("keeps the API's metrics port out of every route: only the monitoring namespace reaches it", () => {
    const api = ofKind('NetworkPolicy').find((policy) => policy.metadata.name === 'api');
    const ingressRules = api?.spec.ingress as {
      from: { namespaceSelector?: { matchLabels: Record<string, string> } }[];
      ports: { port: string }[];
    }[];
    const metricsRule = ingressRules.find((rule) => rule.ports.some((port) => port.port === 'metrics'));
    expect(metricsRule?.from).toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }]);
    const edgeConfig = readFileSync(path.join(BASE_DIR, 'nginx-edge.conf'), 'utf8');
    expect(edgeConfig).not.toContain('9464');
    expect(JSON.stringify(ofKind('Ingress'))).not.toContain('metrics');
  });
});
