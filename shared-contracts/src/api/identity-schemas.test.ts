import { describe, expect, it } from 'vitest';
import { ACCOUNT_RULES } from '../limits.js';
import {
  changePasswordBodySchema,
  newPasswordSchema,
  otpSchema,
  phoneSchema,
  resetPasswordBodySchema,
  verificationCodeSchema,
} from './identity-schemas.js';

describe('numbers a player types', () => {
  const code = '1'.repeat(ACCOUNT_RULES.codeLength);
  const fullWidth = (digits: string) => digits.replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)));

  it('read full-width digits (a Japanese or Chinese input method) as the digits they stand for', () => {
    expect(verificationCodeSchema.parse(` ${fullWidth(code)} `)).toBe(code);
    expect(otpSchema.parse(fullWidth('123456'))).toBe('123456');
    expect(phoneSchema.parse('＋８１　９０－１２３４－５６７８')).toBe('+819012345678');
  });

  it('read Arabic-Indic and Extended Arabic-Indic digits (Arabic, Persian and Urdu keyboards) as the digits they stand for (QA34 finding 3)', () => {
    const arabic = (digits: string) => digits.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    const persian = (digits: string) => digits.replace(/\d/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)));
    expect(phoneSchema.parse('+٨٢١٠١٢٣٤٥٦٧٨')).toBe('+821012345678');
    expect(phoneSchema.parse(`+${persian('98 912 345 6789')}`)).toBe('+989123456789');
    expect(phoneSchema.parse(`＋${arabic('966')} (${arabic('50')}) ${persian('123-4567')}`)).toBe('+966501234567');
    expect(verificationCodeSchema.parse(` ${arabic(code)} `)).toBe(code);
    expect(verificationCodeSchema.parse(persian('0123456789'.slice(0, ACCOUNT_RULES.codeLength)))).toBe(
      '0123456789'.slice(0, ACCOUNT_RULES.codeLength),
    );
    expect(otpSchema.parse(arabic('907185'))).toBe('907185');
    const thai = (digits: string) => digits.replace(/\d/g, (digit) => String.fromCharCode(0x0e50 + Number(digit)));
    expect(phoneSchema.parse(`+${thai('66 81 234 5678')}`)).toBe('+66812345678');
    expect(otpSchema.parse(thai('907185'))).toBe('907185');
    expect(otpSchema.parse(persian('123406'))).toBe('123406');
  });

  it('still refuse what is not a number of the right length', () => {
    expect(verificationCodeSchema.safeParse(code.slice(1)).error?.issues[0]?.message).toBe('codeInvalid');
    expect(otpSchema.safeParse('12345a').error?.issues[0]?.message).toBe('otpInvalid');
    expect(phoneSchema.safeParse('０９０１２３４５６７８').error?.issues[0]?.message).toBe('phoneInvalid');
    expect(phoneSchema.safeParse('٠٩٠١٢٣٤٥٦٧٨').error?.issues[0]?.message).toBe('phoneInvalid');
    expect(otpSchema.safeParse('١٢٣٤٥').error?.issues[0]?.message).toBe('otpInvalid');
  });
});

describe('a new password (QA34 finding 2)', () => {
  const messages = (password: string) => newPasswordSchema.safeParse(password).error?.issues.map((issue) => issue.message) ?? [];

  it('is refused when it is only spaces or characters that show nothing, whatever its length', () => {
    for (const blank of [
      ' '.repeat(ACCOUNT_RULES.passwordMin),
      '\t'.repeat(12),
      '\u3000'.repeat(10),
      '\u200b'.repeat(9),
      ' \u3164'.repeat(5),
    ]) {
      expect(messages(blank), JSON.stringify(blank)).toEqual(['passwordBlank']);
    }
    // Too short stays the one problem a short blank has.
    expect(messages('   ')).toEqual(['passwordTooShort']);
    expect(messages(' '.repeat(ACCOUNT_RULES.passwordMax + 1))).toEqual(['passwordTooLong']);
    expect(messages('\u{e0020}'.repeat(ACCOUNT_RULES.passwordMin))).toEqual(['passwordBlank']);
  });

  it('keeps its spaces, where they are part of it, as typed', () => {
    expect(newPasswordSchema.parse('  purple elephants  ')).toBe('  purple elephants  ');
    expect(newPasswordSchema.parse(`${' '.repeat(ACCOUNT_RULES.passwordMin)}x`)).toBe(`${' '.repeat(ACCOUNT_RULES.passwordMin)}x`);
  });

  it('is the rule of both change password and reset', () => {
    const blank = ' '.repeat(ACCOUNT_RULES.passwordMin);
    expect(changePasswordBodySchema.safeParse({ oldPassword: 'old-pass-1', newPassword: blank }).error?.issues[0]?.message).toBe(
      'passwordBlank',
    );
    expect(
      resetPasswordBodySchema.safeParse({ email: 'a@example.com', code: '1'.repeat(ACCOUNT_RULES.codeLength), newPassword: blank }).error
        ?.issues[0]?.message,
    ).toBe('passwordBlank');
  });
});
