import { randomUUID } from 'node:crypto';
import { createApiClient, TICKET_TYPES, type ApiClient, type InquiryCreateBody } from 'shared-contracts';
import { checkEndpointResponse } from 'shared-contracts/schemas';

/**
 * The site's own API client for the Node-side tools (browser-test set-up, bench): the shared `createApiClient`, acting
 * for one account or none, with every answer checked against its endpoint's response schema. A refused or failed
 * call rejects with its ApiError and is not reported to the API: the tool's own run fails on it.
 */
export function toolApiClient(baseURL: string, token: string | null = null): ApiClient {
  return createApiClient({
    baseURL,
    commonParams: () => ({}),
    token: () => token,
    onSessionInvalid: () => undefined,
    reportError: () => undefined,
    checkResponse: checkEndpointResponse,
  });
}

/**
 * A platform ticket ('0': no server, region or character, so any player can open it) with a new requestId, so it is
 * never taken for a retry.
 */
export function platformTicketBody(
  ticket: Pick<InquiryCreateBody, 'gameId' | 'queryType' | 'title' | 'content' | 'contact'> &
    Partial<Pick<InquiryCreateBody, 'attachments'>>,
): InquiryCreateBody {
  return {
    requestId: randomUUID(),
    ticketType: TICKET_TYPES.platform,
    serverId: '',
    gameAreaId: '',
    roleId: '',
    roleName: '',
    contactKind: 'email',
    consent: true,
    ...ticket,
    attachments: ticket.attachments ?? [],
  };
}
