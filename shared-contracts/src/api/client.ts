import axios, { type AxiosError, type AxiosInstance } from 'axios';
import { z } from 'zod';
import type { Area, Language } from '../areas.js';
import { emit } from '../event-bus.js';
import { ENDPOINTS, type EndpointBody, type EndpointName, type EndpointQuery, type EndpointResponse } from './endpoints.js';
import { ERROR_CODES, SUCCESS_CODES, envelopeSchema, type ClientErrorReport } from './schemas.js';

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

export interface ApiClientOptions {
  baseURL: string;
  commonParams: () => { spec_lang?: Language; domain_area?: Area };
  token: () => string | null;
  /** Called on -600, before the call rejects (SPEC §8). */
  onSessionInvalid: () => void;
  /** Where network and HTTP errors are reported; defaults to the API's own client-error endpoint. */
  reportError?: (report: ClientErrorReport) => void;
  timeoutMs?: number;
}

export interface CallInput<Name extends EndpointName> {
  query?: EndpointQuery<Name>;
  body?: EndpointBody<Name>;
  signal?: AbortSignal;
}

export interface ApiClient {
  call<Name extends EndpointName>(name: Name, input?: CallInput<Name>): Promise<EndpointResponse<Name>>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

function defaultReporter(baseURL: string): (report: ClientErrorReport) => void {
  return (report) => {
    // fetch with keepalive, not axios: a failing report must never report itself.
    void fetch(`${baseURL}${ENDPOINTS.clientErrors.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  };
}

let pendingLoading = 0;
function trackLoading(delta: 1 | -1): void {
  pendingLoading = Math.max(0, pendingLoading + delta);
  emit('loading:changed', { pending: pendingLoading });
}

/** The one API behaviour every app uses (DESIGN §5): common params, auth header, envelope codes, -600, 1106. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const http: AxiosInstance = axios.create({
    baseURL: options.baseURL,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const report = options.reportError ?? defaultReporter(options.baseURL);

  async function call<Name extends EndpointName>(name: Name, input: CallInput<Name> = {}): Promise<EndpointResponse<Name>> {
    const endpoint = ENDPOINTS[name];
    const token = options.token();
    if (endpoint.showsLoading) trackLoading(1);
    try {
      const response = await http.request<unknown>({
        method: endpoint.method,
        url: endpoint.path,
        params: { ...options.commonParams(), ...(input.query ?? {}) },
        data: input.body,
        signal: input.signal,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      const envelope = envelopeSchema(z.unknown()).safeParse(response.data);
      if (!envelope.success) {
        throw new ApiError('network', ERROR_CODES.networkError, `Unexpected answer from ${endpoint.path}`, response.status);
      }
      const { code, msg } = envelope.data;
      if (code === ERROR_CODES.sessionInvalid) {
        options.onSessionInvalid();
        throw new ApiError('session', code, msg, response.status, envelope.data);
      }
      if (!SUCCESS_CODES.has(code)) throw new ApiError('business', code, msg, response.status, envelope.data);
      // Only a successful answer must carry data of the promised shape.
      const data = (endpoint.response as z.ZodType).safeParse(envelope.data.data);
      if (!data.success) {
        throw new ApiError('network', ERROR_CODES.networkError, `Unexpected data from ${endpoint.path}`, response.status);
      }
      return data.data as EndpointResponse<Name>;
    } catch (error) {
      throw toApiError(error, endpoint.method, endpoint.path, options.onSessionInvalid, report);
    } finally {
      if (endpoint.showsLoading) trackLoading(-1);
    }
  }

  return { call };
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
  if (axios.isCancel(error)) return new ApiError('network', ERROR_CODES.networkError, 'cancelled');
  const axiosError = error as AxiosError<unknown>;
  // An HTTP error status may still carry our envelope (401 with -600, 400 with a validation message).
  const envelope = envelopeSchema(z.unknown()).safeParse(axiosError.response?.data);
  if (envelope.success) {
    const { code, msg } = envelope.data;
    if (code === ERROR_CODES.sessionInvalid) {
      onSessionInvalid();
      return new ApiError('session', code, msg, axiosError.response?.status, envelope.data);
    }
    return new ApiError('business', code, msg, axiosError.response?.status, envelope.data);
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
