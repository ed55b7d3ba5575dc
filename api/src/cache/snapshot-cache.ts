import { PreSerialized, ok } from '../http/envelope.js';

export interface SnapshotCacheOptions {
  /**
   * How long a loaded snapshot is served before it is read again. Seeding through this process invalidates at
   * once; the TTL bounds how long other processes (the seed command, other replicas) take to be noticed.
   */
  ttlMs?: number;
  onRefreshError?: (error: unknown) => void;
  now?: () => number;
}

/**
 * Data read from the database as a whole and kept in memory, the way the catalogue keeps the games: a stale
 * snapshot is still served while a fresh one loads behind it, so no request waits on the database after the first.
 */
export class SnapshotCache<Data> {
  readonly #read: () => Promise<Data>;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #onRefreshError: (error: unknown) => void;
  #current: { data: Data; loadedAt: number } | null = null;
  #loading: Promise<Data> | null = null;
  #generation = 0;

  constructor(read: () => Promise<Data>, options: SnapshotCacheOptions = {}) {
    this.#read = read;
    this.#ttlMs = options.ttlMs ?? 30_000;
    this.#now = options.now ?? Date.now;
    this.#onRefreshError = options.onRefreshError ?? (() => undefined);
  }

  /** Forget everything loaded; the next read goes to the database. */
  invalidate(): void {
    this.#generation += 1;
    this.#current = null;
    this.#loading = null;
  }

  async get(): Promise<Data> {
    const current = this.#current;
    if (current) {
      if (this.#now() - current.loadedAt >= this.#ttlMs && !this.#loading) {
        this.#load().catch(this.#onRefreshError);
      }
      return current.data;
    }
    return this.#loading ?? this.#load();
  }

  #load(): Promise<Data> {
    const generation = this.#generation;
    const loading = this.#read().then(
      (data) => {
        // An invalidate() while reading means the rows may predate a seed: hand them to the waiting callers only.
        if (generation === this.#generation) {
          this.#current = { data, loadedAt: this.#now() };
          this.#loading = null;
        }
        return data;
      },
      (error: unknown) => {
        if (generation === this.#generation) this.#loading = null;
        throw error;
      },
    );
    this.#loading = loading;
    return loading;
  }
}

/**
 * The answers rendered from one snapshot, kept with it: each is built and serialised the first time it is asked
 * for, and a new snapshot starts with none.
 */
export type RenderedAnswers = Map<string, PreSerialized>;

/** The answer under `key` in a snapshot's rendered answers, built into its envelope the first time. */
export function renderedAnswer(rendered: RenderedAnswers, key: string, build: () => unknown): PreSerialized {
  let answer = rendered.get(key);
  if (!answer) {
    answer = new PreSerialized(JSON.stringify(ok(build())));
    rendered.set(key, answer);
  }
  return answer;
}
