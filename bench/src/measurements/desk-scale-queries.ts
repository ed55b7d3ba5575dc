import { performance } from 'node:perf_hooks';
import type { buildApp } from 'api/testing';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { orderNumber, PLAYER_PREFIX, TICKETS_PER_PLAYER } from '../desk-seed.js';
import { percentile, round } from '../report.js';
import { partOf, type Part, type Statement } from './desk-scale-database.js';

// The desk's calls the bench times at each size (issue 15 item 5), and how it times them.

/** Timed calls of each query at each size, after WARMUP untimed ones. */
export const RUNS = Number(process.env.BENCH_DESK_RUNS ?? 30);
export const WARMUP = 3;

export interface Timing {
  p50Ms: number;
  p95Ms: number;
}

export interface DeskQueryFigures {
  query: string;
  parts: Partial<Record<Part, Timing>>;
}

export interface DeskQuery {
  name: string;
  path: string;
  token: () => string;
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The desk's queries as agents and players make them (issue 15 item 5), against the bench's seed. */
export function deskQueries(
  agentToken: string,
  leadToken: string,
  playerTokens: readonly string[],
  gameId: number,
  ticketCount: number,
): DeskQuery[] {
  const queue = ENDPOINTS.agentInquiries.path;
  const agent = () => agentToken;
  let turn = 0;
  const today = new Date();
  const monthAgo = new Date(today.getTime() - 29 * 24 * 60 * 60 * 1000);
  const range = `from=${utcDay(monthAgo)}&to=${utcDay(today)}`;
  return [
    { name: 'queue, first page', path: `${queue}?page=1`, token: agent },
    { name: 'queue, page 500', path: `${queue}?page=500`, token: agent },
    { name: 'status processing', path: `${queue}?status=processing`, token: agent },
    { name: 'status ended', path: `${queue}?status=ended`, token: agent },
    { name: 'game', path: `${queue}?gameId=${gameId}`, token: agent },
    { name: 'game and status replied', path: `${queue}?gameId=${gameId}&status=replied`, token: agent },
    { name: 'unassigned', path: `${queue}?assigned=unassigned`, token: agent },
    { name: 'mine', path: `${queue}?assigned=mine`, token: agent },
    // An order number from the middle of the seed: one ticket has it.
    { name: 'keyword: order number', path: `${queue}?keyword=${orderNumber(Math.ceil(ticketCount / 2))}`, token: agent },
    { name: 'keyword: common word (fr)', path: `${queue}?keyword=${encodeURIComponent('remboursement')}`, token: agent },
    {
      name: 'keyword: account name',
      path: `${queue}?keyword=${PLAYER_PREFIX}${Math.ceil(ticketCount / TICKETS_PER_PLAYER / 3)}`,
      token: agent,
    },
    { name: 'keyword: ja, 4 characters', path: `${queue}?keyword=${encodeURIComponent('ログイン')}`, token: agent },
    { name: 'keyword: zh-CN, 2 characters', path: `${queue}?keyword=${encodeURIComponent('充值')}`, token: agent },
    { name: "player's history", path: ENDPOINTS.inquiryList.path, token: () => playerTokens[turn++ % playerTokens.length]! },
    { name: 'dashboard, 30 days', path: `${ENDPOINTS.leadDashboard.path}?${range}`, token: () => leadToken },
  ];
}

export async function measureQueries(
  app: Awaited<ReturnType<typeof buildApp>>,
  queries: readonly DeskQuery[],
  statements: { current: Statement[] | null },
) {
  const figures: DeskQueryFigures[] = [];
  for (const query of queries) {
    const samples: Record<Part, number[]> = { call: [], rows: [], count: [] };
    for (let run = 0; run < WARMUP + RUNS; run += 1) {
      const seen: Statement[] = [];
      statements.current = seen;
      const started = performance.now();
      const answer = await app.inject({ method: 'GET', url: query.path, headers: { authorization: `Bearer ${query.token()}` } });
      const ms = performance.now() - started;
      statements.current = null;
      if (answer.statusCode !== 200)
        throw new Error(`${query.name}: ${query.path} answered ${answer.statusCode} ${answer.body.slice(0, 300)}`);
      if (run < WARMUP) continue;
      samples.call.push(ms);
      for (const part of ['rows', 'count'] as const) {
        // The slowest of its kind: a call may run several at once (the dashboard), so they are not added up.
        const spent = seen.filter((statement) => partOf(statement.sql) === part).map((statement) => statement.ms);
        if (spent.length > 0) samples[part].push(Math.max(...spent));
      }
    }
    const parts: Partial<Record<Part, Timing>> = {};
    for (const part of ['call', 'rows', 'count'] as const) {
      if (samples[part].length > 0)
        parts[part] = { p50Ms: round(percentile(samples[part], 0.5)), p95Ms: round(percentile(samples[part], 0.95)) };
    }
    figures.push({ query: query.name, parts });
  }
  return figures;
}
