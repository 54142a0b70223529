import { randomInt } from 'node:crypto';
import type { ApplicationForm, ApplicationReceived } from '../../../shared/application-forms.schema';
import { normaliseEmail } from '../../platform/personal-data/email-key';
import type { CounterStore } from '../../platform/security/counter-keys';
import { BudgetExceededError } from '../../platform/security/donation-budget';
import { type Limit, spendFromLimits, sweep } from '../../platform/security/shared-counters';

const HOUR_MS = 60 * 60_000;

/**
 * How many applications one client address and one e-mail address may send in an hour: enough for
 * a family applying for two animals and correcting a typo, or an office sharing one address; a
 * flood from one address is refused with 429 after it. Counted in PostgreSQL by the same counters
 * as the donation budgets (platform/security/shared-counters.ts), so every instance shares them.
 */
export const APPLICATION_LIMITS = { perAddressPerHour: 10, perEmailPerHour: 5 } as const;

/** What the gate needs of an HTTP call: the counters and the caller's address. In-process callers have neither and no limit. */
export interface ApplicationGate {
  counters: CounterStore;
  clientAddress: string;
  now?: number;
  onSweepError?: (error: unknown) => void;
}

const limitsOf = (clientAddress: string, email: string): Limit[] => [
  { key: `application:address:${clientAddress}`, max: APPLICATION_LIMITS.perAddressPerHour, windowMs: HOUR_MS },
  { key: `application:email:${normaliseEmail(email)}`, max: APPLICATION_LIMITS.perEmailPerHour, windowMs: HOUR_MS },
];

/**
 * The one gate in front of an application: spends the address's and the e-mail's limits (a
 * BudgetExceededError when one is full: the transports answer 429 with Retry-After), then answers a
 * filled honeypot as a success whose number points at nothing, storing and mailing nothing: a bot
 * learns nothing to adapt to. A bot is counted like a person, so a flood of them meets the 429 too.
 */
export async function guardApplication(
  gate: ApplicationGate | undefined,
  input: ApplicationForm,
  submit: () => Promise<{ id: number }>,
): Promise<ApplicationReceived & { decoy: boolean }> {
  if (gate) {
    const now = gate.now ?? Date.now();
    const outcome = await spendFromLimits(gate.counters, limitsOf(gate.clientAddress, input.email), now);
    sweep(gate.counters.knex, now, gate.onSweepError ?? (() => {}));
    if (!outcome.spent) {
      const retryAfterSeconds = Math.max(1, Math.ceil(outcome.retryAfterMs / 1000));
      const which = outcome.limit === 0 ? 'this address' : 'this e-mail address';
      throw new BudgetExceededError(
        `Too many applications from ${which}: please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes`,
        retryAfterSeconds,
      );
    }
  }
  if (input.website?.trim()) {
    return { id: randomInt(1_000_000_000, 2_147_483_647), kind: input.kind, decoy: true };
  }
  const { id } = await submit();
  return { id, kind: input.kind, decoy: false };
}
