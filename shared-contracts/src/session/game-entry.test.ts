import { describe, expect, it } from 'vitest';
import { readGameEntry } from './game-entry.js';

const base = 'https://nova.localhost/SupportCenter/game';

describe('readGameEntry', () => {
  it("reads a game client's address and gives it back without any of the entry's parameters", () => {
    const { entry, cleanHref } = readGameEntry(
      `${base}?spec_lang=en&oauth_token=tok-123&clientId=3&gameId=3&serverId=S12&gameAreaId=asia&roleId=r100101&roleName=Aria%20Vale&isFromGameFaq=1#top`,
    );
    expect(entry).toEqual({
      token: 'tok-123',
      clientId: '3',
      isFromGameFaq: true,
      form: { gameId: 3, serverId: 's12', gameAreaId: 'asia', roleId: 'r100101', roleName: 'Aria Vale' },
    });
    expect(cleanHref).toBe(`${base}?spec_lang=en#top`);
  });

  it('normalises server ids to a lowercase s (SPEC §4)', () => {
    for (const [given, expected] of [
      ['S12', 's12'],
      ['12', 's12'],
      ['s12', 's12'],
      [' S7 ', 's7'],
    ]) {
      expect(readGameEntry(`${base}?gameId=1&serverId=${encodeURIComponent(given ?? '')}`).entry?.form?.serverId).toBe(expected);
    }
  });

  it('leaves out what is not well formed, as if not given, so the form asks for it', () => {
    const { entry } = readGameEntry(
      `${base}?gameId=1&serverId=s%2012!&gameAreaId=${'a'.repeat(40)}&roleName=Orphan&clientId=%3Cx%3E&oauth_token=`,
    );
    expect(entry).toEqual({
      token: null,
      clientId: null,
      isFromGameFaq: false,
      form: { gameId: 1, serverId: '', gameAreaId: '', roleId: '', roleName: '' },
    });
    expect(readGameEntry(`${base}?gameId=abc&serverId=s1`).entry?.form).toBeNull();
    expect(readGameEntry(`${base}?gameId=0`).entry?.form).toBeNull();
  });

  it('reads the flag as the game sends it and finds no entry in an ordinary address', () => {
    expect(readGameEntry(`${base}?isFromGameFaq=true`).entry?.isFromGameFaq).toBe(true);
    expect(readGameEntry(`${base}?isFromGameFaq`).entry?.isFromGameFaq).toBe(true);
    expect(readGameEntry(`${base}?isFromGameFaq=0`).entry?.isFromGameFaq).toBe(false);
    expect(readGameEntry(`${base}?spec_lang=en`)).toEqual({ entry: null, cleanHref: `${base}?spec_lang=en` });
  });
});
