import { ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { call, expectFailure, okData, schemaKey } from './api-calls.js';
import { harnessForFile } from './helpers.js';
import { loggedInPlayer } from './identity-helpers.js';
import { type CreateBody, officialBody, platformBody, replyBody } from './ticket-bodies.js';
import { countRows, createTicket, createTicketHarness, inquiryDetail, ticketCount } from './tickets-helpers.js';

const h = harnessForFile(createTicketHarness);

describe('control characters in what players and agents write (PostgreSQL refuses NUL in text)', () => {
  const CONTROL = ['\u0000', '\u0001', '\u0007', '\u000b', '\u000c', '\u001b', '\u001f'];

  it("refuse each text of a new ticket with the field's own key, and open nothing", async () => {
    const player = await loggedInPlayer(h);
    for (const character of CONTROL) {
      const cases: [Partial<CreateBody>, string][] = [
        [{ title: `Lost${character}ship` }, 'titleInvalid'],
        [{ content: `My ship vanished${character} after the update.` }, 'contentInvalid'],
        [{ roleName: `Captain${character}Mira` }, 'roleRequired'],
        [{ serverId: `s${character}1` }, 'serverRequired'],
        [{ gameAreaId: `as${character}ia` }, 'regionRequired'],
        [{ roleId: `r100${character}101` }, 'roleRequired'],
        [{ contactKind: 'email', contact: `player1${character}@demo.example` }, 'emailInvalid'],
        // Vertical tab and form feed are spacing in a phone number, dropped like the other spaces.
        ...(/\s/.test(character)
          ? []
          : [[{ contactKind: 'phone', contact: `+44 20 7946${character}0958` }, 'phoneInvalid'] as [Partial<CreateBody>, string]]),
      ];
      for (const [override, key] of cases) {
        expectFailure(
          await call(h, 'createInquiry', { token: h.player1, body: officialBody(override) }),
          400,
          ERROR_CODES.badRequest,
          schemaKey(key),
        );
      }
      expectFailure(
        await call(h, 'createInquiry', { token: player.token, body: platformBody({ title: `Top-up${character}missing` }) }),
        400,
        ERROR_CODES.badRequest,
        schemaKey('titleInvalid'),
      );
    }
    expect(await ticketCount(h, player.id)).toBe(0);
    // Tabs and line breaks are text like any other.
    const id = await createTicket(
      h,
      player.token,
      platformBody({ title: 'Top-up\tmissing', content: 'Paid yesterday.\r\nNothing arrived.' }),
    );
    expect(okData('inquiryDetail', await inquiryDetail(h, player.token, id))).toMatchObject({
      title: 'Top-up\tmissing',
      content: 'Paid yesterday.\r\nNothing arrived.',
    });
  });

  it('refuse a reply, an agent reply and a rating comment with their keys, and add nothing', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    for (const character of CONTROL) {
      const text = `More${character}information`;
      expectFailure(
        await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, text) }),
        400,
        ERROR_CODES.badRequest,
        schemaKey('replyInvalid'),
      );
      expectFailure(
        await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id, text) }),
        400,
        ERROR_CODES.badRequest,
        schemaKey('replyInvalid'),
      );
    }
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(0);
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: id } }));
    for (const character of CONTROL) {
      const body = { inquiryId: id, score: 1, reasons: ['slow'], comment: `Slow${character}` };
      expectFailure(await call(h, 'inquiryScore', { token: player.token, body }), 400, ERROR_CODES.badRequest, schemaKey('commentInvalid'));
    }
    expect(await countRows(h.db, 'ticket_ratings WHERE ticket_id = $1', [id])).toBe(0);
  });

  it("refuse the agents' search text with its key", async () => {
    for (const character of ['%00', '%01', '%1B', '%1F']) {
      expectFailure(
        await call(h, 'agentInquiries', { token: h.agent, query: `?keyword=ship${character}` }),
        400,
        ERROR_CODES.badRequest,
        schemaKey('keywordInvalid'),
      );
    }
    okData('agentInquiries', await call(h, 'agentInquiries', { token: h.agent, query: '?keyword=ship%09hangar' }));
  });
});
