import type { Area, Language } from '../areas.js';
import type { ENDPOINT_ROUTES, EndpointName } from './endpoint-routes.js';
import type { EndpointBody, EndpointQuery, EndpointResponse } from './endpoints.js';
import type { ClientErrorReport } from './schemas.js';

// What the API client promises its callers, its errors, options and calls: createApiClient (client.ts) keeps it.

/**
 * The header, and its one value, of a call the person did not ask for: a screen fetching again after a live event
 * or on a timer (`CallInput.quiet`). The API answers it as any call, -600 once the session has ended, but does not
 * count it as the person's activity, so a page left open on a busy desk still reaches the session's idle timeout.
 */
export const BACKGROUND_REFRESH_HEADER = { name: 'X-Refresh', value: 'background' } as const;

export type ApiErrorKind = 'business' | 'session' | 'network';

/** What every failed call rejects with: the envelope's code and message, or 1106 for network and HTTP errors. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly code: number,
    message: string,
    readonly status?: number,
    readonly body?: unknown,
    /** The answer's Retry-After in seconds, when it said one (a throttled call: the upload quota, the API's limits). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Checks a successful answer's data against its endpoint's response schema: the parsed data, or `success: false`.
 * `checkEndpointResponse` from `shared-contracts/schemas` is the one to pass.
 */
export type ResponseCheck = (name: EndpointName, data: unknown) => { success: true; data: unknown } | { success: false };

export interface ApiClientOptions {
  baseURL: string;
  commonParams: () => { spec_lang?: Language; domain_area?: Area };
  token: () => string | null;
  /**
   * Called on -600, before the call rejects (SPEC §8), with the token the refused request carried: a refusal of an
   * older session's token, or of a token the caller was only checking, is not the current session's.
   */
  onSessionInvalid: (sentToken: string | null) => void;
  /** Where network and HTTP errors are reported; defaults to the API's own client-error endpoint. */
  reportError?: (report: ClientErrorReport) => void;
  timeoutMs?: number;
  /**
   * Headers a server-side caller sends on every call: the site's server renders a page's first view and asks the API
   * as the player's browser would through the site (X-Forwarded-Host and -Prefix, so asset URLs come out the same).
   */
  forwardedHeaders?: Readonly<Record<string, string>>;
  /**
   * Checks every successful answer's data (a mismatch rejects with 1106). The browser apps leave it out: the API
   * only answers data that matches the same shared response schema (its serializer encodes every envelope through
   * it, and the pre-rendered catalogue and reference answers are parsed with it first), and no response schema has
   * a transform or default, so the JSON already is what a parse would give. Checking again would only put zod and
   * every schema on each page's first load. The client's unit test passes it.
   */
  checkResponse?: ResponseCheck;
}

export interface CallInput<Name extends EndpointName> {
  query?: EndpointQuery<Name>;
  body?: EndpointBody<Name>;
  signal?: AbortSignal;
  /** The session to act for instead of the store's: a logout revokes the token it has just cleared. */
  token?: string;
  /**
   * A refresh the person did not ask for (a live update, a timer): no loading indicator, even where SPEC §7 shows
   * one, and sent with BACKGROUND_REFRESH_HEADER, so it does not hold off the session's idle timeout. Never for what
   * the person does (a click, a form, a page they open).
   */
  quiet?: boolean;
}

/** Endpoints whose body is one uploaded file, and those that answer with a file. */
export type UploadEndpointName = {
  [Name in EndpointName]: (typeof ENDPOINT_ROUTES)[Name] extends { transport?: 'upload' } ? Name : never;
}[EndpointName];
export type DownloadEndpointName = {
  [Name in EndpointName]: (typeof ENDPOINT_ROUTES)[Name] extends { transport?: 'download' } ? Name : never;
}[EndpointName];

export interface UploadInput<Name extends EndpointName> {
  query?: EndpointQuery<Name>;
  file: Blob;
  /** The file's name as the player picked it (a Blob has none). */
  fileName: string;
  /** Fraction of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface ApiClient {
  call<Name extends EndpointName>(name: Name, input?: CallInput<Name>): Promise<EndpointResponse<Name>>;
  /** Sends one file as multipart/form-data with progress; the answer is an envelope like any call's. */
  upload<Name extends UploadEndpointName>(name: Name, input: UploadInput<Name>): Promise<EndpointResponse<Name>>;
  /** Fetches a file an endpoint answers with (with the session's header, which a plain link cannot send). */
  download<Name extends DownloadEndpointName>(name: Name, input: { query: EndpointQuery<Name>; signal?: AbortSignal }): Promise<Blob>;
  /**
   * Opens a long-lived GET stream (the live channel, LIVE_EVENTS_PATH) with the session's header, which an
   * EventSource cannot send, and the common parameters. Resolves with the body once the server accepted it;
   * rejects like a call (-600 logs out), without reporting: a stream dropping during a deploy is expected.
   */
  openStream(path: string, input: { headers?: Record<string, string>; signal?: AbortSignal }): Promise<ReadableStream<Uint8Array>>;
}
