import { createHash } from 'node:crypto';
import { ACCOUNT_RULES, ERROR_CODES, type EndpointName } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { Sessions } from '../src/identity/sessions.js';
import { DEFAULT_IDENTITY_LIMITS } from '../src/identity/limits.js';
import { codeIn, createTestApp, readOutbox, harnessForFile } from './helpers.js';
import {
  PASSWORD,
  call,
  createAccount,
  createSocialAccount,
  expectFailure,
  login,
  loginToken,
  okData,
  unique,
} from './identity-helpers.js';

const harness = harnessForFile(createTestApp);

const INVALID_CREDENTIALS = { code: ERROR_CODES.invalidCredentials, msg: 'invalidCredentials', data: null };
const SESSION_INVALID = { code: ERROR_CODES.sessionInvalid, msg: 'sessionInvalid', data: null };

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
    const { rows: accounts } = await harness.db.query<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE id = $1', [account.id]);
    expect(accounts[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(accounts[0]?.password_hash).not.toContain(PASSWORD);
  });
});

const NAMES = Object.keys(ENDPOINTS) as EndpointName[];
/** Every endpoint that needs a session, whatever role it serves. */
const WITH_SESSION = NAMES.filter((name) => ENDPOINTS[name].auth !== 'none');
const byAuth = (auth: string) => NAMES.filter((name) => ENDPOINTS[name].auth === auth).sort();

/** A valid request to each endpoint that needs a session, apart from the token. */
function validRequest(name: EndpointName): { body?: unknown; query?: string } {
  switch (name) {
    case 'logout':
      return { body: {} };
    case 'changePassword':
      return { body: { oldPassword: PASSWORD, newPassword: 'Another-pass-2' } };
    case 'sendVerifyCode':
      return { body: { email: 'someone@example.com' } };
    case 'bindEmail':
      return { body: { email: 'someone@example.com', code: '123456' } };
    case 'updateProfile':
      return { body: { phone: '+82 10 1234 5678' } };
    case 'gameRoles':
      return { query: '?gameId=1&serverId=s1' };
    case 'discardFile':
      return { body: { fileId: '3f1c2b9e-8d4a-4f6e-9b1a-2c3d4e5f6a7b' } };
    case 'createInquiry':
      return { body: { nonsense: true } };
    case 'inquiryReply':
      return { body: { inquiryId: 1, requestId: '3f1c2b9e-8d4a-4f6e-9b1a-2c3d4e5f6a7b', content: 'Hello', attachments: [] } };
    case 'inquiryScore':
      return { body: { inquiryId: 1, score: 5 } };
    case 'inquiryEnd':
      return { body: { inquiryId: 1 } };
    case 'inquiryDetail':
      return { query: '?inquiryId=1' };
    default:
      return {};
  }
}

describe('endpoints that need a session', () => {
  it('are the user, player, agent and lead calls of the table, documented with the bearer scheme in OpenAPI', async () => {
    expect(byAuth('required')).toEqual([
      'bindEmail',
      'changePassword',
      'discardFile',
      'downloadFile',
      'gameRoles',
      'logout',
      'sendVerifyCode',
      'updateProfile',
      'uploadFile',
      'usersInfo',
    ]);
    expect(byAuth('player')).toEqual([
      'createInquiry',
      'inquiryDetail',
      'inquiryEnd',
      'inquiryFeedback',
      'inquiryList',
      'inquiryReply',
      'inquiryScore',
      'inquiryUnresolved',
    ]);
    expect(byAuth('agent')).toEqual([
      'agentInquiries',
      'agentInquiryAssign',
      'agentInquiryDetail',
      'agentInquiryEnd',
      'agentInquiryNote',
      'agentInquiryReply',
      'agentPermissions',
      'cannedReplies',
      'cannedReplyCreate',
      'cannedReplyDelete',
      'cannedReplyUpdate',
      'deskAgents',
    ]);
    expect(byAuth('lead')).toEqual(['leadDashboard', 'leadExport']);
    expect(WITH_SESSION.sort()).toEqual([...byAuth('required'), ...byAuth('player'), ...byAuth('agent'), ...byAuth('lead')].sort());
    const document = (await harness.app.inject('/openapi.json')).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.components.securitySchemes.sessionToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation?.security, name).toEqual(endpoint.auth === 'none' ? [] : [{ sessionToken: [] }]);
    }
  });

  it('answer 401 with -600 without a token, with a malformed one and with an unknown one', async () => {
    const headers: (Record<string, string> | undefined)[] = [
      undefined,
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer short' },
      { authorization: `Bearer ${'A'.repeat(43)}` },
      { authorization: `Bearer ${'A'.repeat(43)} extra` },
      { authorization: `Bearer ${'%'.repeat(43)}` },
      { authorization: `Bearer ${'A'.repeat(5_000)}` },
    ];
    for (const name of WITH_SESSION) {
      for (const header of headers) {
        const answer = await call(harness, name, { ...validRequest(name), ...(header ? { headers: header } : {}) });
        expect(answer.status, `${name} ${JSON.stringify(header)?.slice(0, 40)}`).toBe(401);
        expect(answer.body).toEqual(SESSION_INVALID);
        expect(answer.headers['www-authenticate']).toBe('Bearer');
        expect(answer.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it("refuse an agent's session on the players' calls with 4030 playersOnly, before the input is looked at", async () => {
    const agent = await createAccount(harness, { role: 'agent' });
    const token = await loginToken(harness, agent.account);
    for (const name of byAuth('player')) {
      expectFailure(await call(harness, name, { token, ...validRequest(name) }), 403, ERROR_CODES.forbidden, 'playersOnly');
      expectFailure(await call(harness, name, { token, query: '?inquiryId=abc', body: { nonsense: true } }), 403, ERROR_CODES.forbidden, 'playersOnly');
    }
    expect((await harness.db.query('SELECT id FROM tickets')).rowCount).toBe(0);
    // What agents and players share still works for the agent.
    okData('usersInfo', await call(harness, 'usersInfo', { token }));
  });

  it('check the session before the body: no token and a bad body is still -600', async () => {
    const answer = await call(harness, 'changePassword', { body: { nonsense: true } });
    expect(answer.body).toEqual(SESSION_INVALID);
  });

  it('accept the scheme name in any case', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const answer = await call(harness, 'usersInfo', { headers: { authorization: `bearer ${token}` } });
    expect(okData('usersInfo', answer).account).toBe(account.account);
  });

  it('refuse an expired token with -600, however busy the session was', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    for (let hour = 1; hour < ACCOUNT_RULES.sessionHours; hour += 1) {
      harness.clock.advance({ hours: 1 });
      expect((await call(harness, 'usersInfo', { token })).status).toBe(200);
    }
    harness.clock.advance({ hours: 1 });
    const answer = await call(harness, 'usersInfo', { token });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(SESSION_INVALID);
    expect((await call(harness, 'loginAuth', { query: `?oauth_token=${token}` })).body).toEqual(SESSION_INVALID);
  });

  it(`end a session unused for ${ACCOUNT_RULES.sessionIdleMinutes} minutes (without remember me) with -600`, async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    harness.clock.advance({ minutes: ACCOUNT_RULES.sessionIdleMinutes - 1 });
    expect((await call(harness, 'usersInfo', { token })).status).toBe(200);
    // That call counted as use: the idle time starts again from it.
    harness.clock.advance({ minutes: ACCOUNT_RULES.sessionIdleMinutes - 1 });
    expect((await call(harness, 'usersInfo', { token })).status).toBe(200);
    harness.clock.advance({ minutes: ACCOUNT_RULES.sessionIdleMinutes + 1 });
    expect((await call(harness, 'usersInfo', { token })).body).toEqual(SESSION_INVALID);
  });

  it('give remember me a longer lifetime and idle time, and agents a short one whatever they ask', async () => {
    const account = await createAccount(harness);
    const remembered = okData('loginPassword', await call(harness, 'loginPassword', { body: { account: account.account, password: PASSWORD, remember: true } }));
    expect(new Date(remembered.expiresAt).getTime()).toBe(harness.clock.now().getTime() + ACCOUNT_RULES.rememberedSessionHours * 3_600_000);
    harness.clock.advance({ minutes: ACCOUNT_RULES.rememberedSessionIdleMinutes - 1 });
    expect((await call(harness, 'usersInfo', { token: remembered.token })).status).toBe(200);
    harness.clock.advance({ minutes: ACCOUNT_RULES.rememberedSessionIdleMinutes + 1 });
    expect((await call(harness, 'usersInfo', { token: remembered.token })).body).toEqual(SESSION_INVALID);

    const agent = await createAccount(harness, { role: 'agent' });
    const agentLogin = okData('loginPassword', await call(harness, 'loginPassword', { body: { account: agent.account, password: PASSWORD, remember: true } }));
    expect(new Date(agentLogin.expiresAt).getTime()).toBe(harness.clock.now().getTime() + ACCOUNT_RULES.agentSessionHours * 3_600_000);
    harness.clock.advance({ minutes: ACCOUNT_RULES.agentSessionIdleMinutes + 1 });
    expect((await call(harness, 'usersInfo', { token: agentLogin.token })).body).toEqual(SESSION_INVALID);
  });

  it('tell the bound address of a password change in the request language, and mail nobody when none is bound', async () => {
    const email = `${unique('changed').name.toLowerCase()}@example.com`;
    const account = await createAccount(harness, { email });
    const token = await loginToken(harness, account.account);
    okData('changePassword', await call(harness, 'changePassword', { token, query: '?spec_lang=ko', body: { oldPassword: PASSWORD, newPassword: 'Changed-pass-62' } }));
    await harness.app.background.idle();
    const notices = (await readOutbox(harness.outbox)).filter((message) => message.to === email);
    expect(notices.map((message) => message.subject)).toEqual(['계정 비밀번호가 변경되었습니다']);
    expect(notices[0]?.text).toContain(account.account);
  });

  it('keep remember me across a password change', async () => {
    const account = await createAccount(harness);
    const { token } = okData('loginPassword', await call(harness, 'loginPassword', { body: { account: account.account, password: PASSWORD, remember: true } }));
    const renewed = okData('changePassword', await call(harness, 'changePassword', { token, body: { oldPassword: PASSWORD, newPassword: 'Renewed-pass-81' } }));
    expect(new Date(renewed.expiresAt).getTime()).toBe(harness.clock.now().getTime() + ACCOUNT_RULES.rememberedSessionHours * 3_600_000);
  });

  it('refuse a revoked token with -600', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    await harness.db.query('UPDATE sessions SET revoked_at = $2 WHERE account_id = $1', [account.id, harness.clock.now()]);
    expect((await call(harness, 'usersInfo', { token })).body).toEqual(SESSION_INVALID);
  });

  it('keep last_seen_at roughly current without writing on every call', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const seen = async () =>
      (await harness.db.query<{ last_seen_at: Date }>('SELECT last_seen_at FROM sessions WHERE account_id = $1', [account.id])).rows[0]
        ?.last_seen_at.getTime();
    const first = await seen();
    harness.clock.advance({ minutes: 1 });
    await call(harness, 'usersInfo', { token });
    expect(await seen()).toBe(first);
    harness.clock.advance({ minutes: 5 });
    await call(harness, 'usersInfo', { token });
    expect(await seen()).toBe(harness.clock.now().getTime());
  });
});

describe('GET /website/login/auth', () => {
  it('answers account and type for a live token', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const data = okData('loginAuth', await call(harness, 'loginAuth', { query: `?oauth_token=${token}&spec_lang=en` }));
    expect(data).toEqual({ account: account.account, type: 'PLATFORM' });
  });

  it('checks the Authorization header when no oauth_token is given (the site keeps tokens out of URLs)', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    expect(okData('loginAuth', await call(harness, 'loginAuth', { token }))).toEqual({ account: account.account, type: 'PLATFORM' });
    // The parameter, when given, is the token checked.
    const other = await createAccount(harness);
    const otherToken = await loginToken(harness, other.account);
    expect(okData('loginAuth', await call(harness, 'loginAuth', { token, query: `?oauth_token=${otherToken}` })).account).toBe(other.account);
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
    const guestAllowed = async (options: { query?: string; token?: string }) => okData('loginConfig', await call(harness, 'loginConfig', options)).guestAllowed;
    expect(await guestAllowed({ query: '?clientId=3' })).toBe(false);
    expect(await guestAllowed({ query: '?clientId=999999' })).toBe(true);
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    expect(await guestAllowed({ query: `?oauth_token=${token}` })).toBe(false);
    expect(await guestAllowed({ token })).toBe(false);
    // A dead token is no refusal here: the visitor is simply not logged in.
    expect(await guestAllowed({ query: `?oauth_token=${'D'.repeat(43)}` })).toBe(true);
  });

  it('validates its parameters', async () => {
    expectFailure(await call(harness, 'loginConfig', { query: '?clientId=%3Cx%3E' }), 400, ERROR_CODES.badRequest, /"clientId": contains characters/);
    expectFailure(await call(harness, 'loginConfig', { query: '?oauth_token=x' }), 400, ERROR_CODES.badRequest, /"oauth_token"/);
    expectFailure(await call(harness, 'loginConfig', { query: '?provider=google' }), 400, ERROR_CODES.badRequest, /Unknown query parameter "provider"/);
  });

  it('lists the configured providers', async () => {
    const app = await buildApp({ db: harness.db, oauthProviders: ['google', 'vk'] });
    try {
      expect(okData('loginConfig', await call({ ...harness, app }, 'loginConfig'))).toEqual({ providers: ['google', 'vk'], guestAllowed: true });
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
      email: expect.stringMatching(/@example\.com$/),
      phone: null,
      birthday: null,
      provider: null,
    });
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: twoToken }))).toEqual({
      account: two.account,
      type: 'PLATFORM',
      email: null,
      phone: '+82 10-1234-5678',
      birthday: '1999-12-31',
      provider: null,
    });
    // No parameter can ask for another account.
    expectFailure(await call(harness, 'usersInfo', { token: oneToken, query: `?account=${two.account}` }), 400, ERROR_CODES.badRequest, /Unknown query parameter "account"/);
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
    });
  });
});

describe('POST /ucenter/password/reset (change password)', () => {
  it('ends every other session, renews this one and switches the password', async () => {
    const account = await createAccount(harness);
    const here = await loginToken(harness, account.account);
    const elsewhere = await loginToken(harness, account.account);
    const data = okData(
      'changePassword',
      await call(harness, 'changePassword', { token: here, body: { oldPassword: PASSWORD, newPassword: 'Brand-new-pass-7' } }),
    );
    expect(data.account).toBe(account.account);
    expect(data.token).not.toBe(here);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: data.token })).account).toBe(account.account);
    expect((await call(harness, 'usersInfo', { token: elsewhere })).body).toEqual(SESSION_INVALID);
    expect((await call(harness, 'usersInfo', { token: here })).body).toEqual(SESSION_INVALID);
    expect((await login(harness, account.account, PASSWORD)).body).toEqual(INVALID_CREDENTIALS);
    expect(okData('loginPassword', await login(harness, account.account, 'Brand-new-pass-7')).account).toBe(account.account);
    const { rows } = await harness.db.query<{ kind: string }>("SELECT kind FROM account_events WHERE account_id = $1 AND kind = 'password_changed'", [account.id]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a wrong current password with 4011 and keeps the sessions', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const answer = await call(harness, 'changePassword', { token, body: { oldPassword: 'Not-the-one-1', newPassword: 'Brand-new-pass-7' } });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID_CREDENTIALS);
    expect((await call(harness, 'usersInfo', { token })).status).toBe(200);
  });

  it('refuses the same password again, new passwords of the wrong length, and the most used ones whatever their case', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    expectFailure(
      await call(harness, 'changePassword', { token, body: { oldPassword: PASSWORD, newPassword: PASSWORD } }),
      400,
      ERROR_CODES.badRequest,
      'passwordSame',
    );
    const cases: [string, string][] = [
      ['short1', 'passwordTooShort'],
      [`a1${'x'.repeat(127)}`, 'passwordTooLong'],
    ];
    for (const [newPassword, key] of cases) {
      expectFailure(
        await call(harness, 'changePassword', { token, body: { oldPassword: PASSWORD, newPassword } }),
        400,
        ERROR_CODES.badRequest,
        `Invalid body field "newPassword": ${key}`,
      );
    }
    for (const newPassword of ['iloveyou', 'Password1', 'QWERTY123', '1234567890']) {
      expectFailure(
        await call(harness, 'changePassword', { token, body: { oldPassword: PASSWORD, newPassword } }),
        400,
        ERROR_CODES.badRequest,
        'passwordTooCommon',
      );
    }
    expect((await call(harness, 'usersInfo', { token })).status).toBe(200);
    // No composition rule: a long phrase of letters alone is a good password.
    expect((await call(harness, 'changePassword', { token, body: { oldPassword: PASSWORD, newPassword: 'purple elephants dance slowly' } })).status).toBe(200);
  });

  it('is forbidden to a social account without a password', async () => {
    const social = await createSocialAccount(harness, 'apple', `sub-${unique().name}`);
    const { token } = await new Sessions(harness.db, harness.clock.now).create(social.id, false);
    expectFailure(
      await call(harness, 'changePassword', { token, body: { oldPassword: 'anything', newPassword: 'Brand-new-pass-7' } }),
      403,
      ERROR_CODES.forbidden,
      'passwordNotSet',
    );
  });
});

describe('brute-force throttling', () => {
  it('locks an account at one address after 5 failures there in 15 minutes, even for the right password, until the window passes', async () => {
    const account = await createAccount(harness);
    const ip = unique().ip;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(harness, account.account, `Wrong-${attempt}-pass`, ip)).body).toEqual(INVALID_CREDENTIALS);
    }
    const locked = await login(harness, account.account, PASSWORD, ip);
    expectFailure(locked, 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    harness.clock.advance({ minutes: 14 });
    expect((await login(harness, account.account, PASSWORD, ip)).status).toBe(429);
    harness.clock.advance({ minutes: 1, seconds: 1 });
    expect(okData('loginPassword', await login(harness, account.account, PASSWORD, ip)).account).toBe(account.account);
  });

  it('lets nobody lock somebody else out: failures from other addresses leave the owner logging in from theirs', async () => {
    const agent = await createAccount(harness, { role: 'agent' });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await login(harness, agent.account, `Wrong-${attempt}-pass`, unique().ip)).status).toBe(401);
    }
    expect(okData('loginPassword', await login(harness, agent.account, PASSWORD, unique().ip)).account).toBe(agent.account);
  });

  it(`holds a ceiling of ${DEFAULT_IDENTITY_LIMITS.loginPerAccount.max} failures per account over every address, above what one address may try`, async () => {
    const account = await createAccount(harness);
    const { max } = DEFAULT_IDENTITY_LIMITS.loginPerAccount;
    for (let attempt = 0; attempt < max; attempt += 1) {
      expect((await login(harness, account.account, `Wrong-${attempt}-pass`, unique().ip)).status).toBe(401);
    }
    expectFailure(await login(harness, account.account, 'Wrong-last-pass', unique().ip), 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
    harness.clock.advance({ seconds: DEFAULT_IDENTITY_LIMITS.loginPerAccount.windowSeconds + 1 });
    expect((await login(harness, account.account, PASSWORD, unique().ip)).status).toBe(200);
  });

  it('lifts every lock of an account when its password is reset', async () => {
    const email = `${unique('locked').name.toLowerCase()}@example.com`;
    const account = await createAccount(harness, { email });
    const ip = unique().ip;
    for (let attempt = 0; attempt < 5; attempt += 1) await login(harness, account.account, `Wrong-${attempt}-pass`, ip);
    const { max } = DEFAULT_IDENTITY_LIMITS.loginPerAccount;
    for (let attempt = 5; attempt < max; attempt += 1) await login(harness, account.account, `Wrong-${attempt}-pass`, unique().ip);
    expect((await login(harness, account.account, PASSWORD, ip)).status).toBe(429);
    await call(harness, 'forgotPassword', { body: { email }, ip: unique().ip });
    await harness.app.background.idle();
    const mail = (await readOutbox(harness.outbox)).filter((message) => message.to === email).at(-1);
    const reset = await call(harness, 'resetPassword', { body: { email, code: codeIn(mail?.text ?? ''), newPassword: 'After-reset-77' }, ip: unique().ip });
    expect(reset.status).toBe(200);
    expect((await login(harness, account.account, 'After-reset-77', ip)).status).toBe(200);
  });

  it('throttles unknown accounts exactly like real ones', async () => {
    const ghost = unique('ghost').name;
    const answers = [];
    const ip = unique().ip;
    for (let attempt = 0; attempt < 6; attempt += 1) answers.push(await login(harness, ghost, PASSWORD, ip));
    expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[5]?.status).toBe(429);
  });

  it('limits one client address to 20 failures across accounts; other addresses go on', async () => {
    const ip = unique().ip;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await login(harness, unique('spray').name, PASSWORD, ip)).status).toBe(401);
    }
    const account = await createAccount(harness);
    expectFailure(await login(harness, account.account, PASSWORD, ip), 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
    expect((await login(harness, account.account, PASSWORD, unique().ip)).status).toBe(200);
  });

  it("forgets an address's failures after a successful login from it", async () => {
    const account = await createAccount(harness);
    const ip = unique().ip;
    for (let attempt = 0; attempt < 4; attempt += 1) await login(harness, account.account, 'Wrong-pass-1', ip);
    expect((await login(harness, account.account, PASSWORD, ip)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) await login(harness, account.account, 'Wrong-pass-1', ip);
    expect((await login(harness, account.account, PASSWORD, ip)).status).toBe(200);
  });

  it('never lets parallel guesses past the limit', async () => {
    const account = await createAccount(harness);
    const ip = unique().ip;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => login(harness, account.account, `Wrong-${index}-pass`, ip)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('counts wrong current passwords in change password against the account at that address', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const ip = unique().ip;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await call(harness, 'changePassword', { token, ip, body: { oldPassword: `Guess-${attempt}-x`, newPassword: 'Brand-new-pass-7' } });
      expect(answer.status).toBe(401);
    }
    const answer = await call(harness, 'changePassword', { token, ip, body: { oldPassword: PASSWORD, newPassword: 'Brand-new-pass-7' } });
    expectFailure(answer, 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
  });
});
