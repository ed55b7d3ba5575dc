import type { AxiosError, AxiosInstance, AxiosRequestConfig } from 'axios';
import type { Area, Language } from '../areas.js';
import { emit } from '../event-bus.js';
import { ERROR_CODES, SUCCESS_CODES } from './codes.js';
import { ENDPOINT_ROUTES, type EndpointName } from './endpoint-routes.js';
import type { EndpointBody, EndpointQuery, EndpointResponse } from './endpoints.js';
import type { ClientErrorReport } from './schemas.js';

export type ApiErrorKind = 'business' | 'session' | 'network';

/** What every failed call rejects with: the envelope's code and message, or 1106 for network and HTTP errors. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly code: number,
    message: string,
    readonly status?: number,
    readonly body?: unknown,
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
  /** A refresh the player did not ask for (a live update): no loading indicator, even where SPEC §7 shows one. */
  quiet?: boolean;
}

/** Endpoints whose body is one uploaded file, and those that answer with a file. */
export type UploadEndpointName = { [Name in EndpointName]: (typeof ENDPOINT_ROUTES)[Name] extends { transport?: 'upload' } ? Name : never }[EndpointName];
export type DownloadEndpointName = { [Name in EndpointName]: (typeof ENDPOINT_ROUTES)[Name] extends { transport?: 'download' } ? Name : never }[EndpointName];

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

const DEFAULT_TIMEOUT_MS = 30_000;

function defaultReporter(baseURL: string): (report: ClientErrorReport) => void {
  return (report) => {
    // fetch with keepalive, not axios: a failing report must never report itself.
    void fetch(`${baseURL}${ENDPOINT_ROUTES.clientErrors.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  };
}

/** The envelope every JSON answer comes in (SPEC §8). */
interface Envelope {
  code: number;
  msg: string;
  data?: unknown;
}

/** The API's envelope schema as a plain check (an integer code and a message), so the client needs no zod. */
function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const { code, msg } = value as { code?: unknown; msg?: unknown };
  return Number.isInteger(code) && typeof msg === 'string';
}

let pendingLoading = 0;
function trackLoading(delta: 1 | -1): void {
  pendingLoading = Math.max(0, pendingLoading + delta);
  emit('loading:changed', { pending: pendingLoading });
}

/** The one API behaviour every app uses (DESIGN §5): common params, auth header, envelope codes, -600, 1106. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  // axios is fetched and evaluated with the first call, in a task of its own, not with the page's start-up code:
  // its evaluation (feature tests of fetch and streams) was the largest piece of the start-up's longest task.
  let instance: Promise<AxiosInstance> | undefined;
  const http = () =>
    (instance ??= import('axios').then(({ default: axios }) =>
      // No XSRF cookie to echo: calls carry the session as a bearer token, and the cookie lookup axios would do on
      // every same-origin call (through the asynchronous Cookie Store) is then work for nothing.
      axios.create({ baseURL: options.baseURL, timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, withXSRFToken: false }),
    ));
  const report = options.reportError ?? defaultReporter(options.baseURL);

  function headers(token = options.token()): Record<string, string> {
    return { ...options.forwardedHeaders, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  }

  /** Sends a request and unwraps the envelope: success data of the promised shape, or an ApiError. */
  async function send<Name extends EndpointName>(
    name: Name,
    { token, quiet = false, ...config }: AxiosRequestConfig & { token?: string; quiet?: boolean },
  ): Promise<EndpointResponse<Name>> {
    const endpoint = ENDPOINT_ROUTES[name];
    const sentToken = token ?? options.token();
    const sessionInvalid = () => options.onSessionInvalid(sentToken);
    const showsLoading = endpoint.showsLoading && !quiet;
    if (showsLoading) trackLoading(1);
    try {
      const response = await (await http()).request<unknown>({
        method: endpoint.method,
        url: endpoint.path,
        ...config,
        params: { ...options.commonParams(), ...(config.params as object | undefined) },
        headers: headers(sentToken),
      });
      const envelope = response.data;
      if (!isEnvelope(envelope)) {
        throw new ApiError('network', ERROR_CODES.networkError, `Unexpected answer from ${endpoint.path}`, response.status);
      }
      const { code, msg } = envelope;
      if (code === ERROR_CODES.sessionInvalid) {
        sessionInvalid();
        throw new ApiError('session', code, msg, response.status, envelope);
      }
      if (!SUCCESS_CODES.has(code)) throw new ApiError('business', code, msg, response.status, envelope);
      if (!options.checkResponse) return envelope.data as EndpointResponse<Name>;
      // Only a successful answer must carry data of the promised shape.
      const data = options.checkResponse(name, envelope.data);
      if (!data.success) {
        throw new ApiError('network', ERROR_CODES.networkError, `Unexpected data from ${endpoint.path}`, response.status);
      }
      return data.data as EndpointResponse<Name>;
    } catch (error) {
      throw toApiError(error, endpoint.method, endpoint.path, sessionInvalid, report);
    } finally {
      if (showsLoading) trackLoading(-1);
    }
  }

  return {
    call: (name, input = {}) =>
      send(name, { params: input.query, data: input.body, signal: input.signal, token: input.token, quiet: input.quiet ?? false }),

    upload: (name, input) => {
      const form = new FormData();
      form.append('file', input.file, input.fileName);
      return send(name, {
        params: input.query,
        data: form,
        signal: input.signal,
        // No timeout: a 20 MB file on a slow connection takes as long as it takes; the player can cancel.
        timeout: 0,
        onUploadProgress: (event) => input.onProgress?.(event.total ? event.loaded / event.total : 0),
      });
    },

    async download(name, input) {
      const endpoint = ENDPOINT_ROUTES[name];
      const sentToken = options.token();
      try {
        const response = await (await http()).request<Blob>({
          method: endpoint.method,
          url: endpoint.path,
          params: { ...options.commonParams(), ...input.query },
          responseType: 'blob',
          // A Blob either way: XHR in browsers, whose builds carry no other adapter (tooling/src/rspack-config.ts),
          // and fetch in Node, whose http adapter has no blobs.
          adapter: ['xhr', 'fetch'],
          signal: input.signal,
          // No timeout, as for uploads: a 20 MB video on a slow line takes as long as it takes; the caller can cancel.
          timeout: 0,
          headers: headers(sentToken),
        });
        return response.data;
      } catch (error) {
        // A refusal comes back as an envelope inside the blob: read it so -600 and 4040 behave as everywhere.
        const body = (error as AxiosError<unknown>).response?.data;
        if (body instanceof Blob) {
          const text = await body.text();
          try {
            (error as AxiosError<unknown>).response!.data = JSON.parse(text) as unknown;
          } catch {
            // Not JSON: reported below as an HTTP error.
          }
        }
        throw toApiError(error, endpoint.method, endpoint.path, () => options.onSessionInvalid(sentToken), report);
      }
    },

    async openStream(path, input) {
      const sentToken = options.token();
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(options.commonParams())) if (value) params.set(name, value);
      let response: Response;
      try {
        response = await fetch(`${options.baseURL}${path}?${params}`, {
          headers: { ...headers(sentToken), ...input.headers, accept: 'text/event-stream' },
          cache: 'no-store',
          signal: input.signal ?? null,
        });
      } catch (error) {
        throw new ApiError('network', ERROR_CODES.networkError, error instanceof Error ? error.message : 'Network error');
      }
      if (response.ok && response.body) return response.body;
      const envelope: unknown = await response.json().catch(() => null);
      if (isEnvelope(envelope) && envelope.code === ERROR_CODES.sessionInvalid) {
        options.onSessionInvalid(sentToken);
        throw new ApiError('session', envelope.code, envelope.msg, response.status, envelope);
      }
      if (isEnvelope(envelope)) throw new ApiError('business', envelope.code, envelope.msg, response.status, envelope);
      throw new ApiError('network', ERROR_CODES.networkError, `Stream refused (${response.status})`, response.status);
    },
  };
}

function toApiError(
  error: unknown,
  method: string,
  path: string,
  onSessionInvalid: () => void,
  report: (report: ClientErrorReport) => void,
): ApiError {
  if (error instanceof ApiError) {
    if (error.kind === 'network') reportNetwork(report, method, path, error.message, error.status);
    return error;
  }
  const axiosError = error as AxiosError<unknown>;
  // What axios.isCancel checks, without importing axios into this module's start-up.
  if ((error as { __CANCEL__?: boolean } | null)?.__CANCEL__) return new ApiError('network', ERROR_CODES.networkError, 'cancelled');
  // An HTTP error status may still carry our envelope (401 with -600, 400 with a validation message).
  const envelope = axiosError.response?.data;
  if (isEnvelope(envelope)) {
    const { code, msg } = envelope;
    if (code === ERROR_CODES.sessionInvalid) {
      onSessionInvalid();
      return new ApiError('session', code, msg, axiosError.response?.status, envelope);
    }
    return new ApiError('business', code, msg, axiosError.response?.status, envelope);
  }
  const status = axiosError.response?.status;
  const message = axiosError.message || 'Network error';
  reportNetwork(report, method, path, message, status);
  return new ApiError('network', ERROR_CODES.networkError, message, status);
}

function reportNetwork(report: (report: ClientErrorReport) => void, method: string, url: string, message: string, status?: number): void {
  report({
    code: 1106,
    message: message.slice(0, 500),
    method,
    url,
    ...(status === undefined ? {} : { status }),
    ...(typeof location === 'undefined' ? {} : { page: location.pathname }),
  });
}
