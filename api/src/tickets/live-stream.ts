import type { ServerResponse } from 'node:http';
import type { LiveReadyEvent } from 'shared-contracts';
import type { AuthenticatedAccount } from '../identity/types.js';
import { START, formatEventId, isAfter, type EventPosition, type StoredEvent } from './event-log.js';

function sse(event: string, id: string | null, data: unknown): string {
  return `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** One open stream: one session's view of the events, written to its response in order, each once. */
export class LiveStream {
  cursor: EventPosition = START;
  /** Until its replay is written, fan-out events wait here (they may overlap the replay; the cursor drops those). */
  #waiting: StoredEvent[] | null = [];
  readonly #ended: Promise<void>;
  #closed = false;

  constructor(
    readonly account: AuthenticatedAccount,
    readonly response: ServerResponse,
    readonly backlogBytesMax: number,
  ) {
    this.#ended = new Promise((resolve) => response.once('close', resolve));
    this.#ended.then(() => {
      this.#closed = true;
    });
  }

  get closed(): boolean {
    return this.#closed || this.response.destroyed;
  }

  /** Ends when the client went away or the server closed the stream. */
  ended(): Promise<void> {
    return this.#ended;
  }

  sees(stored: StoredEvent): boolean {
    return this.account.role === 'agent' || (stored.accountId === this.account.accountId && stored.audience === 'all');
  }

  /** Fan-out from the replica's reader. */
  offer(events: readonly StoredEvent[]): void {
    if (this.#waiting) this.#waiting.push(...events);
    else this.#send(events);
  }

  /** From `from` on: writes the replay and `ready`, then what the fan-out brought meanwhile. */
  start(from: EventPosition, replay: readonly StoredEvent[], ready: LiveReadyEvent): void {
    this.cursor = from;
    this.#send(replay);
    this.write(sse('ready', formatEventId(this.cursor), ready));
    const waiting = this.#waiting ?? [];
    this.#waiting = null;
    this.#send(waiting);
  }

  #send(events: readonly StoredEvent[]): void {
    for (const stored of events) {
      if (!isAfter(stored.position, this.cursor)) continue;
      this.cursor = stored.position;
      if (this.sees(stored)) this.write(sse('ticket', formatEventId(stored.position), stored.event));
    }
  }

  write(chunk: string): void {
    if (this.closed) return;
    this.response.write(chunk);
    // A client that stopped reading is cut off rather than buffered for without end; it resumes on reconnecting.
    if (this.response.writableLength > this.backlogBytesMax) this.end();
  }

  end(): void {
    if (!this.response.writableEnded) this.response.end();
  }
}
