/** An object schema that refuses any field it does not name, as the API server's pruning would silently drop one. */
const closedObject = (properties: Record<string, unknown>) => ({ type: 'object', additionalProperties: false, properties });
const stringMap = { type: 'object', additionalProperties: { type: 'string' } };

/**
 * The CloudNativePG Cluster (postgresql.cnpg.io/v1) as its CRD's openAPIV3Schema describes the fields used here:
 * the spec's own field names (a misspelt one is refused), the types of the ones the base sets, and what the operator
 * requires.
 */
export const CNPG_CLUSTER_SCHEMA = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { const: 'postgresql.cnpg.io/v1' },
    kind: { const: 'Cluster' },
    metadata: { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' } } },
    spec: {
      ...closedObject({
        instances: { type: 'integer', minimum: 1 },
        imageName: { type: 'string', pattern: ':[0-9]+(\\.[0-9]+)*' },
        primaryUpdateStrategy: { enum: ['unsupervised', 'supervised'] },
        primaryUpdateMethod: { enum: ['switchover', 'restart'] },
        postgresql: closedObject({ parameters: stringMap, pg_hba: { type: 'array' }, shared_preload_libraries: { type: 'array' } }),
        bootstrap: closedObject({
          initdb: { type: 'object', properties: { database: { type: 'string' }, owner: { type: 'string' }, secret: { type: 'object' } } },
          recovery: { type: 'object' },
          pg_basebackup: { type: 'object' },
        }),
        storage: closedObject({
          size: { type: 'string', pattern: '^[0-9]+(Mi|Gi|Ti)$' },
          storageClass: { type: 'string' },
          resizeInUseVolumes: { type: 'boolean' },
          pvcTemplate: { type: 'object' },
        }),
        walStorage: { type: 'object' },
        resources: closedObject({ requests: stringMap, limits: stringMap }),
        affinity: closedObject({
          enablePodAntiAffinity: { type: 'boolean' },
          topologyKey: { type: 'string' },
          podAntiAffinityType: { enum: ['preferred', 'required'] },
          nodeSelector: { type: 'object' },
          tolerations: { type: 'array' },
        }),
        monitoring: closedObject({ enablePodMonitor: { type: 'boolean' }, customQueriesConfigMap: { type: 'array' } }),
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
      }),
      required: ['instances', 'storage'],
    },
  },
};
