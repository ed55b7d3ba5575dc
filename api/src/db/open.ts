import type { DatabaseConfig } from '../config.js';
import type { Database } from './database.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export function openDatabase(config: DatabaseConfig, onIdleError?: (error: Error) => void): Promise<Database> {
  return config.kind === 'postgres'
    ? openPostgres({ connectionString: config.url, ...(onIdleError ? { onIdleError } : {}) })
    : openPglite(config.dataDir);
}

/** Where a database lives, for logs: never the password of a DATABASE_URL. */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === 'pglite') return `PGlite (${config.dataDir})`;
  try {
    const url = new URL(config.url);
    return `PostgreSQL (${url.hostname || 'socket'}${url.port ? `:${url.port}` : ''}${url.pathname})`;
  } catch {
    return 'PostgreSQL';
  }
}
