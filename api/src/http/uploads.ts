import type { Readable } from 'node:stream';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { ERROR_CODES, FILE_ERRORS, LIMITS } from 'shared-contracts';
import { z } from 'zod';
import { ApiFailure } from './api-failure.js';
import { validatorCompiler } from './validation.js';

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

/** SPEC §3: each attachment under 20 MB, so the largest accepted is one byte less. */
export const DEFAULT_FILE_BYTES_MAX = LIMITS.attachmentBytesMax - 1;
/** Room for the multipart boundaries and part headers around the file when judging a declared Content-Length. */
const MULTIPART_OVERHEAD_MAX = 1024 * 1024;
const ONE_FILE_ONLY = 'Send exactly one file, in the multipart field "file", and nothing else';

/** How the upload's body is described in the OpenAPI document; the handler reads it as a stream. */
export const uploadBodySchema = z.object({ file: z.file().describe('The attachment') });
/**
 * The multipart body is not parsed before the handler (it streams to storage), so there is nothing to validate;
 * its schema only documents it. Every other part validates as everywhere.
 */
export const uploadValidatorCompiler: FastifySchemaCompiler<FastifySchema> = (routeSchema) =>
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
const MALFORMED_MULTIPART =
  /^(Unexpected end of (multipart data|form)|Part terminated early|Malformed part header|Multipart: Boundary not found)/;

/** A body the client broke (malformed, cut short, connection gone): its fault, answered 400, not a server error. */
function isBrokenUpload(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as { code?: unknown }).code === 'FST_MP_PREMATURE_CLOSE' || MALFORMED_MULTIPART.test(error.message);
}

const MALFORMED_BODY = 'Malformed multipart body';

/** What a handler's error becomes on an 'upload' route: a body the client broke is its fault (4000), not ours. */
export function uploadFailure(error: unknown): unknown {
  return !(error instanceof ApiFailure) && isBrokenUpload(error) ? new ApiFailure(ERROR_CODES.badRequest, MALFORMED_BODY) : error;
}

export interface Reception {
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
export async function receiveFile(request: FastifyRequest, reply: FastifyReply, fileBytesMax: number): Promise<Reception> {
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

/**
 * Registers an 'upload' route in a scope of its own with a multipart parser, so no other route accepts multipart
 * bodies; the parser's limits are one part, one file, no fields and the route's size.
 */
export function registerUploadRoute(app: FastifyInstance, route: RouteOptions, fileBytesMax: number): void {
  app.register(async (scope) => {
    // Truncation is reported through `truncated()`, so the handler decides and can clean up.
    await scope.register(fastifyMultipart, {
      limits: { parts: 1, files: 1, fields: 0, fileSize: fileBytesMax },
      throwFileSizeLimit: false,
    });
    scope.route(route);
  });
}
