import { Readable } from 'node:stream';
import { type EndpointName, ERROR_CODES } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { runCreateAccount } from '../src/identity/create-account.js';
import { call, expectFailure, okData } from './api-calls.js';
import { commandOutput, harnessForFile, testHasher } from './helpers.js';
import { loginToken } from './identity-helpers.js';
import { createTicketHarness } from './tickets-helpers.js';
import { leadToken, RANGE } from './lead-dashboard-helpers.js';

const h = harnessForFile(createTicketHarness);

const LEAD_CALLS: EndpointName[] = ['leadDashboard', 'leadExport'];

describe('the lead permission', () => {
  it('is what the two lead calls ask for: a player or a plain agent gets 4030 leadsOnly, a guest -600', async () => {
    const lead = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) => ENDPOINTS[name].auth === 'lead');
    expect(lead.sort()).toEqual([...LEAD_CALLS].sort());
    for (const name of LEAD_CALLS) {
      const query = name === 'leadExport' ? `${RANGE}&report=days` : RANGE;
      for (const token of [h.player1, h.agent])
        expectFailure(await call(h, name, { token, query }), 403, ERROR_CODES.forbidden, 'leadsOnly');
      expectFailure(await call(h, name, { query }), 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
    }
    okData('leadDashboard', await call(h, 'leadDashboard', { token: await leadToken(h), query: RANGE }));
  });

  it('tells the desk who has it', async () => {
    expect(okData('agentPermissions', await call(h, 'agentPermissions', { token: h.agent }))).toEqual({ lead: false });
    expect(okData('agentPermissions', await call(h, 'agentPermissions', { token: await leadToken(h) }))).toEqual({ lead: true });
    expectFailure(await call(h, 'agentPermissions', { token: h.player1 }), 403, ERROR_CODES.forbidden, 'agentsOnly');
  });

  it('is given by the operator command to an agent, and refused to a player', async () => {
    const account = `lead-${Math.random().toString(36).slice(2, 10)}`;
    const create = async (argv: string[]) => {
      const { stdout, stderr, written } = commandOutput();
      const code = await runCreateAccount(
        { argv, env: { ACCOUNT_PASSWORD: 'Lead-pass-2024' }, stdin: Readable.from([]), stdout, stderr },
        { db: h.db, hasher: testHasher },
      );
      return { code, ...written() };
    };
    const refused = await create(['--account', `${account}-p`, '--lead']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('--lead is for agents only');
    const created = await create(['--account', account, '--role', 'agent', '--lead']);
    expect(created).toMatchObject({ code: 0 });
    expect(created.out).toContain(`Created lead agent account "${account}"`);
    const token = await loginToken(h, account, 'Lead-pass-2024');
    expect(okData('agentPermissions', await call(h, 'agentPermissions', { token }))).toEqual({ lead: true });
    okData('leadDashboard', await call(h, 'leadDashboard', { token, query: RANGE }));
  });

  it('belongs to agents only, down to the database', async () => {
    await expect(h.db.query("UPDATE accounts SET lead = true WHERE account = 'player1'")).rejects.toThrow(/accounts_lead_is_agent/);
  });
});
