import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * One transfer from Razorpay to the trust's bank account, as Razorpay reported it (the
 * `settlement.processed` webhook or GET /v1/settlements). Amounts in paise. Razorpay's own `fees`
 * includes the GST on them; here `fee` is without it and `tax` is the GST, so that for the entries
 * gross − fee − tax + adjustments = net, the figure the bank shows against the UTR.
 */
export const Settlement = defineEntity({
  name: 'Settlement',
  tableName: 'settlements',
  indexes: [{ properties: ['settledAt'], name: 'settlements_settled_at_index' }],
  properties: (p) => ({
    /** Razorpay's id, `setl_…`: the same settlement reported twice is one row. */
    id: p.text().primary(),
    settledAt: p.datetime().columnType('timestamptz'),
    /** The bank's reference of the credit, to find it on the bank statement. */
    utr: p.text().nullable(),
    /** What reached the bank. */
    amount: p.integer(),
    fee: p.integer(),
    tax: p.integer(),
    /** Whatever else Razorpay added or took (the entries' own), known once the entries are. */
    adjustments: p.integer().nullable(),
    /** When its entries (the payments and refunds in it) were stored; null while Razorpay's report is awaited. */
    entriesFetchedAt: p.datetime().columnType('timestamptz').nullable(),
    /**
     * What its lines add up to, written once with them (record-settlement.ts), so a year's list reads
     * settlements alone: the lines' count by type and their sums.
     */
    linesPayments: p.integer().nullable(),
    linesRefunds: p.integer().nullable(),
    linesGross: p.integer().nullable(),
    linesFee: p.integer().nullable(),
    linesTax: p.integer().nullable(),
    linesNet: p.integer().nullable(),
    recordedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type Settlement = InferEntity<typeof Settlement>;

/**
 * One line of a settlement: a payment, a refund or an adjustment, from Razorpay's settlement
 * report (GET /v1/settlements/recon/combined). A Razorpay id is in one settlement only. `gross` is
 * signed (a refund takes money back); `adjustment` is whatever the line moved beyond
 * gross − fee − tax, so each line's figures add up to its `net` (a CHECK holds them to it).
 */
export const SettlementEntry = defineEntity({
  name: 'SettlementEntry',
  tableName: 'settlement_entries',
  checks: [{ name: 'settlement_entries_net_check', expression: 'net = gross - fee - tax + adjustment' }],
  // A settlement's lines with their figures: the year's list sums them from the index alone (Migration20261125170000).
  indexes: [
    {
      name: 'settlement_entries_settlement_id_index',
      expression:
        'create index "settlement_entries_settlement_id_index" on "settlement_entries" ("settlement_id") include ("type", "gross", "fee", "tax", "adjustment", "net")',
    },
  ],
  properties: (p) => ({
    /** Razorpay's id of what was settled: `pay_…`, `rfnd_…`, `adj_…`. */
    entityId: p.text().primary(),
    settlement: p.manyToOne(Settlement).fieldName('settlement_id').deleteRule('cascade'),
    /** Razorpay's type: `payment`, `refund`, `adjustment`, … */
    type: p.text(),
    /** The payment concerned: the payment itself, or the one a refund returns. */
    paymentId: p.text().nullable().index('settlement_entries_payment_id_index'),
    gross: p.integer(),
    fee: p.integer(),
    tax: p.integer(),
    adjustment: p.integer(),
    net: p.integer(),
    /** When Razorpay made it (the payment's or refund's time). */
    occurredAt: p.datetime().columnType('timestamptz'),
  }),
});
export type SettlementEntry = InferEntity<typeof SettlementEntry>;

export const SETTLEMENT_ENTITIES = [Settlement, SettlementEntry];
