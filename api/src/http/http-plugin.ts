import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { CONTRACT_VERSION, ERROR_CODES } from 'shared-contracts';
import { BEARER_SECURITY_SCHEME } from './endpoint-routes.js';
import { failure } from './envelope.js';
import { installErrorHandling } from './errors.js';
import { installJsonBodyParser } from './json-body.js';
import { validatorCompiler } from './validation.js';

/** Every answer but the reference lists (games, help topics, servers...); they change rarely and may be cached
 * briefly by browsers and proxies. Per-player answers (characters) are never cached. */
const NO_STORE = 'no-store';
const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** JSON and images never need to run or load anything; SVGs opened directly stay inert. */
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * Fastify's `frameworkErrors`: a request refused before routing (a malformed URL...) gets the error envelope and,
 * since the plugin's onSend hook does not run for it, the same headers as every other answer.
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply): void {
  void reply
    .status(400)
    .headers({ 'cache-control': NO_STORE, 'x-content-type-options': 'nosniff', 'content-security-policy': CONTENT_SECURITY_POLICY })
    .send(failure(ERROR_CODES.badRequest, error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Bad request'));
}

export interface HttpPluginOptions {
  /** Folder served at /assets/. */
  assetsDir: string;
}

/**
 * What every route shares, whichever domain registers it: zod validation and serialisation, the error envelope,
 * JSON-only bodies, the security and cache headers, the OpenAPI document (GET /openapi.json), the rate limiter
 * routes opt into, and the static assets.
 */
const http: FastifyPluginAsync<HttpPluginOptions> = async (app, options) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  // Only JSON bodies: dropping the text/plain parser makes any other content type a clear 415.
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    // A download sets a stricter one of its own.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
    return payload;
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Publisher platform API',
        description: 'Every answer is an envelope { code, msg, data }; code 1 is success (SPEC §8).',
        version: CONTRACT_VERSION,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Browsers call the API through their site's edge, which forwards these paths to it (README "Production with compose").
      servers: [
        { url: '/api', description: "The site's API path, on every brand host" },
        { url: '/api-beta', description: 'The beta API path of the -demo hosts' },
      ],
      components: {
        securitySchemes: {
          [BEARER_SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token of a login answer; a missing, expired or revoked one gets code -600 (HTTP 401).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests; retry in ${context.after}`), { statusCode: context.statusCode }),
  });

  await app.register(fastifyStatic, {
    root: options.assetsDir,
    prefix: '/assets/',
    index: false,
    list: false,
    dotfiles: 'deny',
    redirect: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', ASSET_CACHE);
    },
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};

export const httpPlugin = fastifyPlugin(http, { name: 'http' });
