import { z } from 'zod';

/**
 * The parts of Razorpay's webhook payloads this service reads (the rest is kept as received).
 * See Razorpay's "Webhook payloads": `{ entity: 'event', event, payload: { payment: { entity } … } }`.
 */
const paymentEntity = z.looseObject({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  order_id: z.string().nullish(),
  amount_refunded: z.number().int().nullish(),
  refund_status: z.string().nullish(),
});

const subscriptionEntity = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  // Read when present (subscription.updated, the mandate's method); an odd value is taken as none.
  plan_id: z.string().min(1).optional().catch(undefined),
  payment_method: z.string().min(1).nullish().catch(undefined),
});

/** Razorpay's settlement entity (`settlement.processed`): `fees` includes the GST, `tax` is the GST. */
const settlementEntity = z.looseObject({
  id: z.string().min(1),
  amount: z.number().int(),
  status: z.string(),
  fees: z.number().int().nullish(),
  tax: z.number().int().nullish(),
  utr: z.string().nullish(),
  created_at: z.number().int(),
});

export const razorpayEventSchema = z.looseObject({
  event: z.string().min(1),
  /** When Razorpay raised the event (unix seconds): orders events that arrive out of order. */
  created_at: z.number().int().optional().catch(undefined),
  payload: z.looseObject({
    payment: z.object({ entity: paymentEntity }).optional(),
    subscription: z.object({ entity: subscriptionEntity }).optional(),
    // A settlement this cannot read is taken as none (the event is kept, `ignored`): refusing it
    // would have Razorpay retry it for a day, and the daily fetch stores the settlement anyway.
    settlement: z.object({ entity: settlementEntity }).optional().catch(undefined),
    refund: z
      .object({
        entity: z.looseObject({ payment_id: z.string(), amount: z.number().int(), status: z.string().optional() }),
      })
      .optional(),
  }),
});

export type RazorpayEvent = z.infer<typeof razorpayEventSchema>;
export type RazorpayPaymentEntity = z.infer<typeof paymentEntity>;
