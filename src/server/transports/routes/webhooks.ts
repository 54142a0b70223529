import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PaymentGateway } from '../../gifts/payments/gateway';
import { isValidWebhook } from '../../gifts/payments/signatures';
import { fetchEntriesOf, type SettlementFetchDependencies } from '../../gifts/razorpay-settlements/fetch-settlements';
import type { DonorLinks } from '../../gifts/settlement/donor-notices';
import {
  forgetPayerOfHeldPayment,
  PAID_AFTER_ERASURE,
  refundPaymentsAfterErasure,
} from '../../gifts/settlement/paid-after-erasure';
import { applyEvent, type EventOutcome } from '../../gifts/webhooks/apply-event';
import { FailedPaymentBurst } from '../../gifts/webhooks/failed-payment-burst';
import { razorpayEventSchema } from '../../gifts/webhooks/razorpay-event.schema';
import { toStorableJson } from '../../gifts/webhooks/storable-json';
import { eventTypeOf, namesOwnPayment, recordWebhookDelivery } from '../../gifts/webhooks/webhook-deliveries';
import { WebhookEvent } from '../../gifts/webhooks/webhook-event.entity';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';

/** Razorpay's webhook bodies are a few KB; refunds with notes stay far below this. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
const MAX_EVENT_ID_LENGTH = 100;

/**
 * POST /api/webhooks/razorpay: Razorpay's word on what was paid, applied exactly once per event.
 * The signature covers the raw bytes, so this route (and only this one) keeps the body unparsed.
 * It logs ids, the event type and the outcome only: payloads carry donors' e-mails and phones.
 */
export async function webhookRoutes(
  app: FastifyInstance,
  {
    orm,
    keys,
    donorLinks,
    gateway,
  }: {
    orm: Orm;
    /** The current webhook secret, read at each delivery: the console's settings may change it. */
    keys: { webhookSecret: string };
    donorLinks: DonorLinks;
    gateway: SettlementFetchDependencies['gateway'] & Pick<PaymentGateway, 'refundPayment'>;
  },
) {
  const failedPayments = new FailedPaymentBurst(app.log);

  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  // The route's limit too: the early 413 (platform/security/oversized-bodies.ts) reads the route's.
  app.post('/api/webhooks/razorpay', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
    const raw = request.body;
    const signature = request.headers['x-razorpay-signature'];
    if (!Buffer.isBuffer(raw)) return reply.code(400).send({ message: 'Missing or invalid X-Razorpay-Signature' });
    const verified = typeof signature === 'string' && isValidWebhook(raw, signature, keys.webhookSecret);
    // Kept for the console's Settings and health list (a wrong secret shows there, an outsider's
    // forgery only as noise: console/health/webhook-health.ts); never in the way of the event.
    const recorded = async () => {
      const em = orm.em.fork();
      const ownPayment = !verified && (await namesOwnPayment(em, raw));
      await recordWebhookDelivery(em, { eventType: eventTypeOf(raw), verified, namesOwnPayment: ownPayment });
    };
    await recorded().catch((error) => request.log.warn({ err: error }, 'webhook delivery not recorded'));
    if (!verified) return reply.code(400).send({ message: 'Missing or invalid X-Razorpay-Signature' });
    const eventId = eventIdOf(request.headers['x-razorpay-event-id'], raw);
    let parsed: unknown;
    try {
      // Stored and applied as one: what is recorded is exactly what was applied.
      parsed = toStorableJson(JSON.parse(raw.toString('utf8')));
    } catch {
      return reply.code(400).send({ message: 'The body is not valid JSON' });
    }
    const event = razorpayEventSchema.safeParse(parsed);
    if (!event.success) {
      return reply.code(400).send({
        message: 'Not a Razorpay event',
        issues: fieldIssues(event.error),
      });
    }

    // One transaction: the event row and its effects commit together. A concurrent delivery of the
    // same event waits on the primary key, then finds it recorded and does nothing.
    const outcome = await orm.em.fork().transactional(async (em): Promise<EventOutcome | 'duplicate'> => {
      const inserted = await em
        .createQueryBuilder(WebhookEvent)
        .insert({ id: eventId, type: event.data.event, payload: parsed as Record<string, unknown> })
        .onConflict('id')
        .ignore()
        .execute('run');
      if (inserted.affectedRows === 0) return 'duplicate';
      const result = await applyEvent(em, event.data, request.log, donorLinks);
      await em.nativeUpdate(WebhookEvent, { id: eventId }, { outcome: result });
      return result;
    });
    if (event.data.event === 'payment.failed' && outcome !== 'duplicate') failedPayments.record();
    const settlement = event.data.payload.settlement?.entity;
    if (outcome === 'settlement_recorded' && settlement) {
      // Its payments and refunds are in Razorpay's report, asked for once the settlement is stored.
      // Should Razorpay not answer, the daily fetch stores them; the webhook is taken either way.
      const settledAt = new Date(settlement.created_at * 1000);
      await fetchEntriesOf({ orm, gateway, log: request.log }, [{ id: settlement.id, settledAt }]).catch((error) =>
        request.log.warn(
          { err: error, settlementId: settlement.id },
          'settlement report not fetched: left for the daily fetch',
        ),
      );
    }
    const payment = event.data.payload.payment?.entity;
    if (outcome === PAID_AFTER_ERASURE && payment) {
      // Held for a refund in the event's transaction: refunded now, or by the next reconciliation pass.
      await refundPaymentsAfterErasure(orm.em.fork(), gateway, payment.id);
    }
    if (payment) await forgetPayerOfHeldPayment(orm.em.fork(), payment.id);
    request.log.info({ eventId, event: event.data.event, outcome }, 'webhook received');
    return { status: 'ok', outcome };
  });
}

/**
 * Razorpay's event id, or when a proxy stripped or mangled it (it is not signed), a digest of the
 * signed body: Razorpay retries a delivery with the same body, so each event still applies once.
 */
function eventIdOf(header: string | string[] | undefined, raw: Buffer): string {
  if (typeof header === 'string' && header.length > 0 && header.length <= MAX_EVENT_ID_LENGTH) return header;
  return `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}
