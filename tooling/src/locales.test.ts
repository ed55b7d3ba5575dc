import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ACCOUNT_RULES,
  CANNED_REPLY_ERRORS,
  DESK_LIMITS,
  FILE_ERRORS,
  LANGUAGES,
  LIMITS,
  SUPPORT_ERRORS,
  TICKET_ERRORS,
} from 'shared-contracts';
import { inquiryScoreBodySchema } from 'shared-contracts/schemas';
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

/**
 * Words a language really spells as English does: Italian UI says "Password" and "Menu", Latin-American Spanish "Video",
 * Indonesian "Game" (as in "Semua game").
 */
const SAME_AS_ENGLISH: Partial<Record<string, Set<string>>> = {
  es: new Set(['attachments.kind.video']),
  id: new Set(['lead.column.game', 'csat.game']),
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

describe('API refusals the support pages translate (apiMessageKey)', () => {
  it('each has its own message in support:errors, not the generic one of the screen', () => {
    const english = flatten(
      JSON.parse(readFileSync(path.join(repoRoot, 'mfe-support', 'locales', 'en', 'support.json'), 'utf8')) as Messages,
    );
    // The rating schema's refusal the API answers too: reasons given with a high score.
    const ratingIssues = inquiryScoreBodySchema.safeParse({ inquiryId: 1, score: LIMITS.scoreMax, reasons: ['slow'] }).error?.issues ?? [];
    expect(ratingIssues).not.toEqual([]);
    const messages = [
      ...Object.values(SUPPORT_ERRORS),
      ...Object.values(TICKET_ERRORS),
      ...Object.values(FILE_ERRORS),
      ...Object.values(CANNED_REPLY_ERRORS),
      ...ratingIssues.map((issue) => issue.message),
    ];
    expect(messages.filter((message) => !english.has(`errors.${message}`))).toEqual([]);
  });
});

/** Every string of one language across all packages, with the file and key a failure names. */
function messagesOf(language: string): { where: string; key: string; text: string }[] {
  return PACKAGES_WITH_LOCALES.flatMap((pkg) => {
    const dir = path.join(repoRoot, pkg, 'locales', language);
    return readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) => {
        const messages = flatten(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Messages);
        return [...messages].map(([key, text]) => ({ where: `${pkg}/locales/${language}/${file}`, key, text }));
      });
  });
}

/** Runs a check over every string of a language; the answer lists each problem with its file and key. */
function problemsIn(language: string, check: (text: string) => string[]): string[] {
  return messagesOf(language).flatMap(({ where, key, text }) => check(text).map((problem) => `${where} ${key}: ${problem}`));
}

const around = (text: string, index: number) => JSON.stringify(text.slice(Math.max(0, index - 12), index + 12));

/**
 * French typography keeps a sign with the word before it: a narrow no-break space (U+202F) before ; ? !, a no-break
 * space (U+00A0) before : and inside « ». A plain space lets the line break before the sign.
 */
const FRENCH_SPACING: { pattern: RegExp; wants: string }[] = [
  { pattern: /(?<!\u202f)[;?!]/gu, wants: 'U+202F before it' },
  { pattern: /(?<!\u00a0):(?!\d|\/\/)/gu, wants: 'U+00A0 before it' },
  { pattern: /(?<!\u00a0)»/gu, wants: 'U+00A0 before it' },
  { pattern: /«(?!\u00a0)/gu, wants: 'U+00A0 after it' },
];
const frenchSpacingProblems = (text: string) =>
  FRENCH_SPACING.flatMap(({ pattern, wants }) => [...text.matchAll(pattern)].map((match) => `${around(text, match.index)} needs ${wants}`));

/**
 * Arabic counted nouns in the form the CLDR plural category of their number takes: 3–10 (few) the plural, 11–99
 * (many) the singular with tanween (not written on ة), 100 and up (other) the plain singular. Zero, one and two are
 * said without the number. Compared without diacritics, so حرفًا and حرفا are the same word.
 */
type ArabicCountForms = Record<'few' | 'many' | 'other', string>;
const ARABIC_COUNTED_NOUNS: ArabicCountForms[] = [
  { few: 'أحرف', many: 'حرفًا', other: 'حرف' },
  { few: 'أرقام', many: 'رقمًا', other: 'رقم' },
  { few: 'ملفات', many: 'ملفًا', other: 'ملف' },
  { few: 'دقائق', many: 'دقيقة', other: 'دقيقة' },
  { few: 'ساعات', many: 'ساعة', other: 'ساعة' },
  { few: 'صور', many: 'صورة', other: 'صورة' },
  { few: 'نجوم', many: 'نجمة', other: 'نجمة' },
];
const withoutDiacritics = (word: string) => word.replace(/[\u064b-\u0652]/gu, '');
const arabicPlural = new Intl.PluralRules('ar');

/** The number behind each placeholder: the constant of the same name, or the one the code passes under a shorter name. */
const PLACEHOLDER_VALUES: Record<string, number> = {
  ...LIMITS,
  ...ACCOUNT_RULES,
  ...DESK_LIMITS,
  minutes: ACCOUNT_RULES.codeTtlMinutes,
  hours: LIMITS.autoEndHours,
  max: LIMITS.attachmentsMax,
};

/** A placeholder or a written number, then the word after it. */
const NUMBER_AND_WORD = /(?:\{\{\s*(?<name>\w+)\s*\}\}|(?<digits>\d+))\s+(?<word>[\p{L}\p{M}]+)/gu;

function arabicCountProblems(text: string): string[] {
  return [...text.matchAll(NUMBER_AND_WORD)].flatMap(({ 0: counted, groups: { name, digits, word = '' } = {} }) => {
    const noun = ARABIC_COUNTED_NOUNS.find((forms) =>
      Object.values(forms).some((form) => withoutDiacritics(form) === withoutDiacritics(word)),
    );
    if (!noun) return [];
    const value: number | undefined = digits ? Number(digits) : PLACEHOLDER_VALUES[String(name)];
    if (value === undefined) return [`"${counted}": no constant tells its value; word the limit without a counted noun`];
    const category = arabicPlural.select(value);
    const wanted = noun[category as keyof ArabicCountForms] as string | undefined;
    if (wanted !== undefined && withoutDiacritics(wanted) === withoutDiacritics(word)) return [];
    const fix = wanted ? `"${wanted}"` : 'no number before the noun';
    return [`"${counted}": ${value} is CLDR "${category}", which takes ${fix}; or word the limit without a counted noun`];
  });
}

/** German addresses players with Sie, on the site as in its mails: no du, dich, dir, dein…, euch, euer… */
const GERMAN_INFORMAL = /(?<!\p{L})(?:du|dich|dir|dein(?:e[mnrs]?)?|euch|eu(?:er|re[mnrs]?))(?!\p{L})/giu;
const germanInformalProblems = (text: string) =>
  [...text.matchAll(GERMAN_INFORMAL)].map((match) => `${around(text, match.index)} says "${match[0]}"; use Sie`);

describe('house rules of single languages (translation review 2026-11, section 7)', () => {
  it('fr keeps ; ? ! : and « » with their word by no-break spaces', () => {
    expect(problemsIn('fr', frenchSpacingProblems)).toEqual([]);
  });

  it('ar puts a counted noun after a number only in the form its CLDR plural category takes', () => {
    expect(problemsIn('ar', arabicCountProblems)).toEqual([]);
  });

  it('de says Sie to players, never du, in every file (UI and mail)', () => {
    expect(problemsIn('de', germanInformalProblems)).toEqual([]);
  });

  it('de says Sie in the content the API is seeded with too (games, help topics, canned replies)', () => {
    const germanTexts = (value: unknown, where: string, inGerman = false): { where: string; text: string }[] => {
      if (typeof value === 'string') return inGerman ? [{ where, text: value }] : [];
      if (value === null || typeof value !== 'object') return [];
      return Object.entries(value).flatMap(([key, inner]) => germanTexts(inner, `${where}.${key}`, inGerman || key === 'de'));
    };
    const seedDir = path.join(repoRoot, 'api', 'seed');
    const problems = readdirSync(seedDir)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) => germanTexts(JSON.parse(readFileSync(path.join(seedDir, file), 'utf8')), file))
      .flatMap(({ where, text }) => germanInformalProblems(text).map((problem) => `${where}: ${problem}`));
    expect(problems).toEqual([]);
  });
});
