import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../processes.js';

/** deploy/k8s as kustomize reads it: the base's kustomization, its objects, and the production overlay. */
const K8S_DIR = path.join(REPO_ROOT, 'deploy', 'k8s');
export const BASE_DIR = path.join(K8S_DIR, 'base');
const OVERLAY_DIR = path.join(K8S_DIR, 'overlays', 'production');

export interface Kustomization {
  namespace?: string;
  resources?: string[];
  configMapGenerator?: { name: string; files: string[] }[];
  images?: { name: string; newTag?: string; newName?: string }[];
}

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  // The shapes differ by kind; each check reads the fields its kind has.
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  data?: Record<string, string>;
}

export interface Container {
  name: string;
  image: string;
  ports?: { name: string; containerPort: number }[];
  livenessProbe?: { httpGet?: { port: string } };
  readinessProbe?: { httpGet?: { port: string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}

function readYaml<T>(file: string): T[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map((error) => error.message).join('; ')}`);
    return document.toJS() as T;
  });
}

export const kustomization = readYaml<Kustomization>(path.join(BASE_DIR, 'kustomization.yaml'))[0]!;
export const overlay = readYaml<Kustomization>(path.join(OVERLAY_DIR, 'kustomization.yaml'))[0]!;
export const manifests = (kustomization.resources ?? []).flatMap((file) => readYaml<Manifest>(path.join(BASE_DIR, file)));
export const ofKind = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);
export const deployments = ofKind('Deployment');
export const deploymentNamed = (name: string) => deployments.find((deployment) => deployment.metadata.name === name);
/** The pods a selector picks: the Deployments whose template labels hold all of its labels. */
export const selected = (matchLabels: Record<string, string>) =>
  deployments.filter((deployment) =>
    Object.entries(matchLabels).every(([key, value]) => deployment.spec.template.metadata.labels[key] === value),
  );
export const containersOf = (deployment: Manifest): Container[] => deployment.spec.template.spec.containers;
export const portNamesOf = (deployment: Manifest) =>
  containersOf(deployment).flatMap((container) => (container.ports ?? []).map((port) => port.name));
