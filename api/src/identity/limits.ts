import type { Limit } from './throttle.js';

/**
 * Brute-force and abuse limits (sliding windows, counted in the database so they hold across replicas). Apart
 * from the service, so the configuration reads the defaults without loading the service and its mail templates.
 */
export interface IdentityLimits {
  /**
   * Failed password checks per account name from one client address (login, change password, e-mail change): the
   * lock a guesser meets. Keyed on the address too, so nobody can lock somebody else out from elsewhere.
   */
  loginPerAccountAndIp: Limit;
  /**
   * Failed password checks per account name from every address together: a ceiling far above what one owner
   * mistypes, against guessing spread over many addresses. It refuses nobody by itself (else anybody could keep
   * the owner out, SEC review 35 #2): past it, `loginPerAccountAndIpPastCeiling` replaces `loginPerAccountAndIp`.
   */
  loginPerAccount: Limit;
  /**
   * Failed password checks per account name from one client address while the account is past `loginPerAccount`:
   * one, so an address that has failed at the account in the window is refused and an address without failures
   * there (the owner's, most likely) still has its password, and second-factor code, checked. See
   * `AttemptLimits.passwordCheck` for why this and not a delay.
   */
  loginPerAccountAndIpPastCeiling: Limit;
  /** Failed password checks per client address. */
  loginPerIp: Limit;
  /** Codes sent per e-mail address and per account. */
  codeSendsPerAddress: Limit;
  /** Codes sent per client address. */
  codeSendsPerIp: Limit;
  /** Wrong codes per client address (each code also dies after ACCOUNT_RULES.codeAttemptsMax tries). */
  codeChecksPerIp: Limit;
  /** Social logins started per client address: each start stores a state row before anyone has logged in. */
  socialStartsPerIp: Limit;
}

export const DEFAULT_IDENTITY_LIMITS: IdentityLimits = {
  loginPerAccountAndIp: { max: 5, windowSeconds: 15 * 60 },
  loginPerAccount: { max: 25, windowSeconds: 15 * 60 },
  loginPerAccountAndIpPastCeiling: { max: 1, windowSeconds: 15 * 60 },
  loginPerIp: { max: 20, windowSeconds: 15 * 60 },
  codeSendsPerAddress: { max: 5, windowSeconds: 60 * 60 },
  codeSendsPerIp: { max: 20, windowSeconds: 60 * 60 },
  codeChecksPerIp: { max: 20, windowSeconds: 15 * 60 },
  socialStartsPerIp: { max: 20, windowSeconds: 15 * 60 },
};
