import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Field names whose values are secrets wherever they appear in a logged object (a request body, an error's
 * details): passwords, session tokens, verification codes. Our code never logs them; this catches mistakes.
 */
const SECRET_FIELDS = ['password', 'oldPassword', 'newPassword', 'token', 'oauth_token', 'access_token', 'verificationCode'];

/** Query parameters whose values are credentials (SPEC §4: the login token travels in the URL). */
const SECRET_QUERY_PARAMS = ['oauth_token', 'token', 'access_token', 'code'];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#]*`, 'gi');

export const REDACTED = '[REDACTED]';

/** A URL fit for logs: credential-carrying query values replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, `$1${REDACTED}`);
}

/**
 * Fastify's pino settings. The request serializer logs method, redacted URL and address only (no headers, so no
 * Authorization or Cookie); the redact paths catch those headers wherever else code might log them.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'request.headers.authorization',
        'request.headers.cookie',
        'res.headers["set-cookie"]',
        ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
        // A body logged by mistake: its code field is a verification code (error objects' own `code` stays).
        'body.code',
        'req.body.code',
        'request.body.code',
      ],
      censor: REDACTED,
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
