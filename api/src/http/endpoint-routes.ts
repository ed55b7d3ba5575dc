import type { Readable } from 'node:stream';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import {
  ERROR_CODES,
  FILE_ERRORS,
  LIMITS,
  ROLE_ERRORS,
  type Endpoint,
  type EndpointAuth,
  type EndpointName,
  type EndpointResponse,
} from 'shared-contracts';
import { ENDPOINTS, envelopeSchema } from 'shared-contracts/schemas';
import { z } from 'zod';
import type { AuthenticatedAccount } from '../identity/types.js';
import { PreSerialized, errorEnvelopeSchema, ok } from './envelope.js';
import { ApiFailure } from './api-failure.js';
import { validatorCompiler } from './validation.js';

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

/** The one file of an 'upload' request (multipart field `file`), read as it arrives. */
export interface IncomingFile {
  /** The file name the browser sent: untrusted, to be cleaned before any use. */
  readonly fileName: string;
  /** The bytes, cut at the route's size limit. */
  readonly stream: Readable;
  /** Whether the bytes went past the size limit; known once `stream` has ended. */
  truncated(): boolean;
  /**
   * Resolves once the request ended with this file as its only part; rejects with a 4000 refusal when it carried
   * more, or was cut short. Call it after reading `stream` to its end, before keeping anything.
   */
  requestEnd(): Promise<void>;
}

/** What a handler receives: the query and body already validated and typed by the endpoint's schemas. */
export interface EndpointContext<Name extends EndpointName> {
  query: z.output<Definition<Name>['query']>;
  body: Definition<Name>['body'] extends z.ZodType ? z.output<NonNullable<Definition<Name>['body']>> : undefined;
  /** The session's account on every endpoint but `auth: 'none'` (checked before the handler runs). */
  account: Definition<Name>['auth'] extends 'none' ? null : AuthenticatedAccount;
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
 * Resolves the `Authorization: Bearer <token>` of a request to its account, or throws the -600 refusal (missing,
 * malformed, unknown, expired or revoked token alike).
 */
export type Authenticate = (request: FastifyRequest) => Promise<AuthenticatedAccount>;

/** OpenAPI name of the bearer-token scheme the operations that need a session reference. */
export const BEARER_SECURITY_SCHEME = 'sessionToken';

const accounts = new WeakMap<FastifyRequest, AuthenticatedAccount>();

/** The refusal of a session whose role an endpoint does not serve, or null when it may call it. */
function roleRefusal(auth: EndpointAuth, account: AuthenticatedAccount): string | null {
  if (auth === 'agent' && account.role !== 'agent') return ROLE_ERRORS.agentsOnly;
  if (auth === 'player' && account.role !== 'player') return ROLE_ERRORS.playersOnly;
  if (auth === 'lead' && !(account.role === 'agent' && account.lead)) return ROLE_ERRORS.leadsOnly;
  return null;
}

/** OpenAPI tag: the first path segment (`/games/all` is in "games"). */
function tagOf(path: string): string {
  return path.split('/')[1] ?? 'api';
}

/** SPEC §3: each attachment under 20 MB, so the largest accepted is one byte less. */
const DEFAULT_FILE_BYTES_MAX = LIMITS.attachmentBytesMax - 1;
/** Room for the multipart boundaries and part headers around the file when judging a declared Content-Length. */
const MULTIPART_OVERHEAD_MAX = 1024 * 1024;
const ONE_FILE_ONLY = 'Send exactly one file, in the multipart field "file", and nothing else';

/** How the upload's body is described in the OpenAPI document; the handler reads it as a stream. */
const uploadBodySchema = z.object({ file: z.file().describe('The attachment') });
/** How a download is described in the OpenAPI document. */
const downloadResponse = {
  description: "The file's bytes, as an attachment (Content-Disposition) with the type found from its content",
  content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
};

/**
 * The multipart body is not parsed before the handler (it streams to storage), so there is nothing to validate;
 * its schema only documents it. Every other part validates as everywhere.
 */
const uploadValidatorCompiler: FastifySchemaCompiler<FastifySchema> = (routeSchema) =>
  routeSchema.httpPart === 'body' ? () => true : validatorCompiler(routeSchema as Parameters<typeof validatorCompiler>[0]);

class UnsupportedUploadType extends Error {
  readonly statusCode = 415;
  constructor() {
    super('Unsupported content type; send multipart/form-data');
  }
}

function isMultipartLimitError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT';
}

/**
 * What the multipart parser (busboy) raises for a body that is not well-formed or ends too soon, or for a
 * multipart Content-Type without its boundary.
 */
const MALFORMED_MULTIPART = /^(Unexpected end of (multipart data|form)|Part terminated early|Malformed part header|Multipart: Boundary not found)/;

/** A body the client broke (malformed, cut short, connection gone): its fault, answered 400, not a server error. */
function isBrokenUpload(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as { code?: unknown }).code === 'FST_MP_PREMATURE_CLOSE' || MALFORMED_MULTIPART.test(error.message);
}

const MALFORMED_BODY = 'Malformed multipart body';

interface Reception {
  file: IncomingFile;
  /** After the handler: lets the rest of the request be read (and thrown away) whatever the handler did. */
  release(reply: FastifyReply): void;
}

/**
 * Opens the multipart body of an 'upload' request and hands over its first part, which must be the file. Limits
 * (one part, one file, no fields, the size) are enforced by the parser itself, which also skips whatever comes
 * after the first part, so a refused request is still read to its end and the browser sees the answer rather
 * than a reset connection.
 */
async function receiveFile(request: FastifyRequest, reply: FastifyReply, fileBytesMax: number): Promise<Reception> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > fileBytesMax + MULTIPART_OVERHEAD_MAX) {
    // Not worth reading: the answer closes the connection instead.
    reply.header('connection', 'close');
    throw new ApiFailure(ERROR_CODES.payloadTooLarge, FILE_ERRORS.fileTooLarge);
  }
  if (!request.isMultipart()) throw new UnsupportedUploadType();
  const parts = request.parts();
  const first = await parts.next().catch((error: unknown) => {
    throw isMultipartLimitError(error) ? new ApiFailure(ERROR_CODES.badRequest, ONE_FILE_ONLY) : error;
  });
  const multipartFile: MultipartFile | undefined = !first.done && first.value.type === 'file' ? first.value : undefined;
  if (!multipartFile) throw new ApiFailure(ERROR_CODES.badRequest, ONE_FILE_ONLY);
  if (multipartFile.fieldname !== 'file') {
    multipartFile.file.resume();
    throw new ApiFailure(ERROR_CODES.badRequest, ONE_FILE_ONLY);
  }
  return {
    file: {
      fileName: multipartFile.filename,
      stream: multipartFile.file,
      truncated: () => multipartFile.file.truncated,
      async requestEnd() {
        try {
          const next = await parts.next();
          if (!next.done) throw new ApiFailure(ERROR_CODES.badRequest, ONE_FILE_ONLY);
        } catch (error) {
          if (error instanceof ApiFailure) throw error;
          throw new ApiFailure(ERROR_CODES.badRequest, isMultipartLimitError(error) ? ONE_FILE_ONLY : MALFORMED_BODY);
        }
      },
    },
    release(answer) {
      const stream = multipartFile.file;
      if (stream.readableEnded) return;
      // A file stream destroyed mid-way stops the parser, so the rest cannot be read: close instead of waiting.
      if (stream.destroyed) answer.header('connection', 'close');
      else stream.resume();
    },
  };
}

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
 * Registers every endpoint of `ENDPOINTS` from its definition: method, path, query, body and response schemas come
 * from shared-contracts, so the browser's types, the server's validation and the OpenAPI document are one source.
 * 'upload' endpoints get a multipart parser of their own (no other route accepts multipart bodies); 'download'
 * endpoints answer with a FileDownload.
 */
export function registerEndpoints(
  app: FastifyInstance,
  handlers: EndpointHandlers,
  authenticate: Authenticate,
  options: Partial<Record<EndpointName, EndpointRouteOptions>> = {},
): void {
  for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
    const endpoint: Endpoint = ENDPOINTS[name];
    // The mapped type checked each handler against its own endpoint; here they are handled uniformly.
    const handler = handlers[name] as unknown as (context: EndpointContext<EndpointName>) => Promise<unknown>;
    const { cacheControl, vary, fileBytesMax = DEFAULT_FILE_BYTES_MAX, ...routeOptions } = options[name] ?? {};
    const transport = endpoint.transport ?? 'json';
    const authRequired = endpoint.auth !== 'none';
    const route: RouteOptions = {
      method: endpoint.method,
      url: endpoint.path,
      ...routeOptions,
      // Before the body is even parsed: a call without a live session learns nothing but -600.
      ...(authRequired
        ? {
            onRequest: async (request: FastifyRequest) => {
              const account = await authenticate(request);
              const refusal = roleRefusal(endpoint.auth, account);
              if (refusal !== null) throw new ApiFailure(ERROR_CODES.forbidden, refusal);
              accounts.set(request, account);
            },
          }
        : {}),
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
        const account = authRequired ? accounts.get(request) : null;
        if (account === undefined) throw new Error(`No account was resolved for ${endpoint.path}`);
        let reception: Reception | undefined;
        let result: unknown;
        try {
          if (transport === 'upload') reception = await receiveFile(request, reply, fileBytesMax);
          result = await handler({
            query: request.query as EndpointContext<EndpointName>['query'],
            body: request.body as EndpointContext<EndpointName>['body'],
            account: account as EndpointContext<EndpointName>['account'],
            file: reception?.file as EndpointContext<EndpointName>['file'],
            request,
            reply,
          });
        } catch (error) {
          if (transport === 'upload' && !(error instanceof ApiFailure) && isBrokenUpload(error)) {
            throw new ApiFailure(ERROR_CODES.badRequest, MALFORMED_BODY);
          }
          throw error;
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
    if (transport === 'upload') {
      app.register(async (scope) => {
        // Truncation is reported through `truncated()`, so the handler decides and can clean up.
        await scope.register(fastifyMultipart, {
          limits: { parts: 1, files: 1, fields: 0, fileSize: fileBytesMax },
          throwFileSizeLimit: false,
        });
        scope.route(route);
      });
    } else {
      app.route(route);
    }
  }
}
