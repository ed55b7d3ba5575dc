import { describe, expect, it } from 'vitest';
import { ACCOUNT_RULES } from '../limits.js';
import { otpSchema, phoneSchema, verificationCodeSchema } from './identity-schemas.js';

describe('numbers a player types', () => {
  const code = '1'.repeat(ACCOUNT_RULES.codeLength);
  const fullWidth = (digits: string) => digits.replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)));

  it('read full-width digits (a Japanese or Chinese input method) as the digits they stand for', () => {
    expect(verificationCodeSchema.parse(` ${fullWidth(code)} `)).toBe(code);
    expect(otpSchema.parse(fullWidth('123456'))).toBe('123456');
    expect(phoneSchema.parse('＋８１　９０－１２３４－５６７８')).toBe('+819012345678');
  });

  it('still refuse what is not a number of the right length', () => {
    expect(verificationCodeSchema.safeParse(code.slice(1)).error?.issues[0]?.message).toBe('codeInvalid');
    expect(otpSchema.safeParse('12345a').error?.issues[0]?.message).toBe('otpInvalid');
    expect(phoneSchema.safeParse('０９０１２３４５６７８').error?.issues[0]?.message).toBe('phoneInvalid');
  });
});
