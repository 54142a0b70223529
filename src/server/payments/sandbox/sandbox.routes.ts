import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { EmulatorNotFoundError, EmulatorStateError, type PaymentTarget, type RazorpayEmulator } from './emulator';

/**
 * The browser side of the sandbox: the stand-in for Razorpay's checkout.js and the calls its modal
 * makes when the donor presses Pay or Fail. Registered only in sandbox mode. With `devControls`
 * (never in production) also what Razorpay does later on its own: a subscription's next charge and
 * a refund, each followed by its webhooks.
 */

const here = dirname(fileURLToPath(import.meta.url));

const id = z.string().trim().min(1, 'Required').max(40, 'Must be at most 40 characters');

/** Exactly one of order_id and subscription_id. */
const targetShape = { order_id: id.optional(), subscription_id: id.optional() };
const oneTarget = (value: { order_id?: string; subscription_id?: string }) =>
  (value.order_id === undefined) !== (value.subscription_id === undefined);
const oneTargetMessage = { message: 'Give either order_id or subscription_id' };

const checkoutBodySchema = z
  .strictObject({
    ...targetShape,
    // The checkout's prefill, recorded on the payment like Razorpay does.
    email: z.string().trim().max(254).optional(),
    contact: z.string().trim().max(20).optional(),
  })
  .refine(oneTarget, oneTargetMessage);

const detailsQuerySchema = z.strictObject(targetShape).refine(oneTarget, oneTargetMessage);

const idParamsSchema = z.strictObject({ id });

/** A refund of the whole payment, or of `amount` paise of it. */
const refundBodySchema = z.strictObject({ amount: z.number().int().positive().optional() });

function targetOf(value: { order_id?: string; subscription_id?: string }): PaymentTarget {
  return value.order_id !== undefined ? { orderId: value.order_id } : { subscriptionId: value.subscription_id ?? '' };
}

function badRequest(reply: FastifyReply, error: z.ZodError): FastifyReply {
  return reply.code(400).send({
    message: 'Invalid request',
    issues: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  });
}

/** Runs an emulator action, answering 404 for unknown ids and 409 for what can't be paid (or refunded) any more. */
function answer<T>(reply: FastifyReply, action: () => T): T | FastifyReply {
  try {
    return action();
  } catch (error) {
    if (error instanceof EmulatorNotFoundError) return reply.code(404).send({ message: error.message });
    if (error instanceof EmulatorStateError) return reply.code(409).send({ message: error.message });
    throw error;
  }
}

export interface SandboxRoutesOptions {
  emulator: RazorpayEmulator;
  /** Adds the charge and refund controls; development only. */
  devControls?: boolean;
}

export async function sandboxRoutes(
  app: FastifyInstance,
  { emulator, devControls = false }: SandboxRoutesOptions,
): Promise<void> {
  const [script, styles] = await Promise.all([
    readFile(join(here, 'checkout.js'), 'utf8'),
    readFile(join(here, 'checkout.css'), 'utf8'),
  ]);

  app.get('/sandbox/checkout.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
  app.get('/sandbox/checkout.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(styles),
  );

  app.post('/sandbox/checkout/pay', async (request, reply) => {
    const parsed = checkoutBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) return badRequest(reply, parsed.error);
    const { email, contact } = parsed.data;
    return answer(reply, () => emulator.completePayment(targetOf(parsed.data), { email, contact }));
  });

  app.post('/sandbox/checkout/fail', async (request, reply) => {
    const parsed = checkoutBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) return badRequest(reply, parsed.error);
    const { email, contact } = parsed.data;
    return answer(reply, () => emulator.failPayment(targetOf(parsed.data), { email, contact }));
  });

  app.get('/sandbox/checkout/details', async (request, reply) => {
    const parsed = detailsQuerySchema.safeParse(request.query ?? {});
    if (!parsed.success) return badRequest(reply, parsed.error);
    return answer(reply, () => emulator.describe(targetOf(parsed.data)));
  });

  if (!devControls) return;

  app.post('/sandbox/subscriptions/:id/charge', async (request, reply) => {
    const params = idParamsSchema.safeParse(request.params);
    if (!params.success) return badRequest(reply, params.error);
    return answer(reply, () => emulator.chargeSubscription(params.data.id));
  });

  app.post('/sandbox/payments/:id/refund', async (request, reply) => {
    const params = idParamsSchema.safeParse(request.params);
    if (!params.success) return badRequest(reply, params.error);
    const body = refundBodySchema.safeParse(request.body ?? {});
    if (!body.success) return badRequest(reply, body.error);
    return answer(reply, () => emulator.refundPayment(params.data.id, body.data.amount));
  });
}
