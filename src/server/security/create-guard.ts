import { randomBytes, randomInt } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { FastifyRequest } from 'fastify';
import type { CreateDonationOutput, CreateSubscriptionOutput, DonationInput } from '../../shared/donation.schema';
import { BudgetExceededError, type DonationBudget } from './donation-budget';

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
 * it could adapt to, and no row or Razorpay call is made for it.
 */
export async function guardOneTimeCreate(
  ctx: GuardContext,
  input: DonationInput,
  create: () => Promise<CreateDonationOutput>,
): Promise<CreateDonationOutput> {
  if (await isBot(ctx, input)) return { ...decoyDonation(ctx, input), order: { id: decoyProviderId('order') } };
  return create();
}

/** As guardOneTimeCreate, for monthly donations. */
export async function guardMonthlyCreate(
  ctx: GuardContext,
  input: DonationInput,
  create: () => Promise<CreateSubscriptionOutput>,
): Promise<CreateSubscriptionOutput> {
  if (await isBot(ctx, input)) return { ...decoyDonation(ctx, input), subscription: { id: decoyProviderId('sub') } };
  return create();
}

/** Spends the budgets (throwing 429 when spent), then tells whether the honeypot was filled. */
async function isBot(ctx: GuardContext, input: DonationInput): Promise<boolean> {
  if (ctx.budget && ctx.request) {
    try {
      await ctx.budget.spend(ctx.request.ip, input.email);
    } catch (error) {
      if (!(error instanceof BudgetExceededError)) throw error;
      ctx.request.log.warn({ retryAfterSeconds: error.retryAfterSeconds }, 'donation budget spent');
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: error.message, cause: error });
    }
  }
  if (!input.website?.trim()) return false;
  ctx.request?.log.warn(
    { donationType: input.donationType },
    'honeypot filled: answered as a success, nothing created',
  );
  return true;
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
