import { TICKET_TYPES } from '../limits.js';
import { EMPTY_CS_FORM, type CsForm } from './csform.js';
import type { GameEntryForm } from './game-entry.js';
import { safeStorage } from './storage-keys.js';
import { csFormAtom, pendingGameEntryAtom, platformStore, userNameAtom } from './store.js';

// The support draft (SPEC §3 csForm) in the platform store and in session storage, with the account that owns it.

const CS_FORM_KEY = 'cs_form';

/**
 * The draft as the account `userName` may see it: its own draft, or a guest's draft it now takes over, or an
 * empty one in place of another account's. An unknown name (a game client's token before `/users/info` answers)
 * decides nothing yet.
 */
function claimCsForm(draft: CsForm, userName: string | null): CsForm {
  if (!userName || draft.owner === userName) return draft;
  return draft.owner === '' ? { ...draft, owner: userName } : EMPTY_CS_FORM;
}

/** Puts `form` in the store and in session storage (the empty draft as no entry at all). */
function keepCsForm(form: CsForm): void {
  platformStore.set(csFormAtom, form);
  if (form === EMPTY_CS_FORM) safeStorage('session')?.removeItem(CS_FORM_KEY);
  else safeStorage('session')?.setItem(CS_FORM_KEY, JSON.stringify(form));
}

/** Changes the support draft; it belongs to the player logged in while it is written. */
export function setCsForm(patch: Partial<CsForm>): void {
  keepCsForm(claimCsForm({ ...platformStore.get(csFormAtom), ...patch }, platformStore.get(userNameAtom)));
}

export function resetCsForm(): void {
  keepCsForm(EMPTY_CS_FORM);
}

/**
 * Restores the support draft kept in session storage, ignoring anything that is not a draft, and dropping
 * another account's.
 */
export function restoreCsForm(): void {
  const raw = safeStorage('session')?.getItem(CS_FORM_KEY);
  if (!raw) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object') {
    resetCsForm();
    return;
  }
  keepCsForm(claimCsForm({ ...EMPTY_CS_FORM, ...(parsed as Partial<CsForm>) }, platformStore.get(userNameAtom)));
}

/**
 * A game client's support-form fields, from the address it opened the site with: the draft takes them (a draft
 * about another game starts afresh, as an official ticket about this one), and the support centre moves past the
 * steps they answer once it knows the game (`pendingGameEntryAtom`).
 */
let appliedEntryForm: GameEntryForm | null = null;

export function applyGameEntryForm(form: GameEntryForm): void {
  appliedEntryForm = form;
  const draft = platformStore.get(csFormAtom);
  const base = draft.gameId === form.gameId ? draft : { ...EMPTY_CS_FORM, owner: platformStore.get(userNameAtom) ?? '' };
  keepCsForm({ ...base, ...form, ticketType: TICKET_TYPES.official });
  platformStore.set(pendingGameEntryAtom, form);
}

/** The support centre has acted on a game client's entry (moved past its steps, or asked for an unknown game). */
export function settleGameEntry(): void {
  platformStore.set(pendingGameEntryAtom, null);
}

/**
 * The account now logged in takes the draft over, or starts from an empty one in place of another account's. Before
 * the draft is restored (start-up logs in first) there is nothing to claim: restoring claims it.
 */
export function passCsFormTo(userName: string): void {
  const draft = platformStore.get(csFormAtom);
  if (draft !== EMPTY_CS_FORM) keepCsForm(claimCsForm(draft, userName));
}

/** A game client's entry, applied before the player switched to its link's account, goes with that account's draft. */
export function carryGameEntryTo(owner: string): void {
  if (appliedEntryForm && platformStore.get(csFormAtom).gameId === null) {
    keepCsForm({ ...EMPTY_CS_FORM, owner, ...appliedEntryForm, ticketType: TICKET_TYPES.official });
  }
}
