import { readFile } from 'node:fs/promises';
import type { z } from 'zod';

/** Reads a seed file and checks it against its schema, naming the first ten problems when it does not fit. */
export async function readSeedFile<Schema extends z.ZodType>(file: string, schema: Schema): Promise<z.infer<Schema>> {
  const raw: unknown = JSON.parse(await readFile(file, 'utf8'));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 10).map((issue) => `  [${issue.path.join('.')}] ${issue.message}`);
    throw new Error(`Invalid seed file ${file}:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
