import { createHash } from 'node:crypto';
import { ACCOUNT_RULES, ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { Sessions } from '../src/identity/sessions.js';
import { call, expectFailure, okData, SESSION_INVALID } from './api-calls.js';
import { createTestApp, harnessForFile } from './helpers.js';
import { createAccount, createSocialAccount, INVALID_CREDENTIALS, login, loginToken, PASSWORD, unique } from './identity-helpers.js';

const harness = harnessForFile(createTestApp);

describe('POST /website/login/password', () => {
  it('logs in with account and password and hands out a random token with the session lifetime', async () => {
    const account = await createAccount(harness);
    const answer = await login(harness, account.account);
    const data = okData('loginPassword', answer);
    expect(data.account).toBe(account.account);
    expect(data.type).toBe('PLATFORM');
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(data.expiresAt).getTime()).toBe(harness.clock.now().getTime() + ACCOUNT_RULES.sessionHours * 3_600_000);
    expect(answer.headers['cache-control']).toBe('no-store');
    const second = okData('loginPassword', await login(harness, account.account));
    expect(second.token).not.toBe(data.token);
  });

  it('matches the account name without regard to case and answers with the stored name', async () => {
    const account = await createAccount(harness, { name: unique('MixedCase').name });
    const data = okData('loginPassword', await login(harness, account.account.toUpperCase()));
    expect(data.account).toBe(account.account);
  });

  it('gives a wrong password and an unknown account the very same 401 answer', async () => {
    const account = await createAccount(harness);
    const wrong = await login(harness, account.account, 'Wrong-password-1');
    const unknown = await login(harness, unique('nobody').name, PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(INVALID_CREDENTIALS);
    expect(unknown.body).toEqual(INVALID_CREDENTIALS);
    expect(wrong.headers['www-authenticate']).toBeUndefined();
  });

  it('refuses a password login to a social account, which has none', async () => {
    const social = await createSocialAccount(harness, 'google', `sub-${unique().name}`);
    const answer = await login(harness, social.account, PASSWORD);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID_CREDENTIALS);
  });

  it('validates the body with the shared schema, passing its message keys through', async () => {
    const cases: [unknown, RegExp][] = [
      [{ account: 'player1' }, /^Missing required body field "password"$/],
      [{ password: 'x' }, /^Missing required body field "account"$/],
      [{ account: 'ab', password: 'x' }, /^Invalid body field "account": accountTooShort$/],
      [{ account: 'a'.repeat(65), password: 'x' }, /^Invalid body field "account": accountTooLong$/],
      [{ account: 'bad name!', password: 'x' }, /^Invalid body field "account": accountCharacters$/],
      [{ account: 'player1', password: '' }, /^Invalid body field "password": passwordRequired$/],
      [{ account: 'player1', password: 'x'.repeat(129) }, /^Invalid body field "password": passwordTooLong$/],
      [{ account: 'player1', password: 'x', remember: 'yes' }, /^Invalid body field "remember": expected true or false$/],
      [{ account: 'player1', password: 'x', admin: true }, /^Unknown body field "admin"$/],
    ];
    for (const [body, message] of cases) {
      expectFailure(await call(harness, 'loginPassword', { body }), 400, ERROR_CODES.badRequest, message);
    }
  });

  it('stores only the SHA-256 of a token, never the token', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const { rows } = await harness.db.query<Record<string, unknown>>('SELECT * FROM sessions WHERE account_id = $1', [account.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const { rows: accounts } = await harness.db.query<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE id = $1', [
      account.id,
    ]);
    expect(accounts[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(accounts[0]?.password_hash).not.toContain(PASSWORD);
  });
});

describe('GET /website/login/auth', () => {
  it('answers account and type for a live token', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const data = okData('loginAuth', await call(harness, 'loginAuth', { query: `?oauth_token=${token}&spec_lang=en` }));
    expect(data).toEqual({ account: account.account, type: 'PLATFORM', role: 'player' });
  });

  it("tells the session's role at login, in the token check and in the account info (the shell asks an agent no player's calls)", async () => {
    const agent = await createAccount(harness, { role: 'agent' });
    const token = okData('loginPassword', await login(harness, agent.account)).token;
    expect(okData('loginPassword', await login(harness, agent.account)).role).toBe('agent');
    expect(okData('loginAuth', await call(harness, 'loginAuth', { token })).role).toBe('agent');
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token })).role).toBe('agent');
    const player = await createAccount(harness);
    expect(okData('loginPassword', await login(harness, player.account)).role).toBe('player');
  });

  it('checks the Authorization header when no oauth_token is given (the site keeps tokens out of URLs)', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    expect(okData('loginAuth', await call(harness, 'loginAuth', { token }))).toEqual({
      account: account.account,
      type: 'PLATFORM',
      role: 'player',
    });
    // The parameter, when given, is the token checked.
    const other = await createAccount(harness);
    const otherToken = await loginToken(harness, other.account);
    expect(okData('loginAuth', await call(harness, 'loginAuth', { token, query: `?oauth_token=${otherToken}` })).account).toBe(
      other.account,
    );
  });

  it('answers -600 for an unknown or missing token and 400 for a malformed one', async () => {
    const unknownAnswer = await call(harness, 'loginAuth', { query: `?oauth_token=${'B'.repeat(43)}` });
    expect(unknownAnswer.status).toBe(401);
    expect(unknownAnswer.body).toEqual(SESSION_INVALID);
    expect((await call(harness, 'loginAuth', { token: 'C'.repeat(43) })).body).toEqual(SESSION_INVALID);
    expect((await call(harness, 'loginAuth')).body).toEqual(SESSION_INVALID);
    expectFailure(await call(harness, 'loginAuth', { query: '?oauth_token=abc' }), 400, ERROR_CODES.badRequest, /"oauth_token"/);
  });
});

describe('GET /website/login/login_config', () => {
  it('offers no social login until one is configured, and guests', async () => {
    const data = okData('loginConfig', await call(harness, 'loginConfig', { query: '?clientId=web-portal&spec_lang=en' }));
    expect(data).toEqual({ providers: [], guestAllowed: true });
  });

  it("offers no guest to a game's player (clientId names a game) nor to a live session (oauth_token or header)", async () => {
    const guestAllowed = async (options: { query?: string; token?: string }) =>
      okData('loginConfig', await call(harness, 'loginConfig', options)).guestAllowed;
    expect(await guestAllowed({ query: '?clientId=3' })).toBe(false);
    expect(await guestAllowed({ query: '?clientId=999999' })).toBe(true);
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    expect(await guestAllowed({ query: `?oauth_token=${token}` })).toBe(false);
    expect(await guestAllowed({ token })).toBe(false);
    // A dead token is no refusal here: the visitor is simply not logged in.
    expect(await guestAllowed({ query: `?oauth_token=${'D'.repeat(43)}` })).toBe(true);
  });

  it('answers a server error, not "guests welcome", when it cannot read the sessions', async () => {
    const broken = await createTestApp();
    try {
      const account = await createAccount(broken);
      const token = await loginToken(broken, account.account);
      await broken.db.query('ALTER TABLE sessions RENAME TO sessions_away');
      const answer = await call(broken, 'loginConfig', { token });
      expect(answer.status).toBe(500);
    } finally {
      await broken.cleanup();
    }
  });

  it('validates its parameters', async () => {
    expectFailure(
      await call(harness, 'loginConfig', { query: '?clientId=%3Cx%3E' }),
      400,
      ERROR_CODES.badRequest,
      /"clientId": contains characters/,
    );
    expectFailure(await call(harness, 'loginConfig', { query: '?oauth_token=x' }), 400, ERROR_CODES.badRequest, /"oauth_token"/);
    expectFailure(
      await call(harness, 'loginConfig', { query: '?provider=google' }),
      400,
      ERROR_CODES.badRequest,
      /Unknown query parameter "provider"/,
    );
  });

  it('lists the configured providers', async () => {
    const app = await buildApp({ db: harness.db, oauthProviders: ['google', 'vk'] });
    try {
      expect(okData('loginConfig', await call({ ...harness, app }, 'loginConfig'))).toEqual({
        providers: ['google', 'vk'],
        guestAllowed: true,
      });
    } finally {
      await app.close();
    }
  });
});

describe('POST /website/login/logout', () => {
  it('ends this session only', async () => {
    const account = await createAccount(harness);
    const first = await loginToken(harness, account.account);
    const second = await loginToken(harness, account.account);
    expect(okData('logout', await call(harness, 'logout', { token: first, body: {} }))).toBeNull();
    expect((await call(harness, 'usersInfo', { token: first })).body).toEqual(SESSION_INVALID);
    expect((await call(harness, 'logout', { token: first, body: {} })).body).toEqual(SESSION_INVALID);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: second })).account).toBe(account.account);
  });

  it('takes an empty body only', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    expectFailure(await call(harness, 'logout', { token, body: { all: true } }), 400, ERROR_CODES.badRequest, /Unknown body field "all"/);
  });
});

describe('GET /users/info', () => {
  it("answers the token owner's account and nobody else's", async () => {
    const one = await createAccount(harness, { email: `${unique().name}@example.com` });
    const two = await createAccount(harness);
    await harness.db.query("UPDATE accounts SET phone = '+82 10-1234-5678', birthday = '1999-12-31' WHERE id = $1", [two.id]);
    const oneToken = await loginToken(harness, one.account);
    const twoToken = await loginToken(harness, two.account);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: oneToken, query: '?platform=web' }))).toEqual({
      account: one.account,
      type: 'PLATFORM',
      role: 'player',
      email: expect.stringMatching(/@example\.com$/),
      phone: null,
      birthday: null,
      provider: null,
    });
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: twoToken }))).toEqual({
      account: two.account,
      type: 'PLATFORM',
      role: 'player',
      email: null,
      phone: '+82 10-1234-5678',
      birthday: '1999-12-31',
      provider: null,
    });
    // No parameter can ask for another account.
    expectFailure(
      await call(harness, 'usersInfo', { token: oneToken, query: `?account=${two.account}` }),
      400,
      ERROR_CODES.badRequest,
      /Unknown query parameter "account"/,
    );
  });

  it("names a social account's provider", async () => {
    const social = await createSocialAccount(harness, 'vk', `id${unique().name}`);
    // Social logins arrive with a later task; the session is started here the way they will start one.
    const { token } = await new Sessions(harness.db, harness.clock.now).create(social.id, false);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token }))).toMatchObject({
      account: social.account,
      type: 'THIRD_PARTY',
      provider: 'vk',
    });
    expect(okData('loginAuth', await call(harness, 'loginAuth', { query: `?oauth_token=${token}` }))).toEqual({
      account: social.account,
      type: 'THIRD_PARTY',
      role: 'player',
    });
  });
});
