import { randomUUID } from 'node:crypto';
import type { EndpointBody } from 'shared-contracts';

/** The bodies of the ticket calls a player's browser sends, valid unless a test overrides a field. */

export type CreateBody = EndpointBody<'createInquiry'>;

/** An official ticket player1 may open: Star Harbor, server Orion (s1), region Asia, character Captain Mira. */
export function officialBody(overrides: Partial<CreateBody> = {}): CreateBody {
  return {
    requestId: randomUUID(),
    ticketType: '1',
    gameId: 1,
    serverId: 's1',
    gameAreaId: 'asia',
    roleId: 'r100101',
    roleName: 'Captain Mira',
    queryType: 3,
    title: 'Lost my ship',
    content: 'My ship vanished from the hangar after the update.',
    contactKind: 'email',
    contact: 'player1@demo.example',
    attachments: [],
    consent: true,
    ...overrides,
  };
}

/** A platform ticket ('0'): about our service, without server, region or character (anyone may open one). */
export function platformBody(overrides: Partial<CreateBody> = {}): CreateBody {
  return {
    ...officialBody({ ticketType: '0', serverId: '', gameAreaId: '', roleId: '', roleName: '', gameId: 2, queryType: 2 }),
    title: 'Top-up missing',
    content: 'I paid for gems yesterday and they never arrived.',
    contactKind: 'phone',
    contact: '+44 20 7946 0958',
    ...overrides,
  };
}

export function replyBody(
  inquiryId: number,
  content = 'Here is more information.',
  attachments: string[] = [],
): EndpointBody<'inquiryReply'> {
  return { inquiryId, requestId: randomUUID(), content, attachments };
}
