import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/**
 * The multipart/form-data bodies a browser sends files in: whole (`multipart`), or streamed as they are sent, for
 * the uploads too large to hold in memory or held back half-way.
 */

export interface FormPart {
  /** The form field name. */
  field: string;
  /** Present for a file part. */
  fileName?: string;
  content: Buffer | string;
  contentType?: string;
}

export interface MultipartRequest {
  payload: Buffer;
  contentType: string;
}

function partHeader(part: FormPart, boundary: string): Buffer {
  const disposition = `form-data; name="${part.field}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
  const type = part.contentType ?? (part.fileName === undefined ? 'text/plain' : 'application/octet-stream');
  // Raw UTF-8, as browsers send file names.
  return Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${type}\r\n\r\n`, 'utf8');
}

function newBoundary(): string {
  return `----formBoundary${randomBytes(8).toString('hex')}`;
}

/** A multipart/form-data body as a browser's FormData makes it. */
export function multipart(parts: FormPart[]): MultipartRequest {
  const boundary = newBoundary();
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      partHeader(part, boundary),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface StreamedUpload {
  stream: Readable;
  contentType: string;
  contentLength: number;
}

/**
 * A multipart body carrying one `size`-byte text file, generated a megabyte at a time as it is sent, so a 20 MB
 * upload never sits whole in the test's memory.
 */
export function streamedTextUpload(fileName: string, size: number): StreamedUpload {
  const boundary = newBoundary();
  const head = partHeader({ field: 'file', fileName, content: '', contentType: 'text/plain' }, boundary);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const block = Buffer.alloc(1024 * 1024, 'a');
  function* chunks(): Generator<Buffer> {
    yield head;
    for (let sent = 0; sent < size; sent += block.length) yield block.subarray(0, Math.min(block.length, size - sent));
    yield tail;
  }
  return {
    stream: Readable.from(chunks(), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: head.length + size + tail.length,
  };
}

/** A streamed upload that sends its first half, then holds the rest back until `release()`. */
export interface HeldUpload extends StreamedUpload {
  release(): void;
}

/**
 * A multipart body carrying one text file of which only the part header and the first half of `content` arrive at
 * once; the rest follows on `release()`. What the server does before the whole file has arrived shows while it is
 * held.
 */
export function heldTextUpload(fileName: string, content: string): HeldUpload {
  const boundary = newBoundary();
  const head = partHeader({ field: 'file', fileName, content: '', contentType: 'text/plain' }, boundary);
  const bytes = Buffer.from(content, 'utf8');
  const half = Math.floor(bytes.length / 2);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.concat([head, bytes.subarray(0, half)]);
    await released;
    yield Buffer.concat([bytes.subarray(half), tail]);
  }
  return {
    stream: Readable.from(chunks(), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: head.length + bytes.length + tail.length,
    release,
  };
}
