/** Keys of SPEC §3 "Login state" and "Other stored client values", in session and local storage. */
export const STORAGE_KEYS = {
  token: 'oauth_token',
  userName: 'self_username',
  type: 'self_type',
  /** Not in SPEC §3: the session's role (player or agent), so the apps ask an agent's session no player's calls. */
  role: 'self_role',
  area: 'self_area',
  brand: 'self_brand',
  specLang: 'spec_lang',
  selfLang: 'self_lang',
} as const;

/** A game link's token the API could not be asked about (no network): checked again later, until a logout. */
export const UNCHECKED_LINK_TOKEN_KEY = 'unchecked_link_token';

export const LOGIN_KEYS = [STORAGE_KEYS.token, STORAGE_KEYS.userName, STORAGE_KEYS.type, STORAGE_KEYS.role] as const;

/** Storage that may be missing (private mode, blocked cookies): every access is guarded. */
export function safeStorage(kind: 'session' | 'local'): Storage | null {
  try {
    const storage = kind === 'session' ? globalThis.sessionStorage : globalThis.localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}
