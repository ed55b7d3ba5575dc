import { ERROR_CODES, LANGUAGES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { expectFailure, okData } from './api-calls.js';
import { harnessForFile } from './helpers.js';
import { createTicketHarness } from './tickets-helpers.js';
import { get, seed } from './support-helpers.js';

const harness = harnessForFile(createTicketHarness);

describe('GET /inquiries/types', () => {
  it('lists the question categories in the request language', async () => {
    for (const language of LANGUAGES) {
      expect(okData('inquiryTypes', await get(harness, 'inquiryTypes', `?gameId=3&spec_lang=${language}`))).toEqual(
        seed.inquiryCategories.map((category) => ({ id: category.id, name: category.name[language] })),
      );
    }
    const english = okData('inquiryTypes', await get(harness, 'inquiryTypes', '?gameId=3'));
    expect(english.map((category) => category.name)).toEqual([
      'Account',
      'Payment / top-up',
      'Bug report',
      'Gameplay',
      'Suggestion',
      'Other',
    ]);
  });

  it('leaves out withdrawn categories', async () => {
    await harness.db.query('UPDATE inquiry_categories SET published = false WHERE id = 5');
    harness.app.support.invalidate();
    try {
      expect(okData('inquiryTypes', await get(harness, 'inquiryTypes', '?gameId=3')).map((category) => category.id)).toEqual([
        1, 2, 3, 4, 6,
      ]);
    } finally {
      await harness.db.query('UPDATE inquiry_categories SET published = true WHERE id = 5');
      harness.app.support.invalidate();
    }
  });
});

describe('GET /game/servers/v2 and /game/areas', () => {
  it("lists a game's servers, ids starting with a lowercase s", async () => {
    for (const game of seed.games) {
      const servers = okData('gameServers', await get(harness, 'gameServers', `?gameId=${game.gameId}`));
      expect(servers).toEqual(game.servers.map((server) => ({ id: server.id, name: server.name })));
      expect(servers.length).toBeGreaterThanOrEqual(2);
      for (const server of servers) expect(server.id).toMatch(/^s/);
    }
    expect(okData('gameServers', await get(harness, 'gameServers', '?gameId=1'))).toEqual([
      { id: 's1', name: 'Orion' },
      { id: 's2', name: 'Lyra' },
      { id: 's3', name: 'Vega' },
    ]);
  });

  it("lists a server's regions in the request language", async () => {
    expect(okData('gameAreas', await get(harness, 'gameAreas', '?gameId=1&serverId=s1'))).toEqual([
      { id: 'asia', name: 'Asia' },
      { id: 'europe', name: 'Europe' },
    ]);
    expect(okData('gameAreas', await get(harness, 'gameAreas', '?gameId=1&serverId=s1&spec_lang=ja'))).toEqual([
      { id: 'asia', name: 'アジア' },
      { id: 'europe', name: 'ヨーロッパ' },
    ]);
    expect(okData('gameAreas', await get(harness, 'gameAreas', '?gameId=1&serverId=s2&spec_lang=ar'))).toEqual([
      { id: 'americas', name: 'الأمريكتان' },
    ]);
  });

  it('normalises the server id to a lowercase s (SPEC §4)', async () => {
    const expected = okData('gameAreas', await get(harness, 'gameAreas', '?gameId=4&serverId=s2'));
    expect(expected.length).toBe(2);
    for (const serverId of ['S2', '2', '%20s2%20']) {
      expect(okData('gameAreas', await get(harness, 'gameAreas', `?gameId=4&serverId=${serverId}`)), serverId).toEqual(expected);
    }
  });

  it('answers 4040 serverNotFound for a server of another game or none, 4000 for a malformed id', async () => {
    expectFailure(await get(harness, 'gameAreas', '?gameId=2&serverId=s3'), 404, ERROR_CODES.notFound, 'serverNotFound');
    expectFailure(await get(harness, 'gameAreas', '?gameId=1&serverId=s99'), 404, ERROR_CODES.notFound, 'serverNotFound');
    expectFailure(await get(harness, 'gameAreas', '?gameId=1'), 400, ERROR_CODES.badRequest, /Missing required query parameter "serverId"/);
    expectFailure(await get(harness, 'gameAreas', '?gameId=1&serverId='), 400, ERROR_CODES.badRequest, /"serverId": must not be empty/);
    expectFailure(
      await get(harness, 'gameAreas', '?gameId=1&serverId=s1%27--'),
      400,
      ERROR_CODES.badRequest,
      /"serverId": contains characters/,
    );
    expectFailure(
      await get(harness, 'gameAreas', `?gameId=1&serverId=s${'1'.repeat(40)}`),
      400,
      ERROR_CODES.badRequest,
      /"serverId": must be at most 32/,
    );
  });
});

describe('GET /game/roles', () => {
  it('needs a valid session: -600 without one, before looking at the input', async () => {
    for (const query of ['?gameId=1&serverId=s1', '?gameId=999&serverId=s1', '?bad=1']) {
      const answer = await get(harness, 'gameRoles', query);
      expectFailure(answer, 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
      expect(answer.headers['www-authenticate']).toBe('Bearer');
    }
    expectFailure(
      await get(harness, 'gameRoles', '?gameId=1&serverId=s1', 'x'.repeat(43)),
      401,
      ERROR_CODES.sessionInvalid,
      'sessionInvalid',
    );
  });

  it("lists the player's characters on a server, highest level first, and by region", async () => {
    const roles = okData('gameRoles', await get(harness, 'gameRoles', '?gameId=1&serverId=s1', harness.player1));
    expect(roles).toEqual([
      { roleId: 'r100101', roleName: 'Captain Mira', level: 58, areaId: 'asia' },
      { roleId: 'r100102', roleName: 'Jax Orbit', level: 12, areaId: 'europe' },
    ]);
    expect(okData('gameRoles', await get(harness, 'gameRoles', '?gameId=1&serverId=S1&areaId=europe', harness.player1))).toEqual([
      { roleId: 'r100102', roleName: 'Jax Orbit', level: 12, areaId: 'europe' },
    ]);
    const answer = await get(harness, 'gameRoles', '?gameId=1&serverId=s1', harness.player1);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('answers an empty list where the player has no character', async () => {
    expect(okData('gameRoles', await get(harness, 'gameRoles', '?gameId=2&serverId=s1', harness.player1))).toEqual([]);
    expect(okData('gameRoles', await get(harness, 'gameRoles', '?gameId=1&serverId=s2', harness.player1))).toEqual([]);
    expect(okData('gameRoles', await get(harness, 'gameRoles', '?gameId=1&serverId=s3&areaId=asia', harness.player1))).toEqual([]);
    // harness.player2 has characters nowhere ("No Character Info.").
    for (const game of seed.games) {
      for (const server of game.servers) {
        expect(
          okData('gameRoles', await get(harness, 'gameRoles', `?gameId=${game.gameId}&serverId=${server.id}`, harness.player2)),
        ).toEqual([]);
      }
    }
  });

  it("shows only the token's own characters", async () => {
    const { rows } = await harness.db.query<{ id: number }>("SELECT id FROM accounts WHERE account = 'player2'");
    await harness.db.query(
      `INSERT INTO game_roles (game_id, server_id, id, area_id, account_id, name, level)
       VALUES (1, 's1', 'r999', 'asia', $1, 'Second Player', 99)`,
      [rows[0]?.id ?? -1],
    );
    try {
      expect(okData('gameRoles', await get(harness, 'gameRoles', '?gameId=1&serverId=s1', harness.player2))).toEqual([
        { roleId: 'r999', roleName: 'Second Player', level: 99, areaId: 'asia' },
      ]);
      const mine = okData('gameRoles', await get(harness, 'gameRoles', '?gameId=1&serverId=s1', harness.player1)).map(
        (role) => role.roleId,
      );
      expect(mine).toEqual(['r100101', 'r100102']);
    } finally {
      await harness.db.query("DELETE FROM game_roles WHERE id = 'r999'");
    }
  });

  it('answers 4040 for an unknown server or region, 4000 for malformed ids', async () => {
    expectFailure(await get(harness, 'gameRoles', '?gameId=1&serverId=s9', harness.player1), 404, ERROR_CODES.notFound, 'serverNotFound');
    expectFailure(
      await get(harness, 'gameRoles', '?gameId=1&serverId=s1&areaId=oceania', harness.player1),
      404,
      ERROR_CODES.notFound,
      'areaNotFound',
    );
    expectFailure(
      await get(harness, 'gameRoles', '?gameId=1', harness.player1),
      400,
      ERROR_CODES.badRequest,
      /Missing required query parameter "serverId"/,
    );
    expectFailure(
      await get(harness, 'gameRoles', '?gameId=1&serverId=s1&areaId=%3Cx%3E', harness.player1),
      400,
      ERROR_CODES.badRequest,
      /"areaId": contains characters/,
    );
  });
});

describe('GET /game/downloads', () => {
  it('lists the download links per platform, empty for games without any yet', async () => {
    for (const game of seed.games) {
      expect(okData('gameDownloads', await get(harness, 'gameDownloads', `?gameId=${game.gameId}`))).toEqual(
        [...game.downloads].sort((a, b) => ['android', 'ios', 'pc'].indexOf(a.platform) - ['android', 'ios', 'pc'].indexOf(b.platform)),
      );
    }
    expect(okData('gameDownloads', await get(harness, 'gameDownloads', '?gameId=1')).map((link) => link.platform)).toEqual([
      'android',
      'ios',
      'pc',
    ]);
    expect(okData('gameDownloads', await get(harness, 'gameDownloads', '?gameId=3'))).toEqual([]);
    const withLinks = [];
    for (const game of seed.games) {
      if (okData('gameDownloads', await get(harness, 'gameDownloads', `?gameId=${game.gameId}`)).length > 0) withLinks.push(game.gameId);
    }
    expect(withLinks.length).toBe(6);
  });
});
