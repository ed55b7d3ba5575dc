import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from './processes.js';

export const COMPOSE_FILE = path.join(REPO_ROOT, 'docker-compose.yml');

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  networks?: Record<string, { ipv4_address?: string } | null> | string[];
  [key: string]: unknown;
}

export interface ComposeModel {
  services: Record<string, ComposeService>;
  networks?: Record<string, { ipam?: { config?: { subnet?: string }[] }; internal?: boolean } | null>;
  [key: string]: unknown;
}

/**
 * Stand-ins for what an operator's environment or .env gives docker-compose.yml, in the shapes the services expect
 * (README "Production with compose"), so checks can read the file as compose would.
 */
export const COMPOSE_CHECK_ENV: Readonly<Record<string, string>> = {
  POSTGRES_PASSWORD: 'check-postgres-password',
  S3_ACCESS_KEY_ID: 'GK0123456789abcdef01234567',
  S3_SECRET_ACCESS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  GARAGE_RPC_SECRET: 'fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210',
  TLS_DIR: '/etc/platform-tls',
  GRAFANA_ADMIN_PASSWORD: 'check-grafana-password',
  TOTP_SECRET_KEY: 'Y2hlY2stdG90cC1zZWNyZXQta2V5LTMyLWJ5dGVzISE=',
};

export class ComposeInterpolationError extends Error {}

/**
 * Compose's variable interpolation (compose-spec "Interpolation"): `$$` is a dollar, `${VAR}` and `$VAR` its
 * value, `${VAR:-default}` / `${VAR-default}` a default when unset (or empty, with the colon), `${VAR:?message}` /
 * `${VAR?message}` an error, `${VAR:+other}` / `${VAR+other}` a replacement when set.
 */
export function interpolate(text: string, env: Readonly<Record<string, string | undefined>>): string {
  return text.replace(
    /\$(?:(\$)|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])((?:[^{}]|\{[^{}]*\})*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    (
      _match,
      dollar: string | undefined,
      braced: string | undefined,
      colon: string | undefined,
      operator: string | undefined,
      operand: string | undefined,
      bare: string | undefined,
    ) => {
      if (dollar) return '$';
      const name = (braced ?? bare)!;
      const value = env[name];
      const set = colon ? value !== undefined && value !== '' : value !== undefined;
      switch (operator) {
        case '-':
          return set ? value! : interpolate(operand ?? '', env);
        case '?':
          if (!set) throw new ComposeInterpolationError(`${name}: ${operand || 'required variable is missing a value'}`);
          return value!;
        case '+':
          return set ? interpolate(operand ?? '', env) : '';
        default:
          return value ?? '';
      }
    },
  );
}

function interpolateAll(value: unknown, env: Readonly<Record<string, string | undefined>>): unknown {
  if (typeof value === 'string') return interpolate(value, env);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateAll(item, env)]));
  }
  return value;
}

/**
 * docker-compose.yml as compose reads it: YAML with its merge keys (`<<: *anchor`) resolved, then every value
 * interpolated from `env` (the shell's environment and `.env` in a real run).
 */
export function readCompose(env: Readonly<Record<string, string | undefined>>, file = COMPOSE_FILE): ComposeModel {
  const parsed: unknown = parse(readFileSync(file, 'utf8'), { merge: true });
  return interpolateAll(parsed, env) as ComposeModel;
}
