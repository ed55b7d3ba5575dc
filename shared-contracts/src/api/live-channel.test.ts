import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './client.js';
import { ERROR_CODES } from './codes.js';
import { readEventStream, reconnectDelayMs, startLiveChannel, type EventStreamMessage } from './live-channel.js';
import { LIVE_TIMINGS, type TicketLiveEvent } from './live-events.js';

/** A real HTTP server playing the API's stream: each connection is handed to the test's script. */
let server: Server;
let baseURL: string;
let script: (request: IncomingMessage, response: ServerResponse, attempt: number) => void = () => undefined;
let attempts = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    attempts += 1;
    script(request, response, attempts);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

const change = (inquiryId: number): TicketLiveEvent => ({
  inquiryId,
  kind: 'message',
  status: null,
  messageId: 1,
  author: 'agent',
  at: '2026-01-01T00:00:00.000Z',
});

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('readEventStream', () => {
  it('reads messages split anywhere, with CRLF or LF, several data lines, and skips comments', async () => {
    const messages: EventStreamMessage[] = [];
    await readEventStream(
      body([
        ': live\n\nid: 5-1\nev',
        'ent: ticket\r\ndata: {"a":',
        '1}\r\n\r',
        '\n: heartbeat\n\ndata: one\ndata: two\n\n',
        'data: cut off without its blank line',
      ]),
      (message) => messages.push(message),
    );
    expect(messages).toEqual([
      { event: 'ticket', data: '{"a":1}', id: '5-1' },
      { event: 'message', data: 'one\ntwo', id: null },
    ]);
  });
});

describe('startLiveChannel', () => {
  it('resumes after each drop with the last event id, at once after a normal end, and stops when told', async () => {
    const seenIds: (string | null)[] = [];
    const events: number[] = [];
    const opens: boolean[] = [];
    const pauses: number[] = [];
    attempts = 0;
    script = (request, response, attempt) => {
      seenIds.push((request.headers['last-event-id'] as string | undefined) ?? null);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`id: ${attempt}-0\nevent: ready\ndata: {"resumed":${attempt > 1}}\n\n`);
      response.write(`id: ${attempt}-1\nevent: ticket\ndata: ${JSON.stringify(change(attempt))}\n\n`);
      // The first stream breaks (a killed replica), the second ends normally (its lifetime), the third stays.
      if (attempt === 1) setTimeout(() => response.destroy(), 50);
      else if (attempt === 2) response.end();
    };
    const stop = startLiveChannel({
      open: async (lastEventId, signal) => {
        const response = await fetch(`${baseURL}/events`, { headers: lastEventId ? { 'last-event-id': lastEventId } : {}, signal });
        return response.body!;
      },
      onEvent: (event) => events.push(event.inquiryId),
      onOpen: ({ resumed }) => opens.push(resumed),
      onDown: () => undefined,
      sleep: async (milliseconds) => {
        pauses.push(milliseconds);
      },
      random: () => 0,
    });
    await until(() => events.length === 3);
    stop();
    expect(seenIds).toEqual([null, '1-1', '2-1']);
    expect(opens).toEqual([false, true, true]);
    expect(events).toEqual([1, 2, 3]);
    // Only the broken stream waited before reconnecting.
    expect(pauses).toEqual([LIVE_TIMINGS.reconnectFirstMs]);
  });

  it('waits longer after each failure, up to the cap, and stops for good on a refused session', async () => {
    expect([1, 2, 3, 20].map((failures) => reconnectDelayMs(failures, () => 0))).toEqual([500, 1000, 2000, LIVE_TIMINGS.reconnectMaxMs]);
    expect(reconnectDelayMs(1, () => 1)).toBe(750);

    const downs: number[] = [];
    let calls = 0;
    let pauses = 0;
    const stop = startLiveChannel({
      open: async () => {
        calls += 1;
        if (calls < 3) throw new ApiError('network', ERROR_CODES.networkError, 'down');
        throw new ApiError('session', ERROR_CODES.sessionInvalid, 'sessionInvalid');
      },
      onEvent: () => undefined,
      onOpen: () => undefined,
      onDown: () => downs.push(calls),
      // The pauses after the two network failures end at once; a third, which a channel that went on would take
      // before its next attempt, never ends, so the check below sees it and nothing loops.
      sleep: () => {
        pauses += 1;
        return pauses <= 2 ? Promise.resolve() : new Promise<void>(() => undefined);
      },
    });
    await until(() => calls === 3);
    // Everything after the refusal runs in promise callbacks, all done before the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    expect(calls).toBe(3);
    expect(downs).toEqual([1, 2]);
    expect(pauses).toBe(2);
  });
});
