/** The support form of SPEC §3 "csForm", kept in the session so a reload or failed submit loses nothing. */
export interface CsForm {
  gameId: number | null;
  gameName: string;
  gameImg: string;
  queryType: string;
  serverId: string;
  gameAreaId: string;
  roleId: string;
  roleName: string;
  title: string;
  content: string;
  attachments: string[];
  email: string;
}

export const EMPTY_CS_FORM: CsForm = {
  gameId: null,
  gameName: '',
  gameImg: '',
  queryType: '',
  serverId: '',
  gameAreaId: '',
  roleId: '',
  roleName: '',
  title: '',
  content: '',
  attachments: [],
  email: '',
};

/** Server ids from the URL are normalised to start with a lowercase s (SPEC §4). */
export function normaliseServerId(serverId: string): string {
  const trimmed = serverId.trim();
  if (trimmed === '') return '';
  return /^s/i.test(trimmed) ? `s${trimmed.slice(1)}` : `s${trimmed}`;
}
