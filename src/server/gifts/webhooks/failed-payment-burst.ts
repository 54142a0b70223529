import type { FastifyBaseLogger } from 'fastify';

/** More failed payments than this within a minute looks like card testing, not unlucky donors. */
export const FAILED_PAYMENTS_PER_MINUTE = 20;
const WINDOW_MS = 60_000;

/**
 * Warns when failed payments burst: stolen cards are tried on donation forms with small amounts.
 * Counts this instance's `payment.failed` webhooks over a sliding minute and warns at most once a
 * minute while the burst lasts, with counts only (never who or which card).
 */
export class FailedPaymentBurst {
  private readonly failures: number[] = [];
  private lastWarning = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly limit = FAILED_PAYMENTS_PER_MINUTE,
    private readonly now: () => number = Date.now,
  ) {}

  record(): void {
    const now = this.now();
    this.failures.push(now);
    while ((this.failures[0] ?? now) <= now - WINDOW_MS) this.failures.shift();
    if (this.failures.length > this.limit && now - this.lastWarning >= WINDOW_MS) {
      this.lastWarning = now;
      this.log.warn(
        { failedPayments: this.failures.length, windowSeconds: WINDOW_MS / 1000, limit: this.limit },
        'failed payments are bursting: possible card testing',
      );
    }
  }
}
