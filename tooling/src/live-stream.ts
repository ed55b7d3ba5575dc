import http from 'node:http';
import { Readable } from 'node:stream';
import { readEventStream, type EventStreamMessage } from 'shared-contracts/live-channel';

/** One live stream a Node-side tool holds open (see openLiveStream). */
export interface LiveStreamConnection {
  /** The answer's HTTP status, once its headers came; rejects when the connection failed before. */
  status: Promise<number>;
  /** Resolves when the stream ended, broke or was closed. */
  ended: Promise<void>;
  isEnded: () => boolean;
  /** Ends the stream and its connection at once. */
  close: () => void;
}

/**
 * Opens the API's live stream (`url` is its LIVE_EVENTS_PATH with any query) for a Node-side tool (the live drill,
 * the bench) and hands each message to `onMessage`, read by the browsers' own reader (readEventStream). Each stream
 * has a connection of its own that ends with it. fetch's pool is not used: while a stream holds one of its
 * connections it opens spare ones, some never carrying a request, and a server that closes waits for such a
 * connection until its headers timeout (a minute) drops it.
 */
export function openLiveStream(
  url: string,
  headers: Record<string, string>,
  onMessage: (message: EventStreamMessage) => void,
): LiveStreamConnection {
  let ended = false;
  let markEnded: () => void = () => undefined;
  const endedPromise = new Promise<void>((resolve) => {
    markEnded = () => {
      ended = true;
      resolve();
    };
  });
  const request = http.get(url, { headers, agent: false });
  const status = new Promise<number>((resolve, reject) => {
    request.once('error', (error) => {
      markEnded();
      reject(error);
    });
    request.once('response', (response) => {
      resolve(response.statusCode ?? 0);
      // Node's web stream is the one the DOM types describe.
      readEventStream(Readable.toWeb(response) as unknown as ReadableStream<Uint8Array>, onMessage)
        .catch(() => undefined)
        .finally(markEnded);
    });
  });
  // A caller that only waits for `ended` must not meet an unhandled rejection.
  status.catch(() => undefined);
  return { status, ended: endedPromise, isEnded: () => ended, close: () => request.destroy() };
}
