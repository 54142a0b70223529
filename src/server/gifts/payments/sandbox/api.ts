import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, found, parse, RazorpayApiError, SERVER_ERROR } from './api-errors';
import {
  EmulatorNotFoundError,
  EmulatorStateError,
  newOrder,
  newPlan,
  newSubscription,
  publicSubscription,
  toNotes,
} from './entities';
import { type EmulatorEvent, refund } from './ledger';
import { listSettlements, publicSettlement, reconLines } from './settlements';
import type { SandboxStore } from './store';
import { subscriptionChangeRoutes } from './subscription-changes';

/**
 * The emulated Razorpay API: exactly the calls the gateway makes over the official SDK (settlements
 * and their report included, and the refund of a payment that arrived after its donor's erasure),
 * plus the changes a donor makes to a monthly gift (subscription-changes.ts). Bodies are
 * checked as Razorpay checks them (a 400 BAD_REQUEST_ERROR naming the field); errors have
 * Razorpay's body, which the SDK and gateway read.
 */

const notes = z.record(z.string(), z.union([z.string().max(256), z.number()])).optional();
const amount = z.number().int('The amount must be an integer.').min(100, 'The amount must be atleast INR 1.00');
const inr = z.literal('INR', 'The selected currency is invalid.');

const orderBody = z.strictObject({ amount, currency: inr, receipt: z.string().max(40).optional(), notes });
const planBody = z.strictObject({
  period: z.literal('monthly', 'The sandbox has monthly plans only'),
  interval: z.literal(1, 'The sandbox has plans of interval 1 only'),
  item: z.strictObject({ name: z.string().min(1).max(255), amount, currency: inr }),
});
const subscriptionBody = z.strictObject({
  plan_id: z.string().min(1),
  total_count: z.number().int().min(1).max(1200),
  customer_notify: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
  notes,
});
const refundBody = z.strictObject({
  amount: amount.optional(),
  speed: z.enum(['normal', 'optimum']).optional(),
  receipt: z.string().max(40).optional(),
  notes,
});
const invoiceQuery = z.object({
  subscription_id: z.string().min(1),
  count: z.coerce.number().int().min(1).max(100).default(10),
  skip: z.coerce.number().int().min(0).default(0),
});
const listQuery = z.object({ count: z.coerce.number().int().min(1).max(100).default(10) });

const unixTime = z.coerce.number().int().min(0);
const settlementQuery = z.object({
  from: unixTime.optional(),
  to: unixTime.optional(),
  count: z.coerce.number().int().min(1, 'The count must be at least 1.').max(100).default(10),
  skip: z.coerce.number().int().min(0).default(0),
});
const reconQuery = z.object({
  year: z.coerce.number().int().min(2000).max(9999),
  month: z.coerce.number().int().min(1).max(12),
  day: z.coerce.number().int().min(1).max(31).optional(),
  count: z.coerce.number().int().min(1, 'The count must be at least 1.').max(1000).default(10),
  skip: z.coerce.number().int().min(0).default(0),
});

export function razorpayApi(options: {
  /** The key pair it accepts; read at each call, since the console's settings may change it. */
  keys: { keyId: string; keySecret: string };
  controls: { latencyMs: number; failuresLeft: number };
  store: SandboxStore;
  /** Sends a call's webhook events once its transaction has committed. */
  emit(events: EmulatorEvent[]): void;
}): FastifyInstance {
  const { controls, store } = options;
  // HTTP Basic `keyId:keySecret`, as the SDK sends it.
  const authorization = () =>
    `Basic ${Buffer.from(`${options.keys.keyId}:${options.keys.keySecret}`).toString('base64')}`;
  const app = Fastify({ logger: false });

  // The SDK posts a cancel without a body, as a form; nothing else here is a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null, {}));
  app.addHook('onRequest', async (request) => {
    if (controls.latencyMs > 0) await sleep(controls.latencyMs);
    if (controls.failuresLeft > 0) {
      controls.failuresLeft -= 1;
      throw new RazorpayApiError(500, SERVER_ERROR);
    }
    if (request.headers.authorization !== authorization()) throw new RazorpayApiError(401, 'Authentication failed');
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    const known = error instanceof RazorpayApiError ? error : undefined;
    const statusCode = known?.statusCode ?? ((error.statusCode ?? 500) < 500 ? 400 : 500);
    const code = statusCode < 500 ? 'BAD_REQUEST_ERROR' : 'SERVER_ERROR';
    const description = statusCode < 500 ? error.message : SERVER_ERROR;
    const field = known?.field === undefined ? {} : { field: known.field };
    const body = { code, description, source: 'NA', reason: 'NA', metadata: {}, ...field };
    return reply.code(statusCode).send({ error: body });
  });
  app.setNotFoundHandler(async () => {
    throw badRequest('The requested URL was not found on the server.');
  });

  type ById = { Params: { id: string } };
  app.post('/v1/orders', async (request) => {
    const body = parse(orderBody, request.body);
    const order = newOrder(body.amount, body.receipt ?? null, toNotes(body.notes));
    // The busiest call (one per donation): a new order reads nothing, so it needs no transaction,
    // and the orders of one turn share a statement (store.ts).
    await store.save(order);
    return order;
  });
  // The console's check of the keys asks for one order (console/settings/razorpay-check.ts): newest first.
  app.get('/v1/orders', (request) =>
    store.transaction(async (tx) => {
      const { count } = parse(listQuery, request.query);
      const items = (await tx.list('order')).reverse().slice(0, count);
      return { entity: 'collection', count: items.length, items };
    }),
  );
  app.get<ById>('/v1/orders/:id/payments', (request) =>
    store.transaction(async (tx) => {
      found(await tx.find('order', request.params.id));
      const items = await tx.list('payment', { field: 'order_id', value: request.params.id });
      return { entity: 'collection', count: items.length, items };
    }),
  );
  app.post('/v1/plans', async (request) => {
    const { item } = parse(planBody, request.body);
    const plan = newPlan(item.name, item.amount);
    await store.save(plan);
    return plan;
  });
  app.post('/v1/subscriptions', async (request) => {
    const body = parse(subscriptionBody, request.body);
    return store.transaction(async (tx) => {
      const plan = found(await tx.find('plan', body.plan_id), 'plan_id');
      const subscription = newSubscription(plan.id, body.total_count, toNotes(body.notes));
      await tx.save(subscription);
      return publicSubscription(subscription);
    });
  });
  app.get<ById>('/v1/subscriptions/:id', (request) =>
    store.transaction(async (tx) => publicSubscription(found(await tx.find('subscription', request.params.id)))),
  );
  subscriptionChangeRoutes(app, store, options.emit);
  // A refund (in full unless `amount` says less), answered and told by webhooks as Razorpay does.
  app.post<ById>('/v1/payments/:id/refund', async (request) => {
    const body = parse(refundBody, request.body);
    try {
      const { answer, events } = await store.transaction((tx) => refund(tx, request.params.id, body.amount));
      options.emit(events);
      return answer;
    } catch (error) {
      if (error instanceof EmulatorNotFoundError) throw badRequest('The id provided does not exist', 'id');
      if (error instanceof EmulatorStateError || error instanceof RangeError) throw badRequest(error.message);
      throw error;
    }
  });
  app.get('/v1/invoices', async (request) => {
    const query = parse(invoiceQuery, request.query);
    const where = { field: 'subscription_id', value: query.subscription_id } as const;
    const all = await store.transaction((tx) => tx.list('invoice', where));
    const items = all.reverse().slice(query.skip, query.skip + query.count);
    return { entity: 'collection', count: items.length, items };
  });

  // Settlements: made by the sandbox on its own (settlements.ts); these only read them.
  app.get('/v1/settlements', async (request) => {
    const query = parse(settlementQuery, request.query);
    const items = await store.transaction((tx) => listSettlements(tx, query));
    return { entity: 'collection', count: items.length, items };
  });
  app.get('/v1/settlements/recon/combined', async (request) => {
    const query = parse(reconQuery, request.query);
    const items = await store.transaction((tx) => reconLines(tx, query));
    return { entity: 'collection', count: items.length, items };
  });
  app.get<ById>('/v1/settlements/:id', (request) =>
    store.transaction(async (tx) => publicSettlement(found(await tx.find('settlement', request.params.id)))),
  );

  return app;
}
