import { z } from 'zod';
import { isCalendarDay, utcDay } from '../calendar-days.js';
import { ACCOUNT_RULES, LIMITS, SOCIAL_PROVIDERS } from '../limits.js';
import { hasVisibleText } from '../text.js';
import { clientIdSchema, commonQueryShape, platformSchema } from './schemas.js';

/**
 * Identity calls (SPEC §3 login state and user info, §6 logins, §7 `/users`, `/website/login/*`, `/ucenter/*`).
 * Error messages are keys the client translates (`account:errors.<message>`); limits come from ACCOUNT_RULES.
 */

export const accountTypeSchema = z.enum(['PLATFORM', 'THIRD_PARTY']);
/**
 * Whom a session is for: a player, or a customer-service agent (a support lead is an agent too). The API refuses
 * an agent the player's calls (4030), so the apps read it before asking for a player's things.
 */
export const accountRoleSchema = z.enum(['player', 'agent']);
export type AccountRole = z.infer<typeof accountRoleSchema>;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);

export const accountNameSchema = z
  .string()
  .trim()
  .min(ACCOUNT_RULES.accountMin, 'accountTooShort')
  .max(ACCOUNT_RULES.accountMax, 'accountTooLong')
  .regex(/^[A-Za-z0-9._@-]+$/, 'accountCharacters');

/**
 * A new password: the policy applies when one is chosen, not when one is typed to log in. Length only, no
 * composition rule (ASVS 2.1.9): the API also refuses the most used passwords (`passwordTooCommon`), a list too
 * large to send to browsers. Spaces count like any character and are never trimmed, but a password of nothing else
 * (or of characters that show nothing, `hasVisibleText`) is refused (`passwordBlank`): it is guessed at once, and a
 * form or password manager that trims would lock the player out.
 */
/** Whether the length checks below pass: characters (code points), as zod counts them. */
function fitsPasswordLength(password: string): boolean {
  const length = [...password].length;
  return length >= ACCOUNT_RULES.passwordMin && length <= ACCOUNT_RULES.passwordMax;
}
export const newPasswordSchema = z
  .string()
  .min(ACCOUNT_RULES.passwordMin, 'passwordTooShort')
  .max(ACCOUNT_RULES.passwordMax, 'passwordTooLong')
  // One problem at a time: a blank one of the wrong length is only told its length. (Not by aborting: that would
  // also skip a form's checks across fields.)
  .refine((password) => !fitsPasswordLength(password) || hasVisibleText(password), 'passwordBlank');

/**
 * Digits NFKC leaves as they are, by the code of their zero: Arabic-Indic (U+0660–0669, an Arabic keyboard's),
 * Extended Arabic-Indic (U+06F0–06F9, a Persian or Urdu keyboard's) and Thai (U+0E50–0E59). Each run is zero to nine
 * in order.
 */
const NATIVE_DIGIT_ZEROS = [0x0660, 0x06f0, 0x0e50];
const NATIVE_DIGIT = /[\u0660-\u0669\u06f0-\u06f9\u0e50-\u0e59]/g;
const asciiDigit = (digit: string) => {
  const code = digit.charCodeAt(0);
  return String(code - (NATIVE_DIGIT_ZEROS.findLast((zero) => zero <= code) ?? code));
};

/**
 * Digits and signs as a keyboard in full-width mode types them (a Japanese or Chinese input method: "＋８１ ９０"),
 * read as the ASCII they stand for (Unicode NFKC), and Arabic-Indic or Thai digits ("+٨٢ ١٠", "๐๘๑") as the ASCII
 * digits of the same value, so a number is not refused for the way it was typed.
 */
const typedNumber = () =>
  z
    .string()
    .trim()
    .transform((value) => value.normalize('NFKC').replace(NATIVE_DIGIT, asciiDigit));

/** An authenticator app's code (TOTP, RFC 6238): six digits. */
export const otpSchema = typedNumber().pipe(z.string().regex(/^\d{6}$/, 'otpInvalid'));
export const typedPasswordSchema = z.string().min(1, 'passwordRequired').max(ACCOUNT_RULES.passwordMax, 'passwordTooLong');
export const emailSchema = z.string().trim().max(ACCOUNT_RULES.emailMax, 'emailInvalid').pipe(z.email('emailInvalid'));
export const verificationCodeSchema = typedNumber().pipe(z.string().regex(new RegExp(`^\\d{${ACCOUNT_RULES.codeLength}}$`), 'codeInvalid'));
/**
 * A phone number in international form (a ticket's contact, the user info's phone): spaces, dots, dashes and
 * brackets as people type them are dropped, leaving + and 7 to 15 digits.
 */
export const phoneSchema = typedNumber()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\+[1-9]\\d{${LIMITS.phoneDigitsMin - 1},${LIMITS.phoneDigitsMax - 1}}$`), 'phoneInvalid'));

/** The furthest time zone is UTC+14: a date is "today" somewhere until it is today there. */
const EARLIEST_ZONE_MS = 14 * 60 * 60 * 1000;

/**
 * What is wrong with a birthday typed as YYYY-MM-DD (a date field's value) on the day `now`, as a message key, or
 * null. A date that does not exist (30 February) is invalid; a date that is still ahead everywhere on earth is in
 * the future; one more than ACCOUNT_RULES.birthdayAgeMaxYears back is taken for a slip.
 */
export function birthdayProblem(value: string, now: Date): 'birthdayInvalid' | 'birthdayInFuture' | 'birthdayTooEarly' | null {
  if (!isCalendarDay(value)) return 'birthdayInvalid';
  if (value > utcDay(new Date(now.getTime() + EARLIEST_ZONE_MS))) return 'birthdayInFuture';
  const earliest = new Date(now.getTime());
  earliest.setUTCFullYear(earliest.getUTCFullYear() - ACCOUNT_RULES.birthdayAgeMaxYears);
  if (value < utcDay(earliest)) return 'birthdayTooEarly';
  return null;
}

/** The user info's birthday (SPEC §3): a real calendar date, not in the future, within a lifetime. */
export const birthdaySchema = z
  .string('birthdayInvalid')
  .trim()
  .superRefine((value, context) => {
    const problem = birthdayProblem(value, new Date());
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const sessionTokenSchema = z
  .string()
  .trim()
  .min(16)
  .max(256)
  .regex(/^[A-Za-z0-9_-]+$/);

export const emptyBodySchema = z.strictObject({});

/** POST /ucenter/sessions/logout_others: how many other sessions of the account it ended (0 when there were none). */
export const otherSessionsEndedSchema = z.object({ ended: z.number().int().nonnegative() });

/** What every successful login returns; the client keeps it through the session contract's `login`. */
export const loginResultSchema = z.object({
  token: z.string(),
  account: z.string(),
  type: accountTypeSchema,
  role: accountRoleSchema,
  expiresAt: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const passwordLoginBodySchema = z.strictObject({
  account: accountNameSchema,
  password: typedPasswordSchema,
  /** Remember me: the client keeps the token in local storage, and the session lives longer (ACCOUNT_RULES). */
  remember: z.boolean().optional(),
  /** The authenticator's current code, for an account with a second factor (the API answers `otpRequired`). */
  otp: otpSchema.optional(),
});

export const userInfoQuerySchema = z.strictObject({ ...commonQueryShape, platform: platformSchema.optional() });
/** SPEC §3 "Account info" and "User info": account, type (PLATFORM = official), phone or e-mail, birthday. */
export const userInfoSchema = z.object({
  account: z.string(),
  type: accountTypeSchema,
  role: accountRoleSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  birthday: z.string().nullable(),
  /** The social provider of a third-party account. */
  provider: socialProviderSchema.nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/**
 * POST /ucenter/profile: sets the birthday (only while none is saved: it is locked once set, as age rules depend on
 * it) and the phone number; a field left out stays as it is. Sending the same values again changes nothing.
 */
export const profileUpdateBodySchema = z
  .strictObject({ birthday: birthdaySchema.optional(), phone: phoneSchema.optional() })
  .refine((body) => body.birthday !== undefined || body.phone !== undefined, 'profileEmpty');
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

/**
 * The token to check: `oauth_token` as SPEC §7 names it, or the Authorization header, which the site uses (a query
 * parameter ends up in access logs and Referers).
 */
export const loginAuthQuerySchema = z.strictObject({ ...commonQueryShape, oauth_token: sessionTokenSchema.optional() });
export const loginAuthSchema = z.object({ account: z.string(), type: accountTypeSchema, role: accountRoleSchema });

export const loginConfigQuerySchema = z.strictObject({
  ...commonQueryShape,
  oauth_token: sessionTokenSchema.optional(),
  clientId: clientIdSchema.optional(),
});
export const loginConfigSchema = z.object({
  /** Social logins configured for this deployment, in display order. */
  providers: z.array(socialProviderSchema),
  /**
   * Whether the login page offers to go on as a visitor (SPEC §6): not to a game's player (`clientId` names one of
   * our games, whose support needs the player's account) nor to a player already logged in (a live `oauth_token`,
   * or the Authorization header).
   */
  guestAllowed: z.boolean(),
});

export const changePasswordBodySchema = z.strictObject({
  oldPassword: typedPasswordSchema,
  newPassword: newPasswordSchema,
});

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export const resetPasswordBodySchema = z.strictObject({
  email: emailSchema,
  code: verificationCodeSchema,
  newPassword: newPasswordSchema,
});

/**
 * The current password is required for an account that has one: a session alone must not be able to move the
 * recovery address (forgot password mails the bound address), or a stolen token becomes a permanent takeover.
 * Social accounts have no password and cannot reset one, so their address is no recovery factor.
 */
export const sendVerifyCodeBodySchema = z.strictObject({ email: emailSchema, currentPassword: typedPasswordSchema.optional() });
export const codeSentSchema = z.object({ resendAfterSeconds: z.number().int().nonnegative() });
export const bindEmailBodySchema = z.strictObject({ email: emailSchema, code: verificationCodeSchema });
export const boundEmailSchema = z.object({ email: z.string() });

/**
 * Social logins (SPEC §6, §7 `/website/login/*_auth`, `twitter_redirect`, `vk2_gen_pcke`). A start call answers the
 * provider's authorization URL (state, PKCE and, for OpenID Connect providers, nonce are kept by the server); the
 * browser comes back to `/login` (`/vkRedirect` for VK) with `code` and `state`, and hands them to the completion
 * call of its provider, which answers the same login result as a password login.
 */
export const socialStartQuerySchema = z.strictObject({ ...commonQueryShape });
export const socialProviderStartQuerySchema = z.strictObject({
  ...commonQueryShape,
  provider: z.enum(['google', 'apple', 'facebook']),
});
export const socialStartSchema = z.object({
  /** Where the browser goes next: the provider's login page. */
  authorizeUrl: z.string(),
});

const authorizationCodeSchema = z.string().min(1).max(2048);
const oauthStateSchema = z
  .string()
  .min(16)
  .max(256)
  .regex(/^[A-Za-z0-9_-]+$/);

export const socialCompleteQuerySchema = z.strictObject({
  ...commonQueryShape,
  code: authorizationCodeSchema,
  state: oauthStateSchema,
  /** The issuer a provider names in its answer (RFC 9207); passed on when the address bar has it. */
  iss: z.string().min(1).max(2048).optional(),
  /** Remember me was ticked when the login started: the session lives longer (ACCOUNT_RULES). */
  remember: z.literal('1').optional(),
});
export const vkCompleteQuerySchema = socialCompleteQuerySchema.extend({
  /** VK ID sends it back with the code and wants it with the code exchange. */
  device_id: z.string().min(1).max(256).optional(),
});
