import { ApiError } from './client.js';
import { LIVE_TIMINGS, type LiveReadyEvent, type TicketLiveEvent } from './live-events.js';

/** One message of a Server-Sent Events body. */
export interface EventStreamMessage {
  event: string;
  data: string;
  /** The message's own `id:` field, if it has one. */
  id: string | null;
}

/**
 * Reads a text/event-stream body as the WHATWG rules read it (fields up to a blank line; comment lines, such as
 * heartbeats, ignored) and hands over each message; resolves when the body ends, rejects when it breaks.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onMessage: (message: EventStreamMessage) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;
  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), id });
      event = '';
      data = [];
      id = null;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    pending += decoder.decode(value, { stream: true });
    const lines = pending.split(/\r\n|\n|\r(?!$)/);
    pending = lines.pop() ?? '';
    for (const text of lines) line(text);
  }
}

export type LiveChannelState = 'open' | 'down';

export interface LiveChannelOptions {
  /** Opens one stream, resuming after `lastEventId` when there is one. */
  open: (lastEventId: string | null, signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;
  onEvent: (event: TicketLiveEvent) => void;
  /** Each (re)connection, once the server has replayed what was missed (`resumed`) or could not (then reload). */
  onOpen: (ready: LiveReadyEvent) => void;
  /** The stream broke or could not open; the next attempt follows after a pause. */
  onDown: () => void;
  /** Waits between attempts; tests pass a fast one. */
  sleep?: (milliseconds: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

function sleepFor(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, milliseconds);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The pause before attempt `failures + 1`: doubling from the first, capped, with jitter so clients spread out. */
export function reconnectDelayMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(LIVE_TIMINGS.reconnectFirstMs * 2 ** Math.max(0, failures - 1), LIVE_TIMINGS.reconnectMaxMs);
  return Math.round(base * (1 + random() / 2));
}

/**
 * Keeps one live stream open: reconnects after a drop with a growing pause, at once after the server ended a
 * stream normally (its lifetime), and always resumes after the last event id it received, so a drop or a killed
 * replica loses nothing. A refused session (-600, which logs out) stops it. Returns the function that stops it.
 */
export function startLiveChannel(options: LiveChannelOptions): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const sleep = options.sleep ?? sleepFor;
  let lastEventId: string | null = null;
  let failures = 0;
  void (async () => {
    while (!signal.aborted) {
      let opened = false;
      try {
        const body = await options.open(lastEventId, signal);
        await readEventStream(body, (message) => {
          if (signal.aborted) return;
          if (message.id !== null) lastEventId = message.id;
          if (message.event === 'ready') {
            opened = true;
            failures = 0;
            options.onOpen(JSON.parse(message.data) as LiveReadyEvent);
          } else if (message.event === 'ticket') {
            options.onEvent(JSON.parse(message.data) as TicketLiveEvent);
          }
        });
        // Ended by the server: reconnect at once, unless it ended before it was ever ready.
        if (opened || signal.aborted) continue;
      } catch (error) {
        if (signal.aborted || (error instanceof ApiError && error.kind === 'session')) return;
      }
      failures += 1;
      options.onDown();
      await sleep(reconnectDelayMs(failures, options.random), signal);
    }
  })();
  return () => controller.abort();
}
