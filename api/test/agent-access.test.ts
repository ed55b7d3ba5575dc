import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type EndpointName, ERROR_CODES } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { runCreateAccount } from '../src/identity/create-account.js';
import { call, expectFailure, okData } from './api-calls.js';
import { commandOutput, harnessForFile, testHasher } from './helpers.js';
import { loginToken } from './identity-helpers.js';
import { officialBody, replyBody } from './ticket-bodies.js';
import { countRows, createTicket, createTicketHarness, marker, ticketRow } from './tickets-helpers.js';

const h = harnessForFile(createTicketHarness);

const AGENT_CALLS: EndpointName[] = [
  'agentInquiries',
  'agentInquiryDetail',
  'agentInquiryReply',
  'agentInquiryEnd',
  'agentInquiryAssign',
  'agentInquiryNote',
  'deskAgents',
];
/** The canned replies' calls (canned-replies.test.ts checks them). */
const CANNED_REPLY_CALLS: EndpointName[] = ['cannedReplies', 'cannedReplyCreate', 'cannedReplyUpdate', 'cannedReplyDelete'];

function agentRequest(name: EndpointName, inquiryId: number): { query?: string; body?: unknown } {
  switch (name) {
    case 'agentInquiries':
      return { query: '' };
    case 'agentInquiryDetail':
      return { query: `?inquiryId=${inquiryId}` };
    case 'agentInquiryReply':
      return { body: replyBody(inquiryId, 'Agent impostor.') };
    case 'agentInquiryAssign':
      return { body: { inquiryId, assigneeId: null, expectedAssigneeId: null } };
    case 'agentInquiryNote':
      return { body: { inquiryId, requestId: randomUUID(), content: 'Impostor note.' } };
    case 'deskAgents':
      return { query: '' };
    default:
      return { body: { inquiryId } };
  }
}

describe('the agent calls', () => {
  it('are the agent endpoints of the table with the canned replies', () => {
    const agentOnly = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) => ENDPOINTS[name].auth === 'agent');
    expect(agentOnly.sort()).toEqual([...AGENT_CALLS, ...CANNED_REPLY_CALLS, 'agentPermissions'].sort());
  });

  it('refuse players with 4030 agentsOnly and guests with -600, changing nothing', async () => {
    const id = await createTicket(h, h.player1, officialBody());
    for (const name of AGENT_CALLS) {
      expectFailure(await call(h, name, { token: h.player1, ...agentRequest(name, id) }), 403, ERROR_CODES.forbidden, 'agentsOnly');
      expectFailure(await call(h, name, { token: h.player2, ...agentRequest(name, id) }), 403, ERROR_CODES.forbidden, 'agentsOnly');
      expectFailure(await call(h, name, agentRequest(name, id)), 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
    }
    expect(await ticketRow(h.db, id)).toMatchObject({ status: 'processing', ended_by: null, feedback_at: null });
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(0);
  });

  it('work for an agent the operator command creates, and not for a player it creates', async () => {
    for (const role of ['agent', 'player'] as const) {
      const account = `desk-${role}-${marker()}`;
      const { stdout, stderr } = commandOutput();
      const code = await runCreateAccount(
        {
          argv: ['--', '--account', account, '--role', role],
          env: { ACCOUNT_PASSWORD: 'Desk-pass-2024' },
          stdin: Readable.from([]),
          stdout,
          stderr,
        },
        { db: h.db, hasher: testHasher },
      );
      expect(code).toBe(0);
      const answer = await call(h, 'agentInquiries', { token: await loginToken(h, account, 'Desk-pass-2024') });
      if (role === 'agent') okData('agentInquiries', answer);
      else expectFailure(answer, 403, ERROR_CODES.forbidden, 'agentsOnly');
    }
  });
});
