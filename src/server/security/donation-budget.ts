/**
 * How many donations one client may start: a budget per client address and one per e-mail address,
 * shared by every create call whatever the transport (REST or tRPC, one-time or monthly). Card
 * testers try stolen cards by starting many small donations; rotating addresses does not help them
 * while the e-mail stays, and rotating e-mails does not while the address stays.
 *
 * Counted in this instance's memory (fixed windows): N instances allow N times each budget.
 */

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

/** Counts per key in fixed windows; expired keys are swept once a window, so memory stays bounded. */
class WindowCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweepAt = 0;

  constructor(
    private readonly windowMs: number,
    private readonly max: number,
  ) {}

  /** Milliseconds until `key` may spend again; 0 when it may now. */
  waitMs(key: string, now: number): number {
    this.sweep(now);
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < this.max) return 0;
    return window.resetAt - now;
  }

  spend(key: string, now: number): void {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    else window.count += 1;
  }

  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    this.nextSweepAt = now + this.windowMs;
  }
}

/**
 * One e-mail written many ways is one e-mail: case, a `+tag` and (at Gmail) dots in the local
 * part do not reach a different inbox.
 */
export function normaliseEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let local = address.slice(0, at).split('+')[0] ?? '';
  const domain = address.slice(at + 1);
  if (domain === 'gmail.com' || domain === 'googlemail.com') local = local.replaceAll('.', '');
  return `${local}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class DonationBudget {
  private readonly clients: WindowCounter;
  private readonly emails: WindowCounter;

  constructor(
    limits: DonationBudgetLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.clients = new WindowCounter(MINUTE_MS, limits.perClientPerMinute);
    this.emails = new WindowCounter(HOUR_MS, limits.perEmailPerHour);
  }

  /** Spends one create from both budgets, or throws BudgetExceededError and spends neither. */
  spend(clientAddress: string, email: string): void {
    const now = this.now();
    const emailKey = normaliseEmail(email);
    const clientWait = this.clients.waitMs(clientAddress, now);
    if (clientWait > 0) {
      const retry = seconds(clientWait);
      throw new BudgetExceededError(
        `Too many donations started from this address; try again in ${retry} seconds`,
        retry,
      );
    }
    const emailWait = this.emails.waitMs(emailKey, now);
    if (emailWait > 0) {
      const retry = seconds(emailWait);
      throw new BudgetExceededError(
        `Too many donations started with this e-mail address; try again in ${Math.ceil(retry / 60)} minutes`,
        retry,
      );
    }
    this.clients.spend(clientAddress, now);
    this.emails.spend(emailKey, now);
  }
}
