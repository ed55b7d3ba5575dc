import type { Language } from 'shared-contracts';
import { z } from 'zod';
import { localeTexts } from '../locale-texts.js';

const templateSchema = z.strictObject({ subject: z.string().min(1), body: z.string().min(1) });
export const mailTextsSchema = z.strictObject({
  resetPassword: templateSchema,
  bindEmail: templateSchema,
  /** To the address an account had before another was bound: the owner learns of a change they did not make. */
  emailChanged: templateSchema,
  /** To the bound address after a password change or reset (ASVS 2.5.5): the owner learns of one they did not make. */
  passwordChanged: templateSchema,
  /** Appended to every message after a blank line. */
  footer: z.string().min(1),
});
export type MailTexts = z.infer<typeof mailTextsSchema>;
export interface CodeMailValues {
  code: string;
  minutes: number;
}

/** The placeholders each message fills in. */
export interface MailValues {
  resetPassword: CodeMailValues;
  bindEmail: CodeMailValues;
  emailChanged: { account: string; email: string };
  passwordChanged: { account: string };
}
export type MailTemplate = keyof MailValues;

/** `api/locales/<lang>/mail.json`: i18next-style files, `{{name}}` placeholders. */
const mailTexts = localeTexts('mail.json', mailTextsSchema, 'mail texts');
/** Every language's texts, read afresh (the tests check them all). */
export const loadMailTexts = mailTexts.load;

/** Replaces `{{name}}`; a placeholder without a value is an error, never sent as-is. */
export function interpolate(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {{${name}}} in a mail text`);
    return String(value);
  });
}

/** Subject and plain-text body of a message in `language` (English when the language is unknown). */
export function renderMail<Template extends MailTemplate>(
  template: Template,
  language: Language,
  values: MailValues[Template],
): { subject: string; text: string } {
  const texts = mailTexts.in(language);
  const { subject, body } = texts[template];
  const vars: Readonly<Record<string, string | number>> = { ...values };
  return {
    // A header line: never a line break, whatever a translation contains.
    subject: interpolate(subject, vars)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    text: `${interpolate(body, vars)}\n\n${interpolate(texts.footer, vars)}\n`,
  };
}
