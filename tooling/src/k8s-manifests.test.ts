import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Service } from 'kubernetes-models/v1/Service';
import { BRAND_IDS } from 'shared-contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from './processes.js';
import { checkNginxConfig } from './topology/nginx.js';

/**
 * deploy/k8s (README "Operating the platform") as a cluster would take it, without a cluster: every object of the
 * base against the Kubernetes API schemas (kubernetes-models), the CloudNativePG Cluster against the fields of its
 * CRD, and the references between objects (selectors, ports, probes, autoscaler and budget targets, Ingress
 * backends and TLS hosts), what kustomize reads, and the edge's nginx file with nginx -t.
 */
const K8S_DIR = path.join(REPO_ROOT, 'deploy', 'k8s');
const BASE_DIR = path.join(K8S_DIR, 'base');
const OVERLAY_DIR = path.join(K8S_DIR, 'overlays', 'production');

interface Kustomization {
  resources?: string[];
  configMapGenerator?: { name: string; files: string[] }[];
  images?: { name: string; newTag?: string; newName?: string }[];
}

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  // The shapes differ by kind; each check reads the fields its kind has.
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  data?: Record<string, string>;
}

function readYaml<T>(file: string): T[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map((error) => error.message).join('; ')}`);
    return document.toJS() as T;
  });
}

const kustomization = readYaml<Kustomization>(path.join(BASE_DIR, 'kustomization.yaml'))[0]!;
const overlay = readYaml<Kustomization>(path.join(OVERLAY_DIR, 'kustomization.yaml'))[0]!;
const manifests = (kustomization.resources ?? []).flatMap((file) => readYaml<Manifest>(path.join(BASE_DIR, file)));
const ofKind = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);
const deployments = ofKind('Deployment');
const deploymentNamed = (name: string) => deployments.find((deployment) => deployment.metadata.name === name);
/** The pods a selector picks: the Deployments whose template labels hold all of its labels. */
const selected = (matchLabels: Record<string, string>) =>
  deployments.filter((deployment) =>
    Object.entries(matchLabels).every(([key, value]) => deployment.spec.template.metadata.labels[key] === value),
  );
interface Container {
  name: string;
  image: string;
  ports?: { name: string; containerPort: number }[];
  livenessProbe?: { httpGet?: { port: string } };
  readinessProbe?: { httpGet?: { port: string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
const containersOf = (deployment: Manifest): Container[] => deployment.spec.template.spec.containers;
const portNamesOf = (deployment: Manifest) =>
  containersOf(deployment).flatMap((container) => (container.ports ?? []).map((port) => port.name));

/** The Kubernetes API schemas of each built-in kind the base uses. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1 Ingress': Ingress,
  'networking.k8s.io/v1 NetworkPolicy': NetworkPolicy,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'v1 ConfigMap': ConfigMap,
  'v1 Namespace': Namespace,
  'v1 Service': Service,
};

/**
 * The CloudNativePG Cluster (postgresql.cnpg.io/v1) as its CRD's openAPIV3Schema describes the fields used here:
 * the spec's own field names (a misspelt one is refused, as the API server's pruning would silently drop it), the
 * types of the ones the base sets, and what the operator requires.
 */
const CNPG_CLUSTER_SCHEMA = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { const: 'postgresql.cnpg.io/v1' },
    kind: { const: 'Cluster' },
    metadata: { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' } } },
    spec: {
      type: 'object',
      required: ['instances', 'storage'],
      additionalProperties: false,
      properties: {
        instances: { type: 'integer', minimum: 1 },
        imageName: { type: 'string', pattern: ':[0-9]+(\\.[0-9]+)*' },
        primaryUpdateStrategy: { enum: ['unsupervised', 'supervised'] },
        primaryUpdateMethod: { enum: ['switchover', 'restart'] },
        postgresql: {
          type: 'object',
          additionalProperties: false,
          properties: {
            parameters: { type: 'object', additionalProperties: { type: 'string' } },
            pg_hba: { type: 'array' },
            shared_preload_libraries: { type: 'array' },
          },
        },
        bootstrap: {
          type: 'object',
          additionalProperties: false,
          properties: {
            initdb: { type: 'object', properties: { database: { type: 'string' }, owner: { type: 'string' }, secret: { type: 'object' } } },
            recovery: { type: 'object' },
            pg_basebackup: { type: 'object' },
          },
        },
        storage: {
          type: 'object',
          additionalProperties: false,
          properties: {
            size: { type: 'string', pattern: '^[0-9]+(Mi|Gi|Ti)$' },
            storageClass: { type: 'string' },
            resizeInUseVolumes: { type: 'boolean' },
            pvcTemplate: { type: 'object' },
          },
        },
        walStorage: { type: 'object' },
        resources: {
          type: 'object',
          additionalProperties: false,
          properties: {
            requests: { type: 'object', additionalProperties: { type: 'string' } },
            limits: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
        affinity: {
          type: 'object',
          additionalProperties: false,
          properties: {
            enablePodAntiAffinity: { type: 'boolean' },
            topologyKey: { type: 'string' },
            podAntiAffinityType: { enum: ['preferred', 'required'] },
            nodeSelector: { type: 'object' },
            tolerations: { type: 'array' },
          },
        },
        monitoring: {
          type: 'object',
          additionalProperties: false,
          properties: { enablePodMonitor: { type: 'boolean' }, customQueriesConfigMap: { type: 'array' } },
        },
        backup: { type: 'object' },
        superuserSecret: { type: 'object' },
        enableSuperuserAccess: { type: 'boolean' },
        description: { type: 'string' },
        inheritedMetadata: { type: 'object' },
        minSyncReplicas: { type: 'integer' },
        maxSyncReplicas: { type: 'integer' },
        managed: { type: 'object' },
        certificates: { type: 'object' },
        logLevel: { enum: ['error', 'warning', 'info', 'debug', 'trace'] },
        priorityClassName: { type: 'string' },
        topologySpreadConstraints: { type: 'array' },
        enablePDB: { type: 'boolean' },
      },
    },
  },
};

const workDir = mkdtempSync(path.join(tmpdir(), 'k8s-manifests-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('deploy/k8s', () => {
  it('names only files that exist (kustomize), and the remotes.json of compose', () => {
    for (const file of kustomization.resources ?? []) expect(existsSync(path.join(BASE_DIR, file)), file).toBe(true);
    for (const generator of kustomization.configMapGenerator ?? []) {
      for (const file of generator.files) expect(existsSync(path.join(BASE_DIR, file.split('=').pop()!)), file).toBe(true);
    }
    expect(overlay.resources).toEqual(['../../base']);
    expect(readFileSync(path.join(BASE_DIR, 'remotes.json'), 'utf8')).toBe(
      readFileSync(path.join(REPO_ROOT, 'tooling', 'docker', 'remotes.production.json'), 'utf8'),
    );
  });

  it('validates every object against the Kubernetes API schemas', () => {
    expect(manifests.length).toBeGreaterThan(25);
    const problems: string[] = [];
    for (const manifest of manifests) {
      if (manifest.kind === 'Cluster') continue;
      const Model = MODELS[`${manifest.apiVersion} ${manifest.kind}`];
      if (!Model) {
        problems.push(`${manifest.apiVersion} ${manifest.kind} ${manifest.metadata.name}: no schema for this kind`);
        continue;
      }
      try {
        new Model(manifest as never).validate();
      } catch (error) {
        problems.push(`${manifest.kind} ${manifest.metadata.name}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
    // And the schemas do refuse a wrong object.
    const broken = structuredClone(deploymentNamed('api')!);
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect(() => new Deployment(broken as never).validate()).toThrow(/containerPort must be integer/);
  });

  it('runs PostgreSQL through a CloudNativePG Cluster of three instances that the API reads its URL from', () => {
    const clusters = ofKind('Cluster');
    expect(clusters.map((cluster) => cluster.metadata.name)).toEqual(['platform-db']);
    const validate = new Ajv({ strict: false, allErrors: true }).compile(CNPG_CLUSTER_SCHEMA);
    expect(validate(clusters[0]) ? [] : validate.errors).toEqual([]);
    expect(validate({ ...clusters[0], spec: { ...clusters[0]!.spec, storgae: { size: '1Gi' } } })).toBe(false);
    expect(clusters[0]?.spec.instances).toBeGreaterThanOrEqual(3);
    // CloudNativePG names the application Secret <cluster>-app, with the connection URL under `uri`.
    const api = containersOf(deploymentNamed('api')!)[0] as Container & {
      env: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
    };
    expect(api.env.find((variable) => variable.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({
      name: 'platform-db-app',
      key: 'uri',
    });
  });

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

  it('names every image of the base in the production overlay', () => {
    const images = [
      ...new Set(deployments.flatMap((deployment) => containersOf(deployment).map((container) => container.image.split(':')[0]))),
    ];
    expect((overlay.images ?? []).map((image) => image.name).sort()).toEqual(images.sort());
  });

  it('has an edge nginx file that passes nginx -t, with the Service names as loopback addresses', () => {
    const edge = readFileSync(path.join(BASE_DIR, 'nginx-edge.conf'), 'utf8')
      .replace(/^( {2}server )[a-z-]+(:\d+;)$/gm, '$1127.0.0.1$2')
      .replace('proxy_cache_path /var/cache/nginx/fragments ', `proxy_cache_path ${path.join(workDir, 'fragments')} `)
      .replace(/listen (\d+)/g, (_match, port: string) => `listen 127.0.0.1:${Number(port) + 21000}`);
    expect(() => checkNginxConfig(path.join(workDir, 'edge'), edge)).not.toThrow();
    expect(() => checkNginxConfig(path.join(workDir, 'edge-broken'), edge.replace('ssi on;', 'ssi maybe;'))).toThrow(/nginx refused/);
  });
});
