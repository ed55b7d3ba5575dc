import fastifyPlugin from 'fastify-plugin';

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

declare module 'fastify' {
  interface FastifyInstance {
    /** Work answers do not wait for (reset mails); `await app.background.idle()` to see it done. */
    background: BackgroundTasks;
  }
}

/** Shares `app.background`; closing the app waits for the work started (a reset mail being written). */
export const backgroundPlugin = fastifyPlugin(
  async (app) => {
    const background = new BackgroundTasks((error, task) => app.log.error({ err: error, task }, 'background task failed'));
    app.decorate('background', background);
    // Before the caller closes the database.
    app.addHook('onClose', async () => background.idle());
  },
  { name: 'background' },
);
