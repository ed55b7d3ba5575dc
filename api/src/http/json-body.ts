import type { FastifyInstance } from 'fastify';

/** A request body the JSON parser refused; answered with status 400 and this message. */
export class BodyParseError extends Error {
  readonly statusCode = 400;
  readonly code = 'API_ERR_BODY_PARSE';
}

/**
 * Keys that can reach an object's prototype when a parsed body is later merged or copied. Same policy as
 * Fastify's default parser (reject), but with a message that says why, not "invalid JSON".
 */
function rejectPoisonKeys(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new BodyParseError('Request body contains a forbidden "__proto__" key');
  if (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value) {
    throw new BodyParseError('Request body contains a forbidden "constructor.prototype" key');
  }
  return value;
}

/** Replaces Fastify's JSON parser so every way a JSON body can be wrong gets its own clear message. */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(new BodyParseError('Request body is empty; send a JSON object'), undefined);
      return;
    }
    try {
      done(null, JSON.parse(text, rejectPoisonKeys));
    } catch (error) {
      done(error instanceof BodyParseError ? error : new BodyParseError('Request body is not valid JSON'), undefined);
    }
  });
}
