import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASE_DIR, containersOf, deployments, kustomization, type Manifest, ofKind } from './base-manifests.js';
import { allows, type Endpoint, inCidr, type NetworkPolicyObject, type PodRef, policiesSelecting, selects } from './network-policy.js';

/**
 * network-policies.yaml against who talks to whom, as the manifests themselves say it: the URLs in each pod's
 * environment (its env, the ConfigMaps it reads, the CloudNativePG Secret its DATABASE_URL comes from), the edge's
 * nginx upstreams, the Ingress's backends, the pods Prometheus is told to scrape, and what CloudNativePG needs. Every
 * such connection must be allowed and nothing else into the namespace's pods, nor out of a pod with an egress policy.
 */

const NAMESPACE = kustomization.namespace!;

interface NamedPort {
  name?: string;
  port: number;
  protocol: 'TCP' | 'UDP';
}

interface Node {
  name: string;
  endpoint: { kind: 'pod' } & PodRef;
  ports: NamedPort[];
}

const podOf = (namespace: string, labels: Record<string, string>): Node['endpoint'] => ({
  kind: 'pod',
  namespace,
  namespaceLabels: { 'kubernetes.io/metadata.name': namespace },
  labels,
});

/** An instance of a CloudNativePG Cluster: its labels and container ports as the operator makes them. */
const CNPG_INSTANCE_PORTS: NamedPort[] = [
  { name: 'postgresql', port: 5432, protocol: 'TCP' },
  { name: 'status', port: 8000, protocol: 'TCP' },
  { name: 'metrics', port: 9187, protocol: 'TCP' },
];

const clusters = ofKind('Cluster');
const workloads: Node[] = [
  ...deployments.map((deployment) => ({
    name: deployment.metadata.name,
    endpoint: podOf(NAMESPACE, deployment.spec.template.metadata.labels),
    ports: containersOf(deployment).flatMap((container) =>
      (container.ports ?? []).map((port) => ({
        name: port.name,
        port: port.containerPort,
        protocol: (port as { protocol?: 'TCP' | 'UDP' }).protocol ?? 'TCP',
      })),
    ),
  })),
  ...clusters.map((cluster) => ({
    name: cluster.metadata.name,
    endpoint: podOf(NAMESPACE, { 'cnpg.io/cluster': cluster.metadata.name, 'cnpg.io/podRole': 'instance' }),
    ports: CNPG_INSTANCE_PORTS,
  })),
];
const workload = (name: string) => workloads.find((candidate) => candidate.name === name)!;

/**
 * What the manifests count on outside the namespace, as their installers name and label them by default (the
 * namespaces the policies select; docs/operations.md "Network policies" says what to change when yours differ).
 */
const INGRESS_CONTROLLERS: Record<string, Node> = {
  nginx: {
    name: 'ingress-nginx',
    endpoint: podOf('ingress-nginx', { 'app.kubernetes.io/name': 'ingress-nginx', 'app.kubernetes.io/component': 'controller' }),
    ports: [
      { name: 'http', port: 80, protocol: 'TCP' },
      { name: 'https', port: 443, protocol: 'TCP' },
    ],
  },
};
const PROMETHEUS: Node = { name: 'prometheus', endpoint: podOf('monitoring', { 'app.kubernetes.io/name': 'prometheus' }), ports: [] };
const CNPG_OPERATOR: Node = {
  name: 'cnpg-operator',
  endpoint: podOf('cnpg-system', { 'app.kubernetes.io/name': 'cloudnative-pg' }),
  ports: [{ name: 'webhook-server', port: 9443, protocol: 'TCP' }],
};
const CLUSTER_DNS: Node = {
  name: 'kube-dns',
  endpoint: podOf('kube-system', { 'k8s-app': 'kube-dns' }),
  ports: [
    { name: 'dns', port: 53, protocol: 'UDP' },
    { name: 'dns-tcp', port: 53, protocol: 'TCP' },
  ],
};
/** Pods nothing names: a debugging pod or a workload added later, and pods of other namespaces. */
const STRANGERS: Node[] = [
  {
    name: 'stranger-in-namespace',
    endpoint: podOf(NAMESPACE, { 'app.kubernetes.io/name': 'debug' }),
    ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
  },
  { name: 'stranger-in-default', endpoint: podOf('default', { app: 'other' }), ports: [{ name: 'http', port: 8080, protocol: 'TCP' }] },
  { name: 'stranger-in-cnpg-system', endpoint: podOf('cnpg-system', { app: 'other' }), ports: [] },
];
const OUTSIDE = [...Object.values(INGRESS_CONTROLLERS), PROMETHEUS, CNPG_OPERATOR, CLUSTER_DNS];

/** The Services, and the ones CloudNativePG makes for each Cluster (-rw, -ro, -r, all on 5432). */
interface ServiceEntry {
  name: string;
  target: Node;
  ports: { name?: string; port: number; targetPort: string | number; protocol: 'TCP' | 'UDP' }[];
}
const services: ServiceEntry[] = [
  ...ofKind('Service').map((service) => ({
    name: service.metadata.name,
    target: workloads.find((candidate) => selects({ matchLabels: service.spec.selector }, candidate.endpoint.labels))!,
    ports: (service.spec.ports as ServiceEntry['ports']).map((port) => ({ ...port, protocol: port.protocol ?? 'TCP' })),
  })),
  ...clusters.flatMap((cluster) =>
    ['rw', 'ro', 'r'].map((suffix) => ({
      name: `${cluster.metadata.name}-${suffix}`,
      target: workload(cluster.metadata.name),
      ports: [{ port: 5432, targetPort: 5432, protocol: 'TCP' as const }],
    })),
  ),
];

/** A host the cluster's DNS gives a Service of the namespace: `name`, `name.<namespace>`, `name.<namespace>.svc…`. */
function serviceOf(host: string): ServiceEntry | undefined {
  const [name, namespace, ...rest] = host.split('.');
  if (namespace !== undefined && (namespace !== NAMESPACE || (rest.length > 0 && rest[0] !== 'svc'))) return undefined;
  return services.find((service) => service.name === name);
}

/** The container port a Service's port leads to. */
function targetOf(service: ServiceEntry, by: { port?: number; name?: string }): NamedPort {
  const entry = service.ports.find((port) => (by.name !== undefined ? port.name === by.name : port.port === by.port));
  if (!entry) throw new Error(`Service ${service.name} has no port ${by.name ?? by.port}`);
  const target = service.target.ports.find((port) =>
    typeof entry.targetPort === 'string' ? port.name === entry.targetPort : port.port === entry.targetPort,
  );
  if (!target) throw new Error(`Service ${service.name}: ${service.target.name} has no port ${entry.targetPort}`);
  return target;
}

interface Connection {
  from: Node;
  to: Node;
  port: NamedPort;
  why: string;
}
interface ExternalConnection {
  from: Node;
  host: string;
  port: number;
  why: string;
}
const connections: Connection[] = [];
const external: ExternalConnection[] = [];

const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443, postgres: 5432, postgresql: 5432, smtp: 587, smtps: 465 };

/** A connection from `from` to host:port: to the Service's pods inside, else out of the cluster; by name, after DNS. */
function connect(from: Node, host: string, port: number, why: string) {
  const service = serviceOf(host);
  if (service) connections.push({ from, to: service.target, port: targetOf(service, { port }), why });
  else external.push({ from, host, port, why });
  if (!/^[\d.]+$/.test(host))
    for (const dns of CLUSTER_DNS.ports) connections.push({ from, to: CLUSTER_DNS, port: dns, why: `${why}: ${host}` });
}

/** Each environment variable of a pod: its env values, its ConfigMaps' entries, and DATABASE_URL from a CloudNativePG Secret. */
function environmentOf(deployment: Manifest): { name: string; value: string }[] {
  return containersOf(deployment).flatMap((container) => {
    const { env = [], envFrom = [] } = container as {
      env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
      envFrom?: { configMapRef?: { name: string } }[];
    };
    const fromConfigMaps = envFrom.flatMap(({ configMapRef }) => {
      const configMap = ofKind('ConfigMap').find((candidate) => candidate.metadata.name === configMapRef?.name);
      return Object.entries(configMap?.data ?? {}).map(([name, value]) => ({ name, value }));
    });
    const own = env.flatMap(({ name, value, valueFrom }) => {
      if (value !== undefined) return [{ name, value }];
      // CloudNativePG's application Secret <cluster>-app: `uri` is postgresql://<owner>@<cluster>-rw.<namespace>:5432/<db>.
      const secret = valueFrom?.secretKeyRef;
      const cluster = clusters.find((candidate) => secret?.name === `${candidate.metadata.name}-app`);
      return cluster && secret?.key === 'uri' ? [{ name, value: `postgresql://${cluster.metadata.name}-rw.${NAMESPACE}:5432/` }] : [];
    });
    return [...fromConfigMaps, ...own];
  });
}

for (const deployment of deployments) {
  const from = workload(deployment.metadata.name);
  // A URL in a pod's environment is a connection it may open (REMOTE_ORIGINS, which browsers use, counts too).
  for (const { name, value } of environmentOf(deployment)) {
    for (const token of value.split(/[\s,]+/)) {
      if (!/^[a-z][a-z0-9+.-]*:\/\/[^/]/i.test(token)) continue;
      const url = new URL(token);
      const scheme = url.protocol.slice(0, -1);
      connect(from, url.hostname, Number(url.port) || DEFAULT_PORTS[scheme]!, name);
    }
  }
  // nginx's upstreams, in the configuration files a pod mounts from a generated ConfigMap.
  for (const volume of deployment.spec.template.spec.volumes ?? []) {
    const generator = (kustomization.configMapGenerator ?? []).find((candidate) => candidate.name === volume.configMap?.name);
    for (const file of (generator?.files ?? []).filter((candidate) => candidate.endsWith('.conf'))) {
      const config = readFileSync(path.join(BASE_DIR, file), 'utf8');
      for (const [, body = ''] of config.matchAll(/^upstream\s+\S+\s*\{([^}]*)\}/gm)) {
        for (const [, host = '', port = ''] of body.matchAll(/^\s*server\s+([^\s:;]+):(\d+)/gm))
          connect(from, host, Number(port), `${file} upstream`);
      }
    }
  }
  // Prometheus scrapes the pods whose template asks for it.
  const annotations = (deployment.spec.template.metadata.annotations ?? {}) as Record<string, string>;
  if (annotations['prometheus.io/scrape'] === 'true') {
    const port = from.ports.find((candidate) => candidate.port === Number(annotations['prometheus.io/port']))!;
    connections.push({ from: PROMETHEUS, to: from, port, why: 'prometheus.io/scrape' });
  }
}

for (const ingress of ofKind('Ingress')) {
  const controller = INGRESS_CONTROLLERS[ingress.spec.ingressClassName as string]!;
  for (const rule of ingress.spec.rules as {
    host: string;
    http: { paths: { backend: { service: { name: string; port: { name?: string; number?: number } } } }[] };
  }[]) {
    for (const { backend } of rule.http.paths) {
      const service = serviceOf(backend.service.name)!;
      connections.push({
        from: controller,
        to: service.target,
        port: targetOf(service, { name: backend.service.port.name, port: backend.service.port.number }),
        why: `Ingress ${rule.host}`,
      });
    }
  }
}

// CloudNativePG (its "Networking" page): the operator reaches every instance on its status port and PostgreSQL's,
// and the instances reach each other (streaming replication, a new replica's base backup, the status of the others).
for (const cluster of clusters) {
  const instances = workload(cluster.metadata.name);
  for (const name of ['status', 'postgresql']) {
    const port = instances.ports.find((candidate) => candidate.name === name)!;
    connections.push({ from: CNPG_OPERATOR, to: instances, port, why: 'CloudNativePG operator' });
    connections.push({ from: instances, to: instances, port, why: 'CloudNativePG instances' });
  }
}

// The social login providers (api/src/oauth/config.ts): each one's endpoints over HTTPS, at addresses of their own.
external.push({ from: workload('api'), host: 'social login providers', port: 443, why: 'OAUTH_*' });

const policies = ofKind('NetworkPolicy') as unknown as NetworkPolicyObject[];
const keyOf = (from: Node, to: Node, port: NamedPort) => `${from.name} → ${to.name}:${port.name ?? port.port}/${port.protocol}`;
const named = new Set(connections.map((connection) => keyOf(connection.from, connection.to, connection.port)));
const hasEgressPolicy = (node: Node) => policiesSelecting(policies, NAMESPACE, node.endpoint, 'Egress').length > 0;

/** Whether one of the egress rules of `from`'s policies lets it reach addresses outside the cluster on `port`. */
const reachesOutside = (set: NetworkPolicyObject[], from: Node, port: number) =>
  policiesSelecting(set, NAMESPACE, from.endpoint, 'Egress').some((policy) =>
    (policy.spec.egress ?? []).some(
      (rule) =>
        (!rule.to || rule.to.length === 0 || rule.to.some((peer) => peer.ipBlock)) &&
        (!rule.ports ||
          rule.ports.some((entry) => (entry.protocol ?? 'TCP') === 'TCP' && (entry.port === undefined || entry.port === port))),
    ),
  );

/** The connections a policy set refuses of those the manifests name. */
function refused(set: NetworkPolicyObject[]): string[] {
  return [
    ...connections
      .filter((connection) => !allows(set, NAMESPACE, connection.from.endpoint, connection.to.endpoint, connection.port))
      .map((connection) => `${keyOf(connection.from, connection.to, connection.port)} (${connection.why})`),
    ...external
      .filter((connection) => policiesSelecting(set, NAMESPACE, connection.from.endpoint, 'Egress').length > 0)
      .filter((connection) => !reachesOutside(set, connection.from, connection.port))
      .map((connection) => `${connection.from.name} → ${connection.host}:${connection.port} (${connection.why})`),
  ];
}

/** What a policy set lets into the namespace's pods (and a stranger's) that nothing names. */
function unnamedIngress(set: NetworkPolicyObject[]): string[] {
  const extra: string[] = [];
  for (const from of [...workloads, ...OUTSIDE, ...STRANGERS]) {
    for (const to of [...workloads, STRANGERS[0]!]) {
      for (const port of to.ports) {
        if (allows(set, NAMESPACE, from.endpoint, to.endpoint, port) && !named.has(keyOf(from, to, port)))
          extra.push(keyOf(from, to, port));
      }
    }
  }
  return extra;
}

/** The pods the policies restrict on the way out. */
const restricted = workloads.filter(hasEgressPolicy);
// The pods' network is what TRUST_PROXY names (config.yaml: the cluster's pod CIDR); an address in it stands for any pod.
const podNetwork = ofKind('ConfigMap').find((configMap) => configMap.metadata.name === 'api-config')!.data!.TRUST_PROXY!;
const podAddress = podNetwork.split('/')[0]!.replace(/\.0$/, '.7');
/** Addresses no pod needs: a pod's, the cloud's metadata service, and the other private and shared ranges. */
const PRIVATE_ADDRESSES = [podAddress, '169.254.169.254', '172.20.0.9', '192.168.1.9', '100.64.0.9'];
/** An address on the Internet (TEST-NET-3): what a pod with an egress policy may reach there is what it names outside. */
const PUBLIC_ADDRESS = '203.0.113.7';
const PROBED_PORTS = [22, 25, 53, 80, 443, 465, 587, 3306, 5432, 6443, 8080, 9000];

/** What a policy set lets out of the pods meant to be restricted that nothing names. */
function unnamedEgress(set: NetworkPolicyObject[]): string[] {
  const extra: string[] = [];
  for (const from of restricted) {
    for (const to of [...workloads, ...OUTSIDE, ...STRANGERS]) {
      for (const port of to.ports) {
        if (allows(set, NAMESPACE, from.endpoint, to.endpoint, port) && !named.has(keyOf(from, to, port)))
          extra.push(keyOf(from, to, port));
      }
    }
    const externalPorts = new Set(external.filter((connection) => connection.from === from).map((connection) => connection.port));
    for (const port of PROBED_PORTS) {
      for (const protocol of ['TCP', 'UDP'] as const) {
        const target = { port, protocol };
        for (const ip of PRIVATE_ADDRESSES) {
          if (allows(set, NAMESPACE, from.endpoint, { kind: 'address', ip }, target))
            extra.push(`${from.name} → ${ip}:${port}/${protocol}`);
        }
        const outside: Endpoint = { kind: 'address', ip: PUBLIC_ADDRESS };
        if (allows(set, NAMESPACE, from.endpoint, outside, target) && !(protocol === 'TCP' && externalPorts.has(port)))
          extra.push(`${from.name} → ${PUBLIC_ADDRESS}:${port}/${protocol}`);
      }
    }
  }
  return extra;
}

describe('deploy/k8s network policies', () => {
  it('reads a policy as Kubernetes does: a pod selector alone is the policy namespace, both selectors are one peer', () => {
    const policy = (from: NetworkPolicyObject['spec']['ingress']) => [
      { metadata: { name: 'p' }, spec: { podSelector: { matchLabels: { role: 'db' } }, policyTypes: ['Ingress' as const], ingress: from } },
    ];
    const db = podOf('here', { role: 'db' });
    const port = { name: 'pg', port: 5432, protocol: 'TCP' as const };
    const appHere = podOf('here', { role: 'app' });
    const appThere = podOf('there', { role: 'app' });
    const byPod = policy([{ from: [{ podSelector: { matchLabels: { role: 'app' } } }], ports: [{ port: 'pg' }] }]);
    expect(allows(byPod, 'here', appHere, db, port)).toBe(true);
    expect(allows(byPod, 'here', appThere, db, port)).toBe(false);
    expect(allows(byPod, 'here', appHere, db, { ...port, name: 'other' })).toBe(false);
    const both = policy([
      {
        from: [
          { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'there' } }, podSelector: { matchLabels: { role: 'app' } } },
        ],
      },
    ]);
    expect(allows(both, 'here', appThere, db, port)).toBe(true);
    expect(allows(both, 'here', podOf('there', { role: 'web' }), db, port)).toBe(false);
    expect(allows(both, 'here', appHere, db, port)).toBe(false);
    // A pod no policy selects is open; an address outside a block's exceptions is in it.
    expect(allows(byPod, 'here', appThere, podOf('here', { role: 'web' }), port)).toBe(true);
    expect(inCidr('10.1.2.3', '10.0.0.0/8')).toBe(true);
    expect(inCidr('11.1.2.3', '10.0.0.0/8')).toBe(false);
  });

  it('derives who talks to whom from the manifests', () => {
    expect([...named].sort()).toEqual(
      expect.arrayContaining([
        'api → platform-db:postgresql/TCP',
        'api → kube-dns:dns/UDP',
        'edge → api:http/TCP',
        'edge → shell-pages:http/TCP',
        'edge → support-fragments:http/TCP',
        'edge → shell:http/TCP',
        'account-fragments → edge:internal-api/TCP',
        'ingress-nginx → edge:http/TCP',
        'ingress-nginx → catalog:http/TCP',
        'prometheus → api:metrics/TCP',
        'cnpg-operator → platform-db:status/TCP',
        'platform-db → platform-db:postgresql/TCP',
      ]),
    );
    expect(named.has('ingress-nginx → shell:http/TCP')).toBe(false);
    expect(
      external.filter((connection) => connection.from.name === 'api').map((connection) => `${connection.host}:${connection.port}`),
    ).toEqual(expect.arrayContaining(['s3.example.net:443', 'mail-relay.example.net:587', 'social login providers:443']));
  });

  it('allows every connection the manifests name', () => {
    expect(refused(policies)).toEqual([]);
  });

  it("denies by default, and gives each workload's pods a policy of their own with rules that name peers and ports", () => {
    const defaultDeny = policies.filter(
      (policy) =>
        Object.keys(policy.spec.podSelector).length === 0 &&
        policy.spec.policyTypes?.includes('Ingress') &&
        (policy.spec.ingress ?? []).length === 0,
    );
    expect(defaultDeny.map((policy) => policy.metadata.name)).toHaveLength(1);
    for (const node of workloads) {
      const own = policiesSelecting(policies, NAMESPACE, node.endpoint, 'Ingress').filter(
        (policy) => (policy.spec.ingress ?? []).length > 0,
      );
      expect(own.length, node.name).toBeGreaterThan(0);
    }
    const empty = (selector: object | undefined) =>
      selector !== undefined && Object.keys(selector).every((key) => Object.keys((selector as Record<string, object>)[key]!).length === 0);
    for (const policy of policies) {
      for (const [direction, rules] of [
        ['ingress', policy.spec.ingress ?? []],
        ['egress', policy.spec.egress ?? []],
      ] as const) {
        for (const rule of rules) {
          const peers = (direction === 'ingress' ? rule.from : rule.to) ?? [];
          const where = `${policy.metadata.name} ${direction} ${JSON.stringify(rule)}`;
          expect(peers.length, where).toBeGreaterThan(0);
          expect(rule.ports?.length, where).toBeGreaterThan(0);
          for (const peer of peers) {
            // An empty selector is every pod (of the namespace, or of every namespace): never what a rule means here.
            expect(empty(peer.podSelector) && !peer.namespaceSelector, where).toBe(false);
            expect(empty(peer.namespaceSelector), where).toBe(false);
            if (direction === 'ingress') expect(peer.ipBlock, where).toBeUndefined();
          }
        }
      }
    }
  });

  it('lets nothing else into the pods of the namespace', () => {
    expect(unnamedIngress(policies)).toEqual([]);
  });

  it('lets the API out to what it names alone: not to the pods, the cluster network or the cloud metadata', () => {
    expect(restricted.map((node) => node.name)).toContain('api');
    expect(unnamedEgress(policies)).toEqual([]);
  });

  it('needs each of its policies: without one, a named connection is refused or an unnamed one let through', () => {
    for (const policy of policies) {
      const without = policies.filter((candidate) => candidate !== policy);
      expect([...refused(without), ...unnamedIngress(without), ...unnamedEgress(without)].length, policy.metadata.name).toBeGreaterThan(0);
    }
    // And a policy that lets every pod of the namespace in is caught.
    expect(inCidr(podAddress, podNetwork)).toBe(true);
    const database = workload('platform-db');
    const open = policies.map((policy) =>
      selects(policy.spec.podSelector, database.endpoint.labels) && (policy.spec.ingress ?? []).length > 0
        ? { ...policy, spec: { ...policy.spec, ingress: [{ from: [{ podSelector: {} }] }] } }
        : policy,
    );
    expect(unnamedIngress(open)).toContain('edge → platform-db:postgresql/TCP');
  });
});
