import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TextCheck } from './content-check.js';

export interface SpooledUpload {
  path: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** Valid UTF-8 without NUL bytes (only plain-text attachments need it). */
  isText: boolean;
}

/** The name ending of a file in the spool folder (what the cleanup looks for). */
export const SPOOL_FILE_SUFFIX = '.part';

/**
 * Writes an arriving upload to a fresh temporary file (readable by this user only) in `dir`, hashing, counting and
 * checking it for text on the way, so nothing larger than a stream chunk is ever held in memory. The caller
 * removes the file once it is kept or refused; on failure it is removed here.
 */
export async function spoolUpload(stream: Readable, dir: string): Promise<SpooledUpload> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const target = path.join(dir, `${randomBytes(16).toString('hex')}${SPOOL_FILE_SUFFIX}`);
  const hash = createHash('sha256');
  const text = new TextCheck();
  let size = 0;
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      text.push(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, inspect, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  return { path: target, size, sha256: hash.digest('hex'), isText: text.finish() };
}
