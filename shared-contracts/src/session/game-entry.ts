import { ID_TEXT_PATTERN, INPUT_BOUNDS } from '../limits.js';
import { normaliseServerId } from '../text.js';
import type { CsForm } from './csform.js';
import { STORAGE_KEYS } from './storage-keys.js';

/**
 * The address a game client opens the site with (SPEC §3 session state and csForm names): the player's session
 * token, the client, the game, server, region and character the player is on, and whether the player came from the
 * game's own FAQ.
 */
export const GAME_ENTRY_PARAMS = {
  token: STORAGE_KEYS.token,
  clientId: 'clientId',
  gameId: 'gameId',
  serverId: 'serverId',
  gameAreaId: 'gameAreaId',
  roleId: 'roleId',
  roleName: 'roleName',
  isFromGameFaq: 'isFromGameFaq',
} as const;

/** The support form's fields a game client fills. */
export type GameEntryForm = Pick<CsForm, 'gameId' | 'serverId' | 'gameAreaId' | 'roleId' | 'roleName'>;

export interface GameEntry {
  token: string | null;
  clientId: string | null;
  isFromGameFaq: boolean;
  /** Null when the address names no game: then nothing of the form is taken from it. */
  form: GameEntryForm | null;
}

function idText(value: string | null, maxLength: number): string {
  const trimmed = value?.trim() ?? '';
  return trimmed.length <= maxLength && ID_TEXT_PATTERN.test(trimmed) ? trimmed : '';
}

/** `true`, `1` or an empty flag (`?isFromGameFaq`) mean yes; anything else no. */
function flag(value: string | null): boolean {
  return value !== null && ['', '1', 'true'].includes(value.trim().toLowerCase());
}

/**
 * The game a `clientId` or `gameId` text names: a positive decimal id (SPEC §3 "clientId comes from the game id of
 * the support form"), or null for anything else (a client's own name names no game).
 */
export function gameIdOfClient(value: string | null | undefined): number | null {
  const text = value?.trim() ?? '';
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= INPUT_BOUNDS.idMax ? id : null;
}

/**
 * Reads a game client's entry from an address, and the address without any of its parameters, for
 * `history.replaceState`: the token must leave the address bar (and so history and every later Referer) at once,
 * and the rest has been taken into the session, where a reload finds it without filling the form again over what
 * the player has changed since. Values that are not well formed are left out, as if not given: the form then asks
 * for them (SPEC §5 prompts). Server ids become `s12` (SPEC §4). Null when the address carries none of them.
 */
export function readGameEntry(href: string): { entry: GameEntry | null; cleanHref: string } {
  const url = new URL(href);
  const params = url.searchParams;
  const present = Object.values(GAME_ENTRY_PARAMS).some((name) => params.has(name));
  if (!present) return { entry: null, cleanHref: href };
  const token = params.get(GAME_ENTRY_PARAMS.token)?.trim() || null;
  const clientId = idText(params.get(GAME_ENTRY_PARAMS.clientId), INPUT_BOUNDS.clientIdMaxLength) || null;
  const gameId = gameIdOfClient(params.get(GAME_ENTRY_PARAMS.gameId));
  const serverId = idText(params.get(GAME_ENTRY_PARAMS.serverId), INPUT_BOUNDS.supportIdMaxLength);
  const roleId = idText(params.get(GAME_ENTRY_PARAMS.roleId), INPUT_BOUNDS.supportIdMaxLength);
  const form: GameEntryForm | null =
    gameId === null
      ? null
      : {
          gameId,
          serverId: serverId ? normaliseServerId(serverId) : '',
          gameAreaId: idText(params.get(GAME_ENTRY_PARAMS.gameAreaId), INPUT_BOUNDS.supportIdMaxLength),
          roleId,
          // A name is only the label of a character id; without the id it names nothing.
          roleName: roleId ? (params.get(GAME_ENTRY_PARAMS.roleName)?.trim().slice(0, INPUT_BOUNDS.roleNameMaxLength) ?? '') : '',
        };
  const isFromGameFaq = flag(params.get(GAME_ENTRY_PARAMS.isFromGameFaq));
  for (const name of Object.values(GAME_ENTRY_PARAMS)) params.delete(name);
  return { entry: { token, clientId, isFromGameFaq, form }, cleanHref: url.toString() };
}
