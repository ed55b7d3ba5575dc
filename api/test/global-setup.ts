import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dumped, freshly initialised PGlite data folder (empty when tests run on PostgreSQL). */
    pgliteTemplate: string;
  }
}

/** Runs initdb once for the whole run; every test database then starts from a copy of its result. */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return () => undefined;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'api-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  const pg = await PGlite.create();
  try {
    const dump = await pg.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pg.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
