import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { fieldIssues } from '../../../platform/http/field-issues';
import { checkoutFontCss } from './checkout-fonts';
import { EmulatorNotFoundError, EmulatorStateError, hmacHex, newPayment, type Payer } from './entities';
import { chargeCycle, cycleAmount, payableSubscription, recordPayment } from './ledger';
import type { SandboxTransaction } from './store';

/**
 * The donor's side of the sandbox: the stand-in for Razorpay's checkout.js and its stylesheet, and
 * what its modal's Pay and Fail do to an order or a subscription. Pay answers what Razorpay's
 * checkout hands to `handler`, signed with the key secret as Razorpay signs it; Fail what it passes
 * to `payment.failed`.
 */

export type PaymentTarget = { orderId: string } | { subscriptionId: string };

export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_signature: string;
  razorpay_order_id?: string;
  razorpay_subscription_id?: string;
}

/** What Razorpay's checkout passes to `payment.failed`. */
export type CheckoutFailure = Awaited<ReturnType<typeof failPayment>>['answer'];

/** One try at paying the target, captured or failed. */
async function attempt(tx: SandboxTransaction, target: PaymentTarget, payer: Payer, failed: boolean) {
  if ('subscriptionId' in target) {
    return chargeCycle(tx, await payableSubscription(tx, target.subscriptionId), payer, failed);
  }
  const order = await tx.find('order', target.orderId, 'lock');
  if (!order) throw new EmulatorNotFoundError('order', target.orderId);
  if (order.status === 'paid') throw new EmulatorStateError(`Order ${order.id} is already paid`);
  const payment = newPayment(order.amount, { order_id: order.id, invoice_id: null, notes: order.notes }, payer, failed);
  return { payment, events: await recordPayment(tx, payment, { order }) };
}

export async function completePayment(tx: SandboxTransaction, keySecret: string, target: PaymentTarget, payer: Payer) {
  const { payment, events } = await attempt(tx, target, payer, false);
  const answer: CheckoutSuccess =
    'orderId' in target
      ? {
          razorpay_payment_id: payment.id,
          razorpay_order_id: target.orderId,
          razorpay_signature: hmacHex(`${target.orderId}|${payment.id}`, keySecret),
        }
      : {
          razorpay_payment_id: payment.id,
          razorpay_subscription_id: target.subscriptionId,
          razorpay_signature: hmacHex(`${payment.id}|${target.subscriptionId}`, keySecret),
        };
  return { answer, events };
}

export async function failPayment(tx: SandboxTransaction, target: PaymentTarget, payer: Payer) {
  const { payment, events } = await attempt(tx, target, payer, true);
  const on = 'orderId' in target ? { order_id: target.orderId } : { subscription_id: target.subscriptionId };
  const answer = {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed',
      source: 'customer',
      step: 'payment_authorization',
      reason: 'payment_failed',
      metadata: { payment_id: payment.id, ...on },
    },
  };
  return { answer, events };
}

/** What the checkout modal shows: an order's amount, or a subscription's cycle. */
export async function describe(tx: SandboxTransaction, target: PaymentTarget) {
  if ('orderId' in target) {
    const order = await tx.find('order', target.orderId);
    if (!order) throw new EmulatorNotFoundError('order', target.orderId);
    return { amount: order.amount, currency: 'INR' };
  }
  const subscription = await tx.find('subscription', target.subscriptionId);
  if (!subscription) throw new EmulatorNotFoundError('subscription', target.subscriptionId);
  return { amount: await cycleAmount(tx, subscription), currency: 'INR' };
}

const id = z.string().trim().min(1, 'Required').max(40, 'Must be at most 40 characters');
const target = z
  .strictObject({
    order_id: id.optional(),
    subscription_id: id.optional(),
    // The checkout's prefill, recorded on the payment as Razorpay does (not for details).
    email: z.string().trim().max(254).optional(),
    contact: z.string().trim().max(20).optional(),
    // How the donor pays (a subscription's mandate keeps it): UPI unless card.
    method: z.enum(['card', 'upi']).optional(),
  })
  .refine((value) => (value.order_id === undefined) !== (value.subscription_id === undefined), {
    message: 'Give either order_id or subscription_id',
  })
  .transform(({ order_id, subscription_id, ...payer }) => ({
    target: order_id !== undefined ? { orderId: order_id } : { subscriptionId: subscription_id ?? '' },
    payer,
  }));
const detailsQuery = z.strictObject({ order_id: id.optional(), subscription_id: id.optional() }).pipe(target);

/** Parses with `schema`, or answers 400 with `{ message, issues: [{ path, message }] }`. */
export function parseOr400<T>(reply: FastifyReply, schema: z.ZodType<T>, value: unknown): T | undefined {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issues = fieldIssues(parsed.error);
  reply.code(400).send({ message: 'Invalid request', issues });
}

/** Runs an emulator action: 404 for unknown ids, 409 for what can't be done any more. */
export async function answer<T>(reply: FastifyReply, action: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof EmulatorNotFoundError) return reply.code(404).send({ message: error.message });
    if (error instanceof EmulatorStateError) return reply.code(409).send({ message: error.message });
    throw error;
  }
}

/** The emulator's actions behind the modal's calls, each in its own transaction. */
export interface CheckoutActions {
  completePayment(target: PaymentTarget, payer: Payer): Promise<unknown>;
  failPayment(target: PaymentTarget, payer: Payer): Promise<unknown>;
  describe(target: PaymentTarget): Promise<unknown>;
}

const here = dirname(fileURLToPath(import.meta.url));

export async function checkoutRoutes(app: FastifyInstance, actions: CheckoutActions) {
  for (const [file, type] of [
    ['checkout.js', 'application/javascript; charset=utf-8'],
    ['checkout.css', 'text/css; charset=utf-8'],
  ] as const) {
    const source = await readFile(join(here, file), 'utf8');
    // The stylesheet ends with the site's Tamil and Devanagari faces (checkout-fonts.ts).
    const content = file === 'checkout.css' ? `${source}\n${checkoutFontCss()}` : source;
    app.get(`/sandbox/${file}`, (_request, reply) =>
      reply.type(type).header('cache-control', 'no-cache').send(content),
    );
  }
  for (const [action, run] of [
    ['pay', actions.completePayment],
    ['fail', actions.failPayment],
  ] as const) {
    app.post(`/sandbox/checkout/${action}`, async (request, reply) => {
      const body = parseOr400(reply, target, request.body);
      return body && answer(reply, () => run(body.target, body.payer));
    });
  }
  app.get('/sandbox/checkout/details', async (request, reply) => {
    const query = parseOr400(reply, detailsQuery, request.query);
    return query && answer(reply, () => actions.describe(query.target));
  });
}
