import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3FileStore, type S3Settings } from './s3-store.js';
import { DiskFileStore, type FileStore } from './store.js';

/** Where attachments are kept: a folder (default) or an S3-compatible bucket (all four S3_* variables set). */
export type FileStorageConfig = { kind: 'disk'; dir: string } | { kind: 's3'; s3: S3Settings };

/** Uploads bound for a bucket wait on the machine's temporary disk while they arrive and are checked. */
const S3_SPOOL_DIR = path.join(tmpdir(), 'api-uploads');
const DEFAULT_S3_REGION = 'us-east-1';
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
/** S3's own bucket naming rule, which MinIO and the others follow. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

/**
 * Reads FILES_DIR and S3_* (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, optional S3_REGION).
 * All four S3 variables select the bucket; some of them but not all is a mistake worth stopping for, as is a
 * malformed endpoint or bucket name.
 */
export function readFileStorage(env: NodeJS.ProcessEnv, defaultDir: string): { config: FileStorageConfig; problems: string[] } {
  const filesDir = setting(env, 'FILES_DIR');
  const disk: FileStorageConfig = { kind: 'disk', dir: filesDir ? path.resolve(filesDir) : defaultDir };
  const present = S3_REQUIRED.filter((name) => setting(env, name) !== undefined);
  if (present.length === 0) return { config: disk, problems: [] };
  const missing = S3_REQUIRED.filter((name) => !present.includes(name));
  if (missing.length > 0) return { config: disk, problems: [`${missing.join(', ')}: must be set too, or no S3_* at all (files on disk)`] };
  const endpoint = setting(env, 'S3_ENDPOINT') ?? '';
  const bucket = setting(env, 'S3_BUCKET') ?? '';
  const problems: string[] = [];
  if (!/^https?:\/\/[^/]+/.test(endpoint) || !URL.canParse(endpoint)) problems.push('S3_ENDPOINT: must be an http:// or https:// URL');
  if (!BUCKET_NAME.test(bucket)) problems.push('S3_BUCKET: must be 3 to 63 lower-case letters, digits, dots or hyphens');
  return {
    config: {
      kind: 's3',
      s3: {
        endpoint,
        bucket,
        accessKeyId: setting(env, 'S3_ACCESS_KEY_ID') ?? '',
        secretAccessKey: setting(env, 'S3_SECRET_ACCESS_KEY') ?? '',
        region: setting(env, 'S3_REGION') ?? DEFAULT_S3_REGION,
      },
    },
    problems,
  };
}

export function createFileStore(config: FileStorageConfig): FileStore {
  return config.kind === 'disk' ? new DiskFileStore(config.dir) : new S3FileStore(config.s3, S3_SPOOL_DIR);
}
