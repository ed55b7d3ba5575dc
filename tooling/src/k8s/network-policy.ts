/**
 * Kubernetes NetworkPolicy semantics (networking.k8s.io/v1), enough to say whether a policy set lets one pod open a
 * connection to another: a pod no policy of a type selects is open in that direction; once one does, only what
 * some rule of those policies allows gets through (ingress at the destination, egress at the source, both needed).
 * No cluster, no CNI: what the API server's documentation says a conforming plug-in does.
 */

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}

export interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}

export interface PolicyPort {
  protocol?: 'TCP' | 'UDP' | 'SCTP';
  port?: number | string;
  endPort?: number;
}

export interface PolicyRule {
  from?: PolicyPeer[];
  to?: PolicyPeer[];
  ports?: PolicyPort[];
}

export interface NetworkPolicySpec {
  podSelector: LabelSelector;
  policyTypes?: ('Ingress' | 'Egress')[];
  ingress?: PolicyRule[];
  egress?: PolicyRule[];
}

export interface NetworkPolicyObject {
  metadata: { name: string; namespace?: string };
  spec: NetworkPolicySpec;
}

/** A pod: its namespace (with the namespace's labels) and its own labels. */
export interface PodRef {
  namespace: string;
  namespaceLabels: Record<string, string>;
  labels: Record<string, string>;
}

/** One end of a connection: a pod, or an address outside the cluster's pods. */
export type Endpoint = ({ kind: 'pod' } & PodRef) | { kind: 'address'; ip: string };

/** The port a connection is opened to, with the name the destination pod's container gives it, if any. */
export interface TargetPort {
  port: number;
  name?: string;
  protocol: 'TCP' | 'UDP';
}

export function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return key in labels && values.includes(labels[key]!);
      case 'NotIn':
        return !(key in labels) || !values.includes(labels[key]!);
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
    }
  });
  return byLabels && byExpressions;
}

/** An IPv4 address as a number; null for anything else (IPv6 blocks are left to IPv6 addresses, which none here are). */
function ipv4(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

export function inCidr(ip: string, cidr: string): boolean {
  const [network = '', bits = '32'] = cidr.split('/');
  const address = ipv4(ip);
  const base = ipv4(network);
  if (address === null || base === null) return false;
  const size = 2 ** (32 - Number(bits));
  return Math.floor(address / size) === Math.floor(base / size);
}

function peerMatches(peer: PolicyPeer, endpoint: Endpoint, policyNamespace: string): boolean {
  if (peer.ipBlock) {
    // Pods' own addresses are the plug-in's business (most ignore ipBlock for them): an ipBlock is for the outside.
    if (endpoint.kind !== 'address') return false;
    return inCidr(endpoint.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((cidr) => inCidr(endpoint.ip, cidr));
  }
  if (endpoint.kind !== 'pod') return false;
  const namespaceMatches = peer.namespaceSelector
    ? selects(peer.namespaceSelector, endpoint.namespaceLabels)
    : endpoint.namespace === policyNamespace;
  return namespaceMatches && selects(peer.podSelector, endpoint.labels);
}

function portMatches(ports: PolicyPort[] | undefined, target: TargetPort): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((entry) => {
    if ((entry.protocol ?? 'TCP') !== target.protocol) return false;
    if (entry.port === undefined) return true;
    if (typeof entry.port === 'string') return entry.port === target.name;
    return entry.endPort === undefined ? entry.port === target.port : target.port >= entry.port && target.port <= entry.endPort;
  });
}

function ruleAllows(rule: PolicyRule, peers: PolicyPeer[] | undefined, endpoint: Endpoint, target: TargetPort, namespace: string) {
  return (!peers || peers.length === 0 || peers.some((peer) => peerMatches(peer, endpoint, namespace))) && portMatches(rule.ports, target);
}

function policyTypesOf(spec: NetworkPolicySpec): ('Ingress' | 'Egress')[] {
  return spec.policyTypes ?? (spec.egress ? ['Ingress', 'Egress'] : ['Ingress']);
}

/** The policies of `namespace` that select `pod` for `type`. */
export function policiesSelecting(
  policies: NetworkPolicyObject[],
  namespace: string,
  pod: PodRef,
  type: 'Ingress' | 'Egress',
): NetworkPolicyObject[] {
  if (pod.namespace !== namespace) return [];
  return policies.filter((policy) => policyTypesOf(policy.spec).includes(type) && selects(policy.spec.podSelector, pod.labels));
}

/**
 * Whether the policies (all in `namespace`) let `source` open a connection to `destination` on `target`. A port
 * named in a rule is the destination pod's container port of that name, for egress too, so an egress rule to an
 * address must name it by number.
 */
export function allows(
  policies: NetworkPolicyObject[],
  namespace: string,
  source: Endpoint,
  destination: Endpoint,
  target: TargetPort,
): boolean {
  if (destination.kind === 'pod') {
    const selecting = policiesSelecting(policies, namespace, destination, 'Ingress');
    if (
      selecting.length > 0 &&
      !selecting.some((policy) => (policy.spec.ingress ?? []).some((rule) => ruleAllows(rule, rule.from, source, target, namespace)))
    )
      return false;
  }
  if (source.kind === 'pod') {
    const selecting = policiesSelecting(policies, namespace, source, 'Egress');
    const named = destination.kind === 'pod' ? target : { ...target, name: undefined };
    if (
      selecting.length > 0 &&
      !selecting.some((policy) => (policy.spec.egress ?? []).some((rule) => ruleAllows(rule, rule.to, destination, named, namespace)))
    )
      return false;
  }
  return true;
}
