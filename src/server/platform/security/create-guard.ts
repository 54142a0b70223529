import { randomBytes, randomInt } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { FastifyRequest } from 'fastify';
import type { CreateDonationOutput, CreateSubscriptionOutput, DonationInput } from '../../../shared/donation.schema';
import { BudgetExceededError, type BudgetSpend, type DonationBudget } from './donation-budget';

interface GuardContext {
  razorpay: { keyId: string };
  /** Spent by HTTP callers only: in-process callers (tests, scripts) have no request and no limit. */
  budget?: DonationBudget;
  request?: Pick<FastifyRequest, 'ip' | 'log'>;
}

/**
 * The one gate in front of both create procedures, so REST and tRPC alike: spends the client's
 * and the e-mail's budgets (429 with Retry-After when spent), then answers a filled honeypot with
 * a success of the normal shape whose ids point at nothing, creating nothing: a bot learns nothing
 * it could adapt to, and no row or Razorpay call is made for it. A real create spends its budgets
 * in the statement that stores its row (`create` is handed them): one round trip less per donor.
 */
export async function guardOneTimeCreate(
  ctx: GuardContext,
  input: DonationInput,
  create: (budget?: BudgetSpend) => Promise<CreateDonationOutput>,
): Promise<CreateDonationOutput> {
  if (await isBot(ctx, input)) return { ...decoyDonation(ctx, input), order: { id: decoyProviderId('order') } };
  return overBudgetAs429(ctx, () => create(budgetOf(ctx, input)));
}

/** As guardOneTimeCreate, for monthly donations. */
export async function guardMonthlyCreate(
  ctx: GuardContext,
  input: DonationInput,
  create: (budget?: BudgetSpend) => Promise<CreateSubscriptionOutput>,
): Promise<CreateSubscriptionOutput> {
  if (await isBot(ctx, input)) return { ...decoyDonation(ctx, input), subscription: { id: decoyProviderId('sub') } };
  return overBudgetAs429(ctx, () => create(budgetOf(ctx, input)));
}

/** A filled honeypot: its budgets are spent on their own (a bot over them gets the 429 a person would). */
async function isBot(ctx: GuardContext, input: DonationInput): Promise<boolean> {
  if (!input.website?.trim()) return false;
  const { budget, request } = ctx;
  if (budget && request) await overBudgetAs429(ctx, () => budget.spend(request.ip, input.email));
  ctx.request?.log.warn(
    { donationType: input.donationType },
    'honeypot filled: answered as a success, nothing created',
  );
  return true;
}

/** An HTTP caller's budgets, for the create to spend; in-process callers have none. */
const budgetOf = (ctx: GuardContext, input: DonationInput) =>
  ctx.budget && ctx.request ? ctx.budget.forCreate(ctx.request.ip, input.email) : undefined;

/** A budget found full while `work` ran is a 429 (TOO_MANY_REQUESTS), logged without who it was. */
async function overBudgetAs429<T>(ctx: GuardContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof BudgetExceededError)) throw error;
    ctx.request?.log.warn({ retryAfterSeconds: error.retryAfterSeconds }, 'donation budget spent');
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: error.message, cause: error });
  }
}

/** The common part of a decoy answer: what the caller sent, under an id far above any this
 * trust's table will reach, so a verify of it finds nothing. */
function decoyDonation(ctx: GuardContext, input: DonationInput) {
  return {
    razorpayKeyId: ctx.razorpay.keyId,
    donation: {
      id: randomInt(1_000_000_000, 2_147_483_647),
      name: input.name,
      email: input.email,
      phone: input.phone,
      amount: input.amount,
      donationType: input.donationType,
      purpose: input.purpose ?? null,
    },
  };
}

/** Shaped like Razorpay's ids (`order_` + 14 characters), unknown to Razorpay. */
const decoyProviderId = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
