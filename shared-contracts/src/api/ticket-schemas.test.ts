import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.js';
import { cannedReplyFieldsSchema } from './canned-reply-schemas.js';
import { deskNoteBodySchema } from './desk-schemas.js';
import {
  agentInquiriesQuerySchema,
  inquiryCreateBodySchema,
  inquiryReplyBodySchema,
  inquiryScoreBodySchema,
  normaliseContact,
} from './ticket-schemas.js';

const valid = {
  requestId: '0b6f3f9e-3d1a-4c55-9a57-2f9d5d1c7e11',
  ticketType: '1',
  gameId: 1,
  serverId: 'S1',
  gameAreaId: 'asia',
  roleId: 'r1001',
  roleName: 'Aria',
  queryType: '2',
  title: 'Lost items',
  content: 'My sword vanished after the update.',
  contactKind: 'email',
  contact: 'player@example.com',
  attachments: [],
  consent: true,
} as const;

/** The message keys of every problem, as the form shows them under each field. */
function problems(body: unknown): Record<string, string> {
  const result = inquiryCreateBodySchema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('inquiryCreateBodySchema (SPEC §5)', () => {
  it('accepts a complete official ticket and normalises the server id', () => {
    const parsed = inquiryCreateBodySchema.parse(valid);
    expect(parsed.queryType).toBe(2);
    expect(problems(valid)).toEqual({});
  });

  it('gives each required selection its own prompt', () => {
    expect(
      problems({ ...valid, ticketType: '', gameId: null, serverId: '', gameAreaId: '', roleId: '', roleName: '', queryType: '' }),
    ).toMatchObject({
      ticketType: 'serviceRequired',
      gameId: 'gameRequired',
      queryType: 'categoryRequired',
    });
    expect(problems({ ...valid, serverId: '', gameAreaId: '', roleId: '', roleName: '' })).toEqual({
      serverId: 'serverRequired',
      gameAreaId: 'regionRequired',
      roleId: 'roleRequired',
      roleName: 'roleRequired',
    });
  });

  it('does not ask a platform ticket for server, region or character', () => {
    expect(problems({ ...valid, ticketType: '0', serverId: '', gameAreaId: '', roleId: '', roleName: '' })).toEqual({});
  });

  it('applies the title and detail lengths after trimming', () => {
    expect(problems({ ...valid, title: ' a ' })).toEqual({ title: 'titleTooShort' });
    expect(problems({ ...valid, title: 'x'.repeat(LIMITS.titleMax + 1) })).toEqual({ title: 'titleTooLong' });
    expect(problems({ ...valid, content: 'too short' })).toEqual({ content: 'contentTooShort' });
    expect(problems({ ...valid, content: 'x'.repeat(LIMITS.contentMax + 1) })).toEqual({ content: 'contentTooLong' });
    expect(problems({ ...valid, title: 'x'.repeat(LIMITS.titleMax), content: `${'x'.repeat(LIMITS.contentMax - 4)} end` })).toEqual({});
  });

  it('checks the e-mail or phone and the consent', () => {
    expect(problems({ ...valid, contact: 'not-an-address' })).toEqual({ contact: 'emailInvalid' });
    expect(problems({ ...valid, contactKind: 'phone', contact: '12345' })).toEqual({ contact: 'phoneInvalid' });
    expect(problems({ ...valid, contactKind: 'phone', contact: '+82 10-1234-5678' })).toEqual({});
    expect(problems({ ...valid, consent: false })).toEqual({ consent: 'consentRequired' });
    expect(normaliseContact('phone', '+82 (10) 1234-5678')).toBe('+821012345678');
  });

  it('reads a phone number typed in full-width digits (a Japanese or Chinese input method) as the same number', () => {
    expect(problems({ ...valid, contactKind: 'phone', contact: '＋８１　９０－１２３４－５６７８' })).toEqual({});
    expect(normaliseContact('phone', '＋８１（９０）１２３４－５６７８')).toBe('+819012345678');
  });

  it('reads a phone number typed in Arabic-Indic or Persian digits as the same number', () => {
    expect(problems({ ...valid, contactKind: 'phone', contact: '+٨٢١٠١٢٣٤٥٦٧٨' })).toEqual({});
    expect(normaliseContact('phone', '+۹۸ (۹۱۲) ۳۴۵-۶۷۸۹')).toBe('+989123456789');
  });

  it('stores an e-mail trimmed with its domain lower-cased, the part before the @ as typed', () => {
    expect(normaliseContact('email', '  Player.One@Example.COM ')).toBe('Player.One@example.com');
    expect(normaliseContact('email', '"a@b"@Mail.Example')).toBe('"a@b"@mail.example');
  });

  it('takes the category as a number or its digits, and nothing else a coercion would turn into one', () => {
    for (const queryType of [2, '2', '02']) expect(inquiryCreateBodySchema.parse({ ...valid, queryType }).queryType).toBe(2);
    for (const queryType of [true, [2], ' 2', '2.0', 2.5, '', null, {}]) {
      expect(problems({ ...valid, queryType }), JSON.stringify(queryType)).toEqual({ queryType: 'categoryRequired' });
    }
  });

  it("refuses control characters in the texts with the field's own prompt, and keeps tabs and line breaks", () => {
    for (const character of ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f']) {
      expect(problems({ ...valid, title: `Lost${character}items` })).toEqual({ title: 'titleInvalid' });
      expect(problems({ ...valid, content: `My sword vanished${character} after the update.` })).toEqual({ content: 'contentInvalid' });
      expect(problems({ ...valid, roleName: `Ar${character}ia` })).toEqual({ roleName: 'roleRequired' });
    }
    expect(problems({ ...valid, title: 'Lost\titems', content: 'My sword vanished\r\nafter the update.' })).toEqual({});
  });

  it('allows three distinct attachments at most', () => {
    const ids = ['a', 'b', 'c', 'd'].map((letter) => `0b6f3f9e-3d1a-4c55-9a57-2f9d5d1c7e1${letter}`);
    expect(problems({ ...valid, attachments: ids })).toEqual({ attachments: 'attachmentsTooMany' });
    expect(problems({ ...valid, attachments: [ids[0], ids[0]] })).toEqual({ attachments: 'attachmentsRepeated' });
    expect(problems({ ...valid, attachments: ids.slice(0, 3) })).toEqual({});
  });
});

describe('inquiryScoreBodySchema', () => {
  it('takes reasons only with a low score', () => {
    expect(inquiryScoreBodySchema.safeParse({ inquiryId: 1, score: 2, reasons: ['slow'] }).success).toBe(true);
    expect(inquiryScoreBodySchema.safeParse({ inquiryId: 1, score: 5, reasons: ['slow'] }).success).toBe(false);
    expect(inquiryScoreBodySchema.safeParse({ inquiryId: 1, score: 0 }).success).toBe(false);
    expect(inquiryScoreBodySchema.parse({ inquiryId: 1, score: 5 })).toMatchObject({ reasons: [], comment: '' });
  });
});

describe("texts of replies, ratings and the agents' search", () => {
  it('refuse control characters with their own keys', () => {
    const reply = { inquiryId: 1, requestId: valid.requestId, attachments: [] };
    expect(inquiryReplyBodySchema.safeParse({ ...reply, content: 'One\u0000more' }).error?.issues.map((issue) => issue.message)).toEqual([
      'replyInvalid',
    ]);
    expect(inquiryReplyBodySchema.safeParse({ ...reply, content: 'One\nmore' }).success).toBe(true);
    expect(
      inquiryScoreBodySchema.safeParse({ inquiryId: 1, score: 2, comment: 'Slow\u0007' }).error?.issues.map((issue) => issue.message),
    ).toEqual(['commentInvalid']);
    expect(agentInquiriesQuerySchema.safeParse({ keyword: 'ship\u0000' }).error?.issues.map((issue) => issue.message)).toEqual([
      'keywordInvalid',
    ]);
  });
});

/** Texts that show nothing though they are not whitespace: Hangul fillers, zero-width and format characters, the braille blank. */
const BLANK_LOOKING = ['\u3164\u3164', '\u115f\u1160', '\u200b\u200b', '\u2800\u2800', '\uffa0\u2060\ufeff', '\u3164 \u200b\u3000\u2800'];

/** The message keys of a single field's problems. */
function fieldProblems(schema: { safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } }, value: unknown): string[] {
  return schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
}

describe('texts that show nothing (QA34 finding 1)', () => {
  it("count as empty in a ticket's title and detail, with the too-short prompt only", () => {
    for (const blank of BLANK_LOOKING) {
      const long = `${blank}${blank}${blank}${blank}${blank}${blank}`;
      expect(problems({ ...valid, title: blank, content: long }), JSON.stringify(blank)).toEqual({
        title: 'titleTooShort',
        content: 'contentTooShort',
      });
    }
    // The form's other prompts still come with it (an empty draft shows every prompt at once).
    expect(problems({ ...valid, serverId: '', contactKind: 'phone', contact: '', title: '\u3164\u3164' })).toEqual({
      serverId: 'serverRequired',
      contact: 'phoneInvalid',
      title: 'titleTooShort',
    });
    // Visible text with a filler or a zero-width mark in it is text.
    expect(problems({ ...valid, title: '\u3164Lost\u200bitems', content: 'My sword\u3164vanished after the update.' })).toEqual({});
  });

  it("count as empty in replies, desk replies, internal notes and canned replies, with each field's own key", () => {
    for (const blank of BLANK_LOOKING) {
      expect(fieldProblems(inquiryReplyBodySchema.shape.content, blank), JSON.stringify(blank)).toEqual(['replyTooShort']);
      expect(fieldProblems(deskNoteBodySchema.shape.content, blank)).toEqual(['noteTooShort']);
      expect(fieldProblems(cannedReplyFieldsSchema.shape.title, blank)).toEqual(['cannedTitleRequired']);
      expect(fieldProblems(cannedReplyFieldsSchema.shape.body, blank)).toEqual(['cannedBodyRequired']);
    }
    expect(fieldProblems(inquiryReplyBodySchema.shape.content, '\u200b👍')).toEqual([]);
    expect(fieldProblems(cannedReplyFieldsSchema.shape.title, 'ㅤ환불 안내')).toEqual([]);
    // A control character keeps its own key.
    expect(fieldProblems(cannedReplyFieldsSchema.shape.title, '\u0007\u200b')).toEqual(['cannedTitleInvalid']);
  });
});

describe('minimum lengths count the characters a reader sees (visibleLength)', () => {
  it('refuse a title or detail that is long enough only with fillers, zero-width or format characters in it', () => {
    for (const invisible of ['\u3164', '\u200b', '\u2800', '\u115f', '\ufe0f', '\u00ad', '\u2060']) {
      expect(problems({ ...valid, title: `a${invisible}` }), JSON.stringify(invisible)).toEqual({ title: 'titleTooShort' });
      expect(problems({ ...valid, title: `${invisible}a ${invisible}` }), JSON.stringify(invisible)).toEqual({ title: 'titleTooShort' });
      // Nine characters and two words, padded to ten or more.
      expect(problems({ ...valid, content: `Lost item${invisible.repeat(3)}` }), JSON.stringify(invisible)).toEqual({
        content: 'contentTooShort',
      });
    }
    // Two characters are two, whatever is beside them; an emoji is one, its joiners nothing.
    expect(problems({ ...valid, title: 'ab\u3164', content: 'Lost items\u200b' })).toEqual({});
    expect(problems({ ...valid, title: '👨\u200d👩\u200d👧' })).toEqual({});
    expect(problems({ ...valid, title: '😀\u200b' })).toEqual({ title: 'titleTooShort' });
  });

  it('keep counting every stored character for the maximum', () => {
    expect(problems({ ...valid, title: `${'x'.repeat(LIMITS.titleMax - 1)}\u200b\u200b` })).toEqual({ title: 'titleTooLong' });
    expect(problems({ ...valid, content: `My sword vanished ${'\u3164'.repeat(LIMITS.contentMax)}` })).toEqual({
      content: 'contentTooLong',
    });
  });

  it("use each field's own key in replies, internal notes and canned replies", () => {
    const reply = { inquiryId: 1, requestId: valid.requestId, attachments: [] };
    expect(inquiryReplyBodySchema.safeParse({ ...reply, content: '\u3164\u200b' }).error?.issues.map((issue) => issue.message)).toEqual([
      'replyTooShort',
    ]);
    expect(fieldProblems(inquiryReplyBodySchema.shape.content, 'k\u3164')).toEqual([]);
    expect(fieldProblems(deskNoteBodySchema.shape.content, '\u2800')).toEqual(['noteTooShort']);
    expect(fieldProblems(cannedReplyFieldsSchema.shape.body, '\ufeff')).toEqual(['cannedBodyRequired']);
  });
});

describe("a rating's optional comment", () => {
  it('is no comment when it shows nothing', () => {
    for (const blank of [...BLANK_LOOKING, '\u3164\u3164\u2800\n\u200b']) {
      expect(inquiryScoreBodySchema.parse({ inquiryId: 1, score: 2, comment: blank }).comment, JSON.stringify(blank)).toBe('');
    }
  });

  it('is kept as written, trimmed, when it shows anything', () => {
    expect(inquiryScoreBodySchema.parse({ inquiryId: 1, score: 2, comment: ' \u3164Slow. ' }).comment).toBe('\u3164Slow.');
    // A control character keeps its own key rather than being emptied.
    expect(fieldProblems(inquiryScoreBodySchema, { inquiryId: 1, score: 2, comment: '\u0007\u3164' })).toEqual(['commentInvalid']);
  });
});
