/**
 * Counts procedure calls still running, so shutdown can wait for them. Fastify's close only waits
 * for open connections: a client that hangs up mid-call leaves its handler running, and closing
 * the database under it would leave a donation half-written.
 */
export class InFlightWork {
  private running = 0;
  private idle: (() => void)[] = [];

  async run<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      if (this.running === 0) for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  /** Resolves once nothing is running, or after `timeoutMs` whatever is left. */
  drain(timeoutMs = 12_000): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
