import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RazorpayApiError, razorpayId, type SubscriptionEntity, toNotes, unixNow } from './entities';
import { type EmulatorEvent, event, newOrder } from './ledger';
import type { SandboxStore, SandboxTransaction } from './store';

/**
 * The emulated Razorpay API: exactly the calls the gateway makes over the official SDK, plus the
 * subscription cancel the staff console makes. Bodies are checked as Razorpay checks them (a 400
 * BAD_REQUEST_ERROR naming the field); errors have Razorpay's body, which the SDK and gateway read.
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
const cancelBody = z.strictObject({
  cancel_at_cycle_end: z.union([z.literal(0), z.literal(false)], 'The sandbox cancels at once only').optional(),
});
const invoiceQuery = z.object({
  subscription_id: z.string().min(1),
  count: z.coerce.number().int().min(1).max(100).default(10),
  skip: z.coerce.number().int().min(0).default(0),
});

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  if (issue?.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => [...issue.path, key].join('.'));
    throw RazorpayApiError.badRequest(`${names.join(', ')} is/are not required and should not be sent`, names[0]);
  }
  throw RazorpayApiError.badRequest(issue?.message ?? 'Invalid request', issue?.path.join('.') || undefined);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** HTTP Basic `keyId:keySecret`, as the SDK sends it. */
function isAuthorised(request: FastifyRequest, keyId: string, keySecret: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  return (
    Boolean(match?.[1]) && sameText(Buffer.from(match?.[1] ?? '', 'base64').toString('utf8'), `${keyId}:${keySecret}`)
  );
}

export interface ApiControls {
  latencyMs: number;
  failuresLeft: number;
}

export function razorpayApi(options: {
  keyId: string;
  keySecret: string;
  controls: ApiControls;
  store: SandboxStore;
  /** Sends a call's webhook events once its transaction has committed. */
  emit(events: EmulatorEvent[]): void;
}): FastifyInstance {
  const { keyId, keySecret, controls, store } = options;
  const app = Fastify({ logger: false });
  const read = <T>(work: (tx: SandboxTransaction) => Promise<T>) => store.transaction(work);
  const found = <T>(value: T | undefined, field?: string): T => {
    if (value === undefined) throw RazorpayApiError.idNotFound(field);
    return value;
  };

  // The SDK posts a cancel without a body, as a form; nothing else here is a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null, {}));
  app.addHook('onRequest', async (request) => {
    if (controls.latencyMs > 0) await sleep(controls.latencyMs);
    if (controls.failuresLeft > 0) {
      controls.failuresLeft -= 1;
      throw RazorpayApiError.serverError();
    }
    if (!isAuthorised(request, keyId, keySecret))
      throw new RazorpayApiError(401, 'BAD_REQUEST_ERROR', 'Authentication failed');
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    const known =
      error instanceof RazorpayApiError
        ? error
        : error.statusCode && error.statusCode < 500
          ? RazorpayApiError.badRequest(error.message)
          : RazorpayApiError.serverError();
    return reply.code(known.statusCode).send(known.body);
  });
  app.setNotFoundHandler(async () => {
    throw RazorpayApiError.badRequest('The requested URL was not found on the server.');
  });

  type ById = { Params: { id: string } };
  app.post('/v1/orders', async (request) => {
    const body = parse(orderBody, request.body);
    const order = newOrder(body.amount, body.receipt ?? null, toNotes(body.notes));
    await read((tx) => tx.save(order));
    return order;
  });
  app.get<ById>('/v1/orders/:id/payments', (request) =>
    read(async (tx) => {
      found(await tx.find('order', request.params.id));
      const items = await tx.list('payment', { field: 'order_id', value: request.params.id });
      return { entity: 'collection', count: items.length, items };
    }),
  );
  app.post('/v1/plans', async (request) => {
    const { item } = parse(planBody, request.body);
    const created_at = unixNow();
    const plan = { id: razorpayId('plan'), entity: 'plan', period: 'monthly', interval: 1, created_at } as const;
    const stored = {
      ...plan,
      item: { id: razorpayId('item'), name: item.name, amount: item.amount, currency: 'INR' as const },
    };
    await read((tx) => tx.save(stored));
    return stored;
  });
  app.post('/v1/subscriptions', async (request) => {
    const body = parse(subscriptionBody, request.body);
    return read(async (tx) => {
      const plan = found(await tx.find('plan', body.plan_id), 'plan_id');
      const subscription: SubscriptionEntity = {
        id: razorpayId('sub'),
        entity: 'subscription',
        plan_id: plan.id,
        status: 'created',
        total_count: body.total_count,
        paid_count: 0,
        remaining_count: body.total_count,
        current_start: null,
        current_end: null,
        charge_at: unixNow(),
        ended_at: null,
        notes: toNotes(body.notes),
        created_at: unixNow(),
      };
      await tx.save(subscription);
      return subscription;
    });
  });
  app.get<ById>('/v1/subscriptions/:id', (request) =>
    read(async (tx) => found(await tx.find('subscription', request.params.id))),
  );
  app.post<ById>('/v1/subscriptions/:id/cancel', async (request) => {
    parse(cancelBody, request.body);
    const subscription = await read(async (tx) => {
      const found_ = found(await tx.find('subscription', request.params.id, 'lock'));
      if (['cancelled', 'completed'].includes(found_.status)) {
        throw RazorpayApiError.badRequest(`Subscription is not cancellable in ${found_.status} status.`);
      }
      Object.assign(found_, { status: 'cancelled', ended_at: unixNow(), charge_at: null });
      await tx.save(found_);
      return found_;
    });
    options.emit([event('subscription.cancelled', { subscription })]);
    return subscription;
  });
  app.get('/v1/invoices', async (request) => {
    const query = parse(invoiceQuery, request.query);
    const all = await read((tx) => tx.list('invoice', { field: 'subscription_id', value: query.subscription_id }));
    const items = all.reverse().slice(query.skip, query.skip + query.count);
    return { entity: 'collection', count: items.length, items };
  });

  return app;
}
