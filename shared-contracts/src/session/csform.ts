import type { Attachment } from '../api/ticket-schemas.js';

/**
 * The support form of SPEC §3 "csForm", kept in the session so a reload or failed submit loses nothing. Uploaded
 * attachments are kept as the API described them; `requestId` names this draft's submission, so a retry after a
 * lost answer or a reload cannot open a second ticket (a new draft gets a new id).
 */
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
  attachments: Attachment[];
  email: string;
  /** Official ('1', about the game) or platform ('0', about our service): the "game or service" choice. */
  ticketType: '1' | '0' | '';
  contactKind: 'email' | 'phone';
  phone: string;
  consent: boolean;
  requestId: string;
  /**
   * The account that wrote this draft ('' while a guest writes it): the draft outlives a session expiry so the
   * same player finds it after logging in again, but another account's login starts from an empty one.
   */
  owner: string;
  /** The ongoing ticket the player chose to write past (SPEC §4): it is not offered again for this draft. */
  writtenPastInquiryId: number | null;
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
  ticketType: '',
  contactKind: 'email',
  phone: '',
  consent: false,
  requestId: '',
  owner: '',
  writtenPastInquiryId: null,
};
