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
import { afterAll, describe, expect, it } from 'vitest';
import {
  BASE_DIR,
  type Container,
  containersOf,
  deploymentNamed,
  deployments,
  kustomization,
  manifests,
  ofKind,
  overlay,
} from './base-manifests.js';
import { CNPG_CLUSTER_SCHEMA } from './cnpg-cluster-schema.js';
import { REPO_ROOT } from '../processes.js';
import { checkNginxConfig } from '../topology/nginx.js';

/**
 * deploy/k8s (README "Operating the platform") as a cluster would take it, without a cluster: what kustomize reads,
 * every object of the base against the Kubernetes API schemas (kubernetes-models), the CloudNativePG Cluster against
 * the fields of its CRD, the images the overlay names, and the edge's nginx file with nginx -t. How the objects refer
 * to each other is wiring.test.ts; which pods may connect to which, network-policies.test.ts.
 */

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

  it("gives the API the key of the agents' authenticator secrets from a Secret of its own, which production requires", () => {
    const api = containersOf(deploymentNamed('api')!)[0] as Container & {
      env: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
    };
    expect(api.env.find((variable) => variable.name === 'TOTP_SECRET_KEY')?.valueFrom?.secretKeyRef).toEqual({
      name: 'platform-totp',
      key: 'TOTP_SECRET_KEY',
    });
    expect(ofKind('ConfigMap').flatMap((configMap) => Object.keys(configMap.data ?? {}))).not.toContain('TOTP_SECRET_KEY');
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
