import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from 'shared-contracts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = {
  common: 'shared-contracts',
  shell: 'shell',
  catalog: 'mfe-catalog',
  support: 'mfe-support',
  account: 'mfe-account',
} as const;

/**
 * A message as the given locale file has it (`t('shell', 'ar', 'menu.home')`), with its `{{placeholders}}` filled in
 * from `values`, for checking what the page shows.
 */
export function t(namespace: keyof typeof FOLDERS, language: Language, key: string, values: Record<string, string | number> = {}): string {
  const file = path.join(repoRoot, FOLDERS[namespace], 'locales', language, `${namespace}.json`);
  let value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`${namespace}:${key} is missing in ${language}`);
  return Object.entries(values).reduce((text, [name, filled]) => text.replaceAll(`{{${name}}}`, String(filled)), value);
}
