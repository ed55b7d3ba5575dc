import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { toolApiClient } from 'tooling/api-client';
import { startTopology, type ApiReplica, type Topology } from 'tooling/topology';
import { logIn } from '../support/accounts.js';
import { isLiveStream } from '../support/live-stream.js';
import { t } from '../support/locales.js';
import { openTicket } from '../support/tickets-api.js';

/**
 * Issue 15: an API replica killed outright (SIGKILL) during a live conversation loses nothing. A player and an
 * agent, each in a browser of their own, talk through the production topology's edge while each replica in turn is
 * killed and started again; every reply, sent before a kill, while the replica is down and after it is back,
 * appears once and in order on the other side without a reload, carried by streams that reconnected and resumed
 * from their last event. Ports apart from the other browser tests' and the other topology tests'.
 */
const PORTS = {
  edge: 18380,
  catalog: 18381,
  support: 18382,
  account: 18383,
  shell: 18384,
  shellPages: 18385,
  catalogFragments: 18386,
  supportFragments: 18387,
  accountFragments: 18388,
  edgeInternalApi: 18389,
  edgeHttp: 18390,
  api1: 18391,
  api2: 18392,
  postgres: 18395,
};
const LOG_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.data/topology/e2e-live-kill-logs');

/** A reply on the other screen: a reconnection after a kill takes a growing pause of 0.5 s and up. */
const ARRIVES_MS = 10_000;

/** The edge's fail_timeout for the API replicas (2 s, tooling/docker/nginx-edge.conf), and a second more. */
const EDGE_FAIL_TIMEOUT_MS = 3_000;

const en = (key: string, values: Record<string, string | number> = {}) => t('support', 'en', key, values);

/** Counts the live streams a page opened: one more means the one it had was cut and it reconnected. */
function countStreams(page: Page): () => number {
  let opened = 0;
  page.on('response', (response) => {
    if (isLiveStream(response.url()) && response.ok()) opened += 1;
  });
  return () => opened;
}

test.describe('a live conversation while an API replica is killed (issue 15)', () => {
  test.use({ ignoreHTTPSErrors: true });
  let topology: Topology | undefined;

  test.beforeAll(async () => {
    // PostgreSQL, two API replicas and the nginx processes on a machine the other browser tests keep busy.
    test.setTimeout(180_000);
    topology = await startTopology({ ports: PORTS, logDir: LOG_DIR });
  });

  test.afterAll(async () => {
    await topology?.stop();
  });

  test('every reply sent before, during and after each kill appears once, in order, on both screens', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const { site } = topology!.urls;
    const { player1: player, agent1: agent } = topology!.accounts;
    const marker = randomUUID().slice(0, 8);
    const title = `Live kill ${marker}`;
    const { token } = await toolApiClient(topology!.apis[0]!.url).call('loginPassword', {
      body: { account: player.account, password: player.password },
    });
    const { inquiryId } = await openTicket(token, { title, apiUrl: topology!.apis[0]!.url });

    const playerStreams = countStreams(page);
    await logIn(page, player, { origin: site, apiUrl: topology!.apis[0]!.url });
    await page.goto(`${site}/SupportCenter/feedback?inquiryId=${inquiryId}&spec_lang=en`);
    const conversation = page.getByTestId('support-step-feedback');
    await expect(conversation.getByTestId('conversation-question')).toBeVisible();
    await expect.poll(playerStreams).toBeGreaterThan(0);

    const agentContext = await browser.newContext({ ignoreHTTPSErrors: true });
    try {
      const desk = await agentContext.newPage();
      const agentStreams = countStreams(desk);
      await logIn(desk, agent, { origin: site, apiUrl: topology!.apis[0]!.url });
      await desk.goto(`${site}/SupportCenter/agent?spec_lang=en&keyword=${marker}&inquiryId=${inquiryId}`);
      const view = desk.getByTestId('agent-ticket');
      await expect(view.getByRole('heading', { level: 3 })).toHaveText(title);
      await expect.poll(agentStreams).toBeGreaterThan(0);

      const sent: string[] = [];
      /** Both screens show exactly the replies sent so far, in the order they were sent. */
      const bothShowAll = async () => {
        const expected = sent.map((text) => new RegExp(text));
        for (const thread of [conversation, view]) {
          await expect(thread.locator('[data-testid^="conversation-message-"]')).toHaveText(expected, { timeout: ARRIVES_MS });
        }
      };
      /** Each side's way to reply: the form it opens, its field's label, and the notice that says the reply was sent. */
      const sides = {
        Agent: {
          open: async () => view.getByTestId('reply-form'),
          field: 'agent.reply',
          notice: view.getByTestId('agent-notice'),
          sent: 'agent.replied',
        },
        Player: {
          open: async () => {
            await conversation.getByTestId('add-information').click();
            return page.getByTestId('add-information-dialog');
          },
          field: 'conversation.message',
          notice: conversation.getByTestId('feedback-notice'),
          sent: 'conversation.added',
        },
      };
      const replies = async (side: keyof typeof sides, moment: string) => {
        const text = `${side} ${moment} ${marker}`;
        const form = await sides[side].open();
        await form.getByLabel(en(sides[side].field)).fill(text);
        await form.getByTestId('reply-send').click();
        await expect(sides[side].notice).toHaveText(en(sides[side].sent));
        sent.push(text);
        await bothShowAll();
      };
      const exchange = async (moment: string) => {
        await replies('Agent', moment);
        await replies('Player', moment);
      };

      await exchange('before');
      const streamsBefore = { player: playerStreams(), agent: agentStreams() };
      for (const replica of topology!.apis) {
        await killed(replica, () => exchange(`while ${replica.name} is down`));
        // The edge may have found the replica unreachable until the moment it was back, and keeps it out of its
        // rotation for its fail_timeout after that: the next kill waits for it, so the edge has a replica to send to.
        const backAt = Date.now();
        await exchange(`after ${replica.name} is back`);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, backAt + EDGE_FAIL_TIMEOUT_MS - Date.now())));
      }
      // Each browser's stream was on one of the replicas: it was cut and reopened (resuming from its last event).
      expect(playerStreams()).toBeGreaterThan(streamsBefore.player);
      expect(agentStreams()).toBeGreaterThan(streamsBefore.agent);
    } finally {
      await agentContext.close();
    }
  });
});

/** Kills the replica outright, runs `during` while it is down, then starts it again. */
async function killed(replica: ApiReplica, during: () => Promise<void>): Promise<void> {
  await replica.kill('SIGKILL');
  try {
    await during();
  } finally {
    await replica.restart();
  }
}
