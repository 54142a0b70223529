import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const ERASURE_REFUND_STATUSES = ['due', 'refunded', 'refused'] as const;

/**
 * A payment that arrived after its donor's erasure, to be refunded in full (paid-after-erasure.ts):
 * written in the transaction that records the payment, made at Razorpay after it commits.
 */
export const ErasureRefund = defineEntity({
  name: 'ErasureRefund',
  tableName: 'erasure_refunds',
  properties: (p) => ({
    paymentId: p.text().primary(),
    donationId: p.integer().index('erasure_refunds_donation_id_index'),
    /** Paise: the whole payment. */
    amount: p.integer(),
    status: p
      .enum([...ERASURE_REFUND_STATUSES])
      .default('due')
      .index('erasure_refunds_status_index'),
    recordedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    refundedAt: p.datetime().columnType('timestamptz').nullable(),
    razorpayRefundId: p.text().nullable(),
    /** Razorpay's last answer when the refund could not be made (ids and status only, nothing personal). */
    lastError: p.text().nullable(),
  }),
});

export type ErasureRefund = InferEntity<typeof ErasureRefund>;
