import { ACCOUNT_RULES, type EndpointName, ERROR_CODES } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { call, expectFailure, okData, SESSION_INVALID } from './api-calls.js';
import { createTestApp, harnessForFile, readOutbox } from './helpers.js';
import { createAccount, loginToken, PASSWORD, unique } from './identity-helpers.js';

const harness = harnessForFile(createTestApp);

const NAMES = Object.keys(ENDPOINTS) as EndpointName[];
/** Every endpoint that needs a session, whatever role it serves. */
const WITH_SESSION = NAMES.filter((name) => ENDPOINTS[name].auth !== 'none');
const byAuth = (auth: string) => NAMES.filter((name) => ENDPOINTS[name].auth === auth).sort();

/** A valid request to each endpoint that needs a session, apart from the token. */
function validRequest(name: EndpointName): { body?: unknown; query?: string } {
  switch (name) {
    case 'logout':
    case 'logoutOthers':
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
      'logoutOthers',
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
      expectFailure(
        await call(harness, name, { token, query: '?inquiryId=abc', body: { nonsense: true } }),
        403,
        ERROR_CODES.forbidden,
        'playersOnly',
      );
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
    const remembered = okData(
      'loginPassword',
      await call(harness, 'loginPassword', { body: { account: account.account, password: PASSWORD, remember: true } }),
    );
    expect(new Date(remembered.expiresAt).getTime()).toBe(harness.clock.now().getTime() + ACCOUNT_RULES.rememberedSessionHours * 3_600_000);
    harness.clock.advance({ minutes: ACCOUNT_RULES.rememberedSessionIdleMinutes - 1 });
    expect((await call(harness, 'usersInfo', { token: remembered.token })).status).toBe(200);
    harness.clock.advance({ minutes: ACCOUNT_RULES.rememberedSessionIdleMinutes + 1 });
    expect((await call(harness, 'usersInfo', { token: remembered.token })).body).toEqual(SESSION_INVALID);

    const agent = await createAccount(harness, { role: 'agent' });
    const agentLogin = okData(
      'loginPassword',
      await call(harness, 'loginPassword', { body: { account: agent.account, password: PASSWORD, remember: true } }),
    );
    expect(new Date(agentLogin.expiresAt).getTime()).toBe(harness.clock.now().getTime() + ACCOUNT_RULES.agentSessionHours * 3_600_000);
    harness.clock.advance({ minutes: ACCOUNT_RULES.agentSessionIdleMinutes + 1 });
    expect((await call(harness, 'usersInfo', { token: agentLogin.token })).body).toEqual(SESSION_INVALID);
  });

  it('tell the bound address of a password change in the request language, and mail nobody when none is bound', async () => {
    const email = `${unique('changed').name.toLowerCase()}@example.com`;
    const account = await createAccount(harness, { email });
    const token = await loginToken(harness, account.account);
    okData(
      'changePassword',
      await call(harness, 'changePassword', {
        token,
        query: '?spec_lang=ko',
        body: { oldPassword: PASSWORD, newPassword: 'Changed-pass-62' },
      }),
    );
    await harness.app.background.idle();
    const notices = (await readOutbox(harness.outbox)).filter((message) => message.to === email);
    expect(notices.map((message) => message.subject)).toEqual(['계정 비밀번호가 변경되었습니다']);
    expect(notices[0]?.text).toContain(account.account);
  });

  it('keep remember me across a password change', async () => {
    const account = await createAccount(harness);
    const { token } = okData(
      'loginPassword',
      await call(harness, 'loginPassword', { body: { account: account.account, password: PASSWORD, remember: true } }),
    );
    const renewed = okData(
      'changePassword',
      await call(harness, 'changePassword', { token, body: { oldPassword: PASSWORD, newPassword: 'Renewed-pass-81' } }),
    );
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
      (
        await harness.db.query<{ last_seen_at: Date }>('SELECT last_seen_at FROM sessions WHERE account_id = $1', [account.id])
      ).rows[0]?.last_seen_at.getTime();
    const first = await seen();
    harness.clock.advance({ minutes: 1 });
    await call(harness, 'usersInfo', { token });
    expect(await seen()).toBe(first);
    harness.clock.advance({ minutes: 5 });
    await call(harness, 'usersInfo', { token });
    expect(await seen()).toBe(harness.clock.now().getTime());
  });
});
