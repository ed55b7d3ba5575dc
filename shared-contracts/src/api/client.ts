import type { AxiosError, AxiosInstance, AxiosRequestConfig } from 'axios';
import { emit } from '../event-bus.js';
import { ERROR_CODES, SUCCESS_CODES } from './codes.js';
import { ENDPOINT_ROUTES, type EndpointName, type EndpointRoute } from './endpoint-routes.js';
import type { EndpointResponse } from './endpoints.js';
import type { ClientErrorReport } from './schemas.js';
import { ApiError, BACKGROUND_REFRESH_HEADER, type ApiClient, type ApiClientOptions } from './client-contract.js';

export * from './client-contract.js';

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

  /** A request to an endpoint of the table, with the common params (the call's own added to them) and the session's headers. */
  async function request<Data>(endpoint: EndpointRoute, token: string | null, config: AxiosRequestConfig, quiet = false) {
    return (await http()).request<Data>({
      method: endpoint.method,
      url: endpoint.path,
      ...config,
      params: { ...options.commonParams(), ...(config.params as object | undefined) },
      headers: { ...headers(token), ...(quiet ? { [BACKGROUND_REFRESH_HEADER.name]: BACKGROUND_REFRESH_HEADER.value } : {}) },
    });
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
      const response = await request<unknown>(endpoint, sentToken, config, quiet);
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
        const response = await request<Blob>(endpoint, sentToken, {
          params: input.query,
          responseType: 'blob',
          // A Blob either way: XHR in browsers, whose builds carry no other adapter (tooling/src/rspack-config.ts),
          // and fetch in Node, whose http adapter has no blobs.
          adapter: ['xhr', 'fetch'],
          signal: input.signal,
          // No timeout, as for uploads: a 20 MB video on a slow line takes as long as it takes; the caller can cancel.
          timeout: 0,
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
    return new ApiError('business', code, msg, axiosError.response?.status, envelope, retryAfterOf(axiosError.response?.headers));
  }
  const status = axiosError.response?.status;
  const message = axiosError.message || 'Network error';
  reportNetwork(report, method, path, message, status);
  return new ApiError('network', ERROR_CODES.networkError, message, status);
}

/** An answer's Retry-After as a whole number of seconds (the form the API and the edge send), else undefined. */
function retryAfterOf(headers: unknown): number | undefined {
  const value = (headers as Record<string, unknown> | undefined)?.['retry-after'];
  return typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
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
