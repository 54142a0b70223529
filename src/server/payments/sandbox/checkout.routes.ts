import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { RazorpayEmulator } from './emulator';
import { EmulatorNotFoundError, EmulatorStateError } from './entities';

/**
 * The browser side of the sandbox: the stand-in for Razorpay's checkout.js and its stylesheet, and
 * the calls its modal makes when the donor presses Pay or Fail or needs the amount to show.
 */

const id = z.string().trim().min(1, 'Required').max(40, 'Must be at most 40 characters');
const target = z
  .strictObject({
    order_id: id.optional(),
    subscription_id: id.optional(),
    // The checkout's prefill, recorded on the payment as Razorpay does (not for details).
    email: z.string().trim().max(254).optional(),
    contact: z.string().trim().max(20).optional(),
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
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
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

export async function checkoutRoutes(app: FastifyInstance, { emulator }: { emulator: RazorpayEmulator }) {
  for (const [file, type] of [
    ['checkout.js', 'application/javascript; charset=utf-8'],
    ['checkout.css', 'text/css; charset=utf-8'],
  ] as const) {
    const content = await readFile(new URL(file, import.meta.url), 'utf8');
    app.get(`/sandbox/${file}`, (_request, reply) =>
      reply.type(type).header('cache-control', 'no-cache').send(content),
    );
  }
  for (const [action, run] of [
    ['pay', emulator.completePayment],
    ['fail', emulator.failPayment],
  ] as const) {
    app.post(`/sandbox/checkout/${action}`, async (request, reply) => {
      const body = parseOr400(reply, target, request.body);
      return body && answer<unknown>(reply, () => run(body.target, body.payer));
    });
  }
  app.get('/sandbox/checkout/details', async (request, reply) => {
    const query = parseOr400(reply, detailsQuery, request.query);
    return query && answer(reply, () => emulator.describe(query.target));
  });
}
