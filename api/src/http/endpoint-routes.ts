import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, RouteShorthandOptions } from 'fastify';
import type { Endpoint, EndpointName, EndpointResponse, Language } from 'shared-contracts';
import { ENDPOINTS, envelopeSchema } from 'shared-contracts/schemas';
import { z } from 'zod';
import { sessionAccount } from '../identity/session-plugin.js';
import type { AuthenticatedAccount } from '../identity/types.js';
import { callLanguage } from './call-language.js';
import { ENDPOINT_DOMAINS, type ApiDomain, type EndpointsOf } from './endpoint-domains.js';
import { PreSerialized, errorEnvelopeSchema, ok } from './envelope.js';
import {
  DEFAULT_FILE_BYTES_MAX,
  receiveFile,
  registerUploadRoute,
  uploadBodySchema,
  uploadFailure,
  uploadValidatorCompiler,
  type IncomingFile,
  type Reception,
} from './uploads.js';

type Definition<Name extends EndpointName> = (typeof ENDPOINTS)[Name];
type TransportOf<Name extends EndpointName> = NonNullable<Definition<Name>['transport']>;

/**
 * What a 'download' endpoint answers with: the file itself instead of an envelope, always as an attachment the
 * browser saves (never renders), private and never cached.
 */
export class FileDownload {
  constructor(
    readonly file: {
      body: Readable;
      size: number;
      /** Must be a type the browser will not run as active content (no HTML, SVG, XML or script). */
      contentType: string;
      /** The name offered to save it under. */
      name: string;
    },
  ) {}
}

/** What a handler receives: the query and body already validated and typed by the endpoint's schemas. */
export interface EndpointContext<Name extends EndpointName> {
  query: z.output<Definition<Name>['query']>;
  body: Definition<Name>['body'] extends z.ZodType ? z.output<NonNullable<Definition<Name>['body']>> : undefined;
  /** The session's account on every endpoint but `auth: 'none'` (checked before the handler runs). */
  account: Definition<Name>['auth'] extends 'none' ? null : AuthenticatedAccount;
  /** The call's language: its `spec_lang`, or the fallback when it names none (callLanguage). */
  language: Language;
  /** The uploaded file of an 'upload' endpoint. */
  file: TransportOf<Name> extends 'upload' ? IncomingFile : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<Name extends EndpointName> = (
  context: EndpointContext<Name>,
) => Promise<TransportOf<Name> extends 'download' ? FileDownload : EndpointResponse<Name> | PreSerialized>;

/**
 * One handler per endpoint of the shared table. The mapped type makes a missing handler a compile error, so an
 * endpoint added to shared-contracts cannot ship without its server side.
 */
export type EndpointHandlers = { [Name in EndpointName]: EndpointHandler<Name> };

/** The handlers of one domain's endpoints (`ENDPOINT_DOMAINS`): one for each, no more. */
export type DomainHandlers<Domain extends ApiDomain> = Pick<EndpointHandlers, EndpointsOf<Domain>>;

/** Per-route Fastify options the table does not carry (body limit, rate limit, cache policy). */
export interface EndpointRouteOptions {
  bodyLimit?: number;
  config?: RouteShorthandOptions['config'];
  /** Cache-Control of successful answers; errors are always `no-store`. */
  cacheControl?: string;
  /** Request headers the answer depends on besides the URL. */
  vary?: string;
  /** 'upload' endpoints: the largest file accepted, in bytes (default: just under LIMITS.attachmentBytesMax). */
  fileBytesMax?: number;
}

/**
 * Cache-Control of the reference lists (games, help topics, servers...): they change rarely, so browsers and proxies
 * may keep them briefly. Every other answer is `no-store`, per-player ones (characters) above all.
 */
export const REFERENCE_LIST_CACHE = 'public, max-age=60';

/** OpenAPI name of the bearer-token scheme the operations that need a session reference. */
export const BEARER_SECURITY_SCHEME = 'sessionToken';

/** OpenAPI tag: the first path segment (`/games/all` is in "games"). */
function tagOf(path: string): string {
  return path.split('/')[1] ?? 'api';
}

/** How a download is described in the OpenAPI document. */
const downloadResponse = {
  description: "The file's bytes, as an attachment (Content-Disposition) with the type found from its content",
  content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
};

/** `attachment` with the name twice: RFC 6266/8187 UTF-8 for browsers, and a plain ASCII fallback for the rest. */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function sendDownload(reply: FastifyReply, download: FileDownload): FastifyReply {
  const { body, size, contentType, name } = download.file;
  return reply
    .headers({
      'content-type': contentType,
      'content-length': String(size),
      'content-disposition': attachmentDisposition(name),
      'cache-control': 'private, no-store',
      // Opened directly anyway, it could run nothing and reach nothing.
      'content-security-policy': "default-src 'none'; sandbox",
    })
    .send(body);
}

/**
 * Registers the endpoints of `ENDPOINTS` that `domain` serves, in the table's order, from their definitions:
 * method, path, query, body and response schemas come from shared-contracts, so the browser's types, the server's
 * validation and the OpenAPI document are one source. The route's `config.auth` is the endpoint's, for the session
 * plugin. 'upload' endpoints get a multipart parser of their own (no other route accepts multipart bodies);
 * 'download' endpoints answer with a FileDownload.
 */
export function registerEndpoints<Domain extends ApiDomain>(
  app: FastifyInstance,
  domain: Domain,
  handlers: DomainHandlers<Domain>,
  options: Partial<Record<EndpointsOf<Domain>, EndpointRouteOptions>> = {},
): void {
  const names = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name): name is EndpointsOf<Domain> => ENDPOINT_DOMAINS[name] === domain);
  for (const name of names) {
    const endpoint: Endpoint = ENDPOINTS[name];
    // The mapped type checked each handler against its own endpoint; here they are handled uniformly.
    const handler = handlers[name] as unknown as (context: EndpointContext<EndpointName>) => Promise<unknown>;
    const {
      cacheControl,
      vary,
      fileBytesMax = DEFAULT_FILE_BYTES_MAX,
      config,
      ...routeOptions
    }: EndpointRouteOptions = options[name] ?? {};
    const transport = endpoint.transport ?? 'json';
    const authRequired = endpoint.auth !== 'none';
    const route: RouteOptions = {
      method: endpoint.method,
      url: endpoint.path,
      ...routeOptions,
      config: { ...config, auth: endpoint.auth },
      ...(transport === 'upload' ? { validatorCompiler: uploadValidatorCompiler } : {}),
      schema: {
        operationId: name,
        summary: endpoint.summary,
        tags: [tagOf(endpoint.path)],
        // Declared on every operation: a session token, or explicitly none.
        security: authRequired ? [{ [BEARER_SECURITY_SCHEME]: [] }] : [],
        querystring: endpoint.query,
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(transport === 'upload' ? { body: uploadBodySchema, consumes: ['multipart/form-data'] } : {}),
        response: {
          200: transport === 'download' ? downloadResponse : envelopeSchema(endpoint.response),
          '4XX': errorEnvelopeSchema,
          '5XX': errorEnvelopeSchema,
        },
      },
      async handler(request, reply) {
        const account = authRequired ? sessionAccount(request) : null;
        let reception: Reception | undefined;
        let result: unknown;
        try {
          if (transport === 'upload') reception = await receiveFile(request, reply, fileBytesMax);
          result = await handler({
            query: request.query as EndpointContext<EndpointName>['query'],
            body: request.body as EndpointContext<EndpointName>['body'],
            account: account as EndpointContext<EndpointName>['account'],
            language: callLanguage(request.query),
            file: reception?.file as EndpointContext<EndpointName>['file'],
            request,
            reply,
          });
        } catch (error) {
          throw transport === 'upload' ? uploadFailure(error) : error;
        } finally {
          reception?.release(reply);
        }
        if (result instanceof FileDownload) return sendDownload(reply, result);
        if (cacheControl) reply.header('cache-control', cacheControl);
        if (vary) reply.header('vary', vary);
        if (result instanceof PreSerialized) {
          return reply.type('application/json; charset=utf-8').send(result.json);
        }
        return ok(result);
      },
    };
    if (transport === 'upload') registerUploadRoute(app, route, fileBytesMax);
    else app.route(route);
  }
}
