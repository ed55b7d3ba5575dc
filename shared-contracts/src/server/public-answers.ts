/**
 * Answers of the API that every guest of a brand gets alike (the game lists, help topics, the login offer), kept
 * for a few seconds in the process of a server that renders first views. A fragment's cache holds one page for one
 * host, area and language; the data behind it is the same for every page, host and minute of a brand in that
 * language, so the renders share one call instead of each asking the API for the same lists (issue 13: the API
 * calls were most of an uncached fragment's cost). Kept only for calls made without a session, so nothing personal
 * is ever in it; values are handed out as they came, since renders only read them.
 */
export class PublicAnswers {
  readonly #settled = new Map<string, { value: unknown; freshUntil: number; keptUntil: number }>();
  readonly #asking = new Map<string, Promise<unknown>>();

  constructor(
    private readonly freshMs: number,
    private readonly maxEntries: number,
  ) {}

  /**
   * The answer kept under `key` while fresh; else `ask`'s, asked once for every caller meanwhile. Past its freshness
   * an answer still goes out, for as long again, while one call revalidates it behind the caller (a render must not
   * wait on the API for what it had a moment ago). A failed call is never kept: the next caller asks again.
   */
  answer<T>(key: string, ask: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const kept = this.#settled.get(key);
    if (kept && kept.freshUntil > now) return Promise.resolve(kept.value as T);
    const asked = (this.#asking.get(key) ?? this.#ask(key, ask)) as Promise<T>;
    if (kept && kept.keptUntil > now) {
      // The caller has the kept answer; a failed revalidation leaves it in place until it expires.
      asked.catch(() => undefined);
      return Promise.resolve(kept.value as T);
    }
    return asked;
  }

  #ask<T>(key: string, ask: () => Promise<T>): Promise<T> {
    const asked = ask()
      .then((value) => {
        const now = Date.now();
        this.#settled.delete(key);
        this.#settled.set(key, { value, freshUntil: now + this.freshMs, keptUntil: now + 2 * this.freshMs });
        // The oldest answer goes first beyond the bound.
        if (this.#settled.size > this.maxEntries) this.#settled.delete(this.#settled.keys().next().value as string);
        return value;
      })
      .finally(() => this.#asking.delete(key));
    this.#asking.set(key, asked);
    return asked;
  }
}
