import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PACKAGES_WITH_LOCALES = ['shared-contracts', 'shell', 'mfe-catalog', 'mfe-support', 'mfe-account', 'api'];

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(full, value);
    else for (const [nested, text] of flatten(value, full)) flat.set(nested, text);
  }
  return flat;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

/** Text that is legitimately the same in every language: symbols and numbers around placeholders. */
const SAME_EVERYWHERE = /^[\s\d().,:;!?+\-–—|/©@]*$/;
const sameEverywhere = (text: string) => SAME_EVERYWHERE.test(text.replace(/\{\{\s*\w+\s*\}\}/g, ''));

/** Words a language really spells as English does: Italian UI says "Password" and "Menu", Latin-American Spanish "Video". */
const SAME_AS_ENGLISH: Partial<Record<string, Set<string>>> = {
  es: new Set(['attachments.kind.video']),
  it: new Set(['login.password', 'harness.password', 'nav.menu', 'menu.title']),
};

describe.each(PACKAGES_WITH_LOCALES)('%s locales (DESIGN §8)', (pkg) => {
  const localesDir = path.join(repoRoot, pkg, 'locales');
  const namespaces = readdirSync(path.join(localesDir, 'en')).filter((file) => file.endsWith('.json'));
  const load = (language: string, file: string) =>
    flatten(JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')) as Messages);

  it('has at least one namespace', () => {
    expect(namespaces.length).toBeGreaterThan(0);
  });

  describe.each(namespaces)('%s', (file) => {
    const english = load('en', file);

    it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has every key, translated, with the same placeholders', (language) => {
      const target = path.join(localesDir, language, file);
      expect(existsSync(target), `${target} is missing`).toBe(true);
      const translated = load(language, file);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        const other = translated.get(key) ?? '';
        expect(other.trim(), `${language} ${key} is empty`).not.toBe('');
        expect(placeholders(other), `${language} ${key} placeholders`).toEqual(placeholders(text));
        if (!sameEverywhere(text) && text.length > 3 && !SAME_AS_ENGLISH[language]?.has(key)) {
          expect(other, `${language} ${key} is still English`).not.toBe(text);
        }
      }
    });
  });
});
