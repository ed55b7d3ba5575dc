import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES } from 'shared-contracts';
import { ApiFailure } from './api-failure.js';
import { codeForStatus, failure } from './envelope.js';
import { BodyParseError } from './json-body.js';
import { RequestValidationError } from './validation.js';

const MAX_PATH_ECHO = 120;

/** Messages for Fastify's own request errors, worded for the caller rather than for Fastify's developers. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty; send a JSON object',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size does not match Content-Length',
  FST_ERR_BAD_URL: 'Malformed URL',
  FST_ERR_MAX_PARAM_LENGTH: 'Path parameter too long',
};

function statusOf(error: Partial<FastifyError>): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

/** What the caller is told. Client errors explain themselves; server errors never leak internals. */
export function errorMessage(error: Partial<FastifyError> & Error, status: number): string {
  if (status >= 500) return status === 503 ? 'Service unavailable' : 'Internal server error';
  if (error instanceof RequestValidationError || error instanceof BodyParseError) return error.message;
  const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError) return 'Request body is not valid JSON';
  return error.message || STATUS_CODES[status] || 'Bad request';
}

export function sendError(error: Partial<FastifyError> & Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ApiFailure) {
    request.log.info({ status: error.statusCode, code: error.envelopeCode, reason: error.msg }, 'request refused');
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error.envelopeCode === ERROR_CODES.sessionInvalid) reply.header('www-authenticate', 'Bearer');
    return reply.status(error.statusCode).send(failure(error.envelopeCode, error.msg));
  }
  const status = isResponseSerializationError(error) ? 500 : statusOf(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ status, reason: errorMessage(error, status) }, 'request rejected');
  return reply.status(status).send(failure(codeForStatus(status), errorMessage(error, status)));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const shown = path.length > MAX_PATH_ECHO ? `${path.slice(0, MAX_PATH_ECHO)}…` : path;
    return reply.status(404).send(failure(ERROR_CODES.notFound, `Not found: ${request.method} ${shown}`));
  });
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (oversized headers, garbage on the socket):
 * answered with our envelope too, so no caller ever has to parse a second error format.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message = status === 431 ? 'Request headers are too large' : status === 408 ? 'Request timed out' : 'Malformed request';
  const body = JSON.stringify(failure(ERROR_CODES.badRequest, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
