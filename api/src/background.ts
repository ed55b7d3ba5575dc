/**
 * Work an answer does not wait for (a password-reset mail: answering before it is known whether the address has
 * an account keeps the answer's timing from telling). Failures are reported, never thrown at a caller; `idle()`
 * waits for everything started so far (tests, shutdown).
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly onError: (error: unknown, task: string) => void) {}

  run(task: string, work: () => Promise<void>): void {
    const promise: Promise<void> = Promise.resolve()
      .then(work)
      .catch((error: unknown) => this.onError(error, task))
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
