import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, chmod, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A received upload, complete and checked, waiting in a temporary file to be kept. */
export interface SpooledFile {
  path: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  contentType: string;
}

/**
 * Where attachment bytes live, outside any web root: only the API reads them back, for the accounts allowed to
 * see them. Keys come from `newStorageKey()`, never from anything a caller sent.
 */
export interface FileStore {
  /** For the start-up log: the folder or the endpoint and bucket. */
  readonly description: string;
  /** A folder uploads are written to while they arrive (on the disk store the same disk, so keeping is a rename). */
  readonly spoolDir: string;
  /** Keeps the spooled file's bytes under `key`; the temporary file is gone or may be removed afterwards. */
  put(key: string, file: SpooledFile): Promise<void>;
  /** The bytes kept under `key`; throws StoredFileMissing when there are none. */
  get(key: string): Promise<Readable>;
  /** Forgets `key`; nothing happens when it is already gone. */
  delete(key: string): Promise<void>;
  /** Resolves when the store can take files now (the readiness probe); rejects saying why not. */
  checkReachable(): Promise<void>;
}

export class StoredFileMissing extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}`);
    this.name = 'StoredFileMissing';
  }
}

const STORAGE_KEY = /^[0-9a-f]{32}$/;

/** A fresh random key (128 bits, hex). */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

/** Keys are ours, but a key is checked before it becomes a path or a URL all the same. */
export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error('Malformed storage key');
}

/** Folder where uploads wait while they arrive, inside the disk store's folder. */
const INCOMING_FOLDER = '.incoming';

/**
 * Files in a folder of the API's machine (FILES_DIR), two hex characters of fan-out so no folder grows huge.
 * Only for a single API process: replicas need a shared store (S3).
 */
export class DiskFileStore implements FileStore {
  readonly description: string;
  readonly spoolDir: string;

  constructor(private readonly dir: string) {
    this.description = `disk ${dir}`;
    this.spoolDir = path.join(dir, INCOMING_FOLDER);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.dir, key.slice(0, 2), key);
  }

  async put(key: string, file: SpooledFile): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await rename(file.path, target);
    // Whatever the spooled file's mode was: kept files are for the API's user alone.
    await chmod(target, 0o600);
  }

  async get(key: string): Promise<Readable> {
    const stream = createReadStream(this.pathOf(key));
    // Opening is asynchronous: wait for it, so a missing file is an error here and not in the middle of an answer.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new StoredFileMissing(key) : error));
    });
    return stream;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async checkReachable(): Promise<void> {
    await mkdir(this.spoolDir, { recursive: true, mode: 0o700 });
    await access(this.dir, constants.W_OK);
    await access(this.spoolDir, constants.W_OK);
  }
}
