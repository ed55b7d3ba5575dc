import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATA_DIR, REPO_ROOT, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 8090,
      host: '127.0.0.1',
      database: { kind: 'pglite', dataDir: DEFAULT_DATA_DIR },
      seedDemo: true,
      logLevel: 'info',
      trustProxy: 'loopback',
    });
    expect(DEFAULT_DATA_DIR).toBe(path.join(REPO_ROOT, '.data', 'pglite'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: 'relative/dir',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      database: { kind: 'pglite', dataDir: path.resolve('relative/dir') },
      seedDemo: false,
      logLevel: 'warn',
      trustProxy: true,
    });
    expect(loadConfig({ DATA_DIR: ':memory:' }).database).toEqual({ kind: 'pglite', dataDir: ':memory:' });
  });

  it('never seeds a DATABASE_URL database unless SEED_DEMO=1', () => {
    const url = 'postgres://user:secret@db.example:5432/publisher';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({ database: { kind: 'postgres', url }, seedDemo: false });
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', SEED_DEMO: '' })).toMatchObject({ port: 8090, seedDemo: true });
  });

  it('fails with a message naming each bad variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SEED_DEMO', 'LOG_LEVEL']) expect(message).toContain(name);
      expect(message).toContain('postgres://');
    }
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
