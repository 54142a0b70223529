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
});

export const razorpayEventSchema = z.looseObject({
  event: z.string().min(1),
  /** When Razorpay raised the event (unix seconds): orders events that arrive out of order. */
  created_at: z.number().int().optional().catch(undefined),
  payload: z.looseObject({
    payment: z.object({ entity: paymentEntity }).optional(),
    subscription: z.object({ entity: subscriptionEntity }).optional(),
    refund: z
      .object({
        entity: z.looseObject({ payment_id: z.string(), amount: z.number().int(), status: z.string().optional() }),
      })
      .optional(),
  }),
});

export type RazorpayEvent = z.infer<typeof razorpayEventSchema>;
export type RazorpayPaymentEntity = z.infer<typeof paymentEntity>;
