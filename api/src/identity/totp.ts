import { Secret, TOTP } from 'otpauth';

/** The name authenticator apps show above the account name. */
export const TOTP_ISSUER = 'Player Support desk';
/** Codes of the step before and after the current one are taken too: a phone's clock is often a little off. */
const ACCEPTED_STEPS_AROUND = 1;
const PERIOD_SECONDS = 30;

function totpFor(secret: string, account: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

/** A new random secret: 160 bits (RFC 4226's recommendation), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an authenticator app reads (typed in, or shown as a QR code). */
export function totpUri(secret: string, account: string): string {
  return totpFor(secret, account).toString();
}

/** The code an authenticator shows at `at` (tests, and an operator checking an enrolment). */
export function totpCode(secret: string, account: string, at: Date): string {
  return totpFor(secret, account).generate({ timestamp: at.getTime() });
}

/** The time step `code` belongs to when it is valid at `at` (one step of slack either way), else null. */
export function totpStep(secret: string, account: string, code: string, at: Date): number | null {
  const delta = totpFor(secret, account).validate({ token: code, timestamp: at.getTime(), window: ACCEPTED_STEPS_AROUND });
  return delta === null ? null : Math.floor(at.getTime() / 1000 / PERIOD_SECONDS) + delta;
}
