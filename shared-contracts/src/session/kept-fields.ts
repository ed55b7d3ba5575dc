import { safeStorage } from './storage-keys.js';

const KEY_PREFIX = 'kept_fields:';

/**
 * What a form keeps of its typed text in this tab, so a reload loses none of it: a language change reloads the
 * page (SPEC §4). One entry per form in session storage, holding only the fields the form keeps: never a password
 * or a code. The support draft (csForm) is kept by the session store, with its owner.
 */
export function readKeptFields(form: string): Readonly<Record<string, string>> {
  try {
    const parsed: unknown = JSON.parse(safeStorage('session')?.getItem(KEY_PREFIX + form) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** Keeps one field's text (an empty one is dropped, and with the last of them the form's entry). */
export function keepField(form: string, name: string, value: string): void {
  const others = Object.entries(readKeptFields(form)).filter(([field]) => field !== name);
  const kept = value === '' ? others : [...others, [name, value]];
  try {
    if (kept.length === 0) safeStorage('session')?.removeItem(KEY_PREFIX + form);
    else safeStorage('session')?.setItem(KEY_PREFIX + form, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // A full or blocked storage keeps nothing: the form works on, only a reload empties it.
  }
}

/** Forgets what the form kept: it went through, and its text is done with. */
export function forgetKeptFields(form: string): void {
  safeStorage('session')?.removeItem(KEY_PREFIX + form);
}

/**
 * Forgets what every form kept in this tab: the player logged out, and whoever uses the tab next must not find their
 * unsent replies, profile or the names of their interrupted uploads (an expiry keeps them for the same account).
 */
export function forgetEveryKeptField(): void {
  const session = safeStorage('session');
  if (!session) return;
  const keys = Array.from({ length: session.length }, (_, index) => session.key(index));
  for (const key of keys) if (key?.startsWith(KEY_PREFIX)) session.removeItem(key);
}
