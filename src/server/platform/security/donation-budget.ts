/**
 * How many donations one client may start: a budget per client address and one per e-mail address,
 * shared by every create call whatever the transport (REST or tRPC, one-time or monthly). Card
 * testers try stolen cards by starting many small donations; rotating addresses does not help them
 * while the e-mail stays, and rotating e-mails does not while the address stays.
 *
 * Counted in PostgreSQL (shared-counters.ts), so every instance on the database spends from the
 * same budgets: two instances behind a balancer allow exactly what one does. A create spends them
 * in the statement that stores its donation (`forCreate`, gifts/donations/donation-rows.ts): one round
 * trip for both budgets and the row, and a refused create stores nothing.
 */
import { normaliseEmail } from '../personal-data/email-key';
import type { CounterStore } from './counter-keys';
import { type Limit, type Spend, type SpendOutcome, spendFromLimits, storedLimits, sweep } from './shared-counters';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface DonationBudgetLimits {
  /** Creates per client address per minute (RATE_LIMIT_PER_MINUTE). */
  perClientPerMinute: number;
  /** Creates per normalised e-mail address per hour (DONATION_EMAIL_LIMIT_PER_HOUR). */
  perEmailPerHour: number;
}

/** A create refused by a budget; `retryAfterSeconds` goes into the Retry-After header. */
export class BudgetExceededError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'BudgetExceededError';
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class DonationBudget {
  constructor(
    private readonly counters: CounterStore,
    private readonly limits: DonationBudgetLimits,
    private readonly now: () => number = Date.now,
    private readonly onSweepError: (error: unknown) => void = () => {},
  ) {}

  /** Spends one create from both budgets, or throws BudgetExceededError and spends neither. */
  async spend(clientAddress: string, email: string): Promise<void> {
    const now = this.now();
    const outcome = await spendFromLimits(this.counters, this.limitsOf(clientAddress, email), now);
    sweep(this.counters.knex, now, this.onSweepError);
    if (!outcome.spent) throw refusal(outcome);
  }

  /**
   * One create's spend of both budgets, for the statement that stores its donation to make
   * (`spend_limits` there, as here): `refusal` is what to throw when that statement finds one full.
   */
  forCreate(clientAddress: string, email: string): BudgetSpend {
    const now = this.now();
    sweep(this.counters.knex, now, this.onSweepError);
    return { limits: storedLimits(this.counters, this.limitsOf(clientAddress, email)), now, refusal };
  }

  private limitsOf(clientAddress: string, email: string): Limit[] {
    return [
      { key: `budget:client:${clientAddress}`, max: this.limits.perClientPerMinute, windowMs: MINUTE_MS },
      { key: `budget:email:${normaliseEmail(email)}`, max: this.limits.perEmailPerHour, windowMs: HOUR_MS },
    ];
  }
}

/** A create's budgets, spent by the statement that stores its row: the limits (keys as stored), the clock, and what a full one means. */
export interface BudgetSpend extends Spend {
  refusal(outcome: Extract<SpendOutcome, { spent: false }>): BudgetExceededError;
}

/** The client's budget is the first limit, the e-mail's the second. */
function refusal(outcome: Extract<SpendOutcome, { spent: false }>): BudgetExceededError {
  const retry = seconds(outcome.retryAfterMs);
  return outcome.limit === 0
    ? new BudgetExceededError(`Too many donations started from this address; try again in ${retry} seconds`, retry)
    : new BudgetExceededError(
        `Too many donations started with this e-mail address; try again in ${Math.ceil(retry / 60)} minutes`,
        retry,
      );
}
