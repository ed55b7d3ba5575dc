import { ACCOUNT_RULES, ERROR_CODES } from 'shared-contracts';
import { call } from './api-calls.js';
import { codeIn, readOutbox, type OutboxMessage, type TestApp } from './helpers.js';
import { unique } from './identity-helpers.js';

/** What the password reset and the e-mail binding share: the codes they mail and the answer to a wrong one. */

export const CODE_REJECTED = { code: ERROR_CODES.codeRejected, msg: 'codeRejected', data: null };

export function freshEmail(): string {
  return `${unique('mail').name.toLowerCase()}@example.com`;
}

/** Messages to `address` in the outbox, after the answers' background work has finished. */
export async function mailTo(harness: TestApp, address: string): Promise<OutboxMessage[]> {
  await harness.app.background.idle();
  return (await readOutbox(harness.outbox)).filter((message) => message.to.toLowerCase() === address.toLowerCase());
}

export async function lastCodeTo(harness: TestApp, address: string): Promise<string> {
  const messages = await mailTo(harness, address);
  const last = messages.at(-1);
  if (!last) throw new Error(`no mail to ${address}`);
  return codeIn(last.text);
}

/** Asks for a password reset code for `email`. */
export function forgot(harness: TestApp, email: string, options: { ip?: string; lang?: string } = {}) {
  return call(harness, 'forgotPassword', {
    body: { email },
    query: options.lang ? `?spec_lang=${options.lang}` : '',
    ...(options.ip ? { ip: options.ip } : {}),
  });
}

/** Codes have a resend cool-down; tests that ask again move the clock past it. */
export function afterCoolDown(harness: TestApp): void {
  harness.clock.advance({ seconds: ACCOUNT_RULES.codeResendSeconds });
}
