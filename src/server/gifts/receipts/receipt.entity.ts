import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { GIFT_MODES } from '../../../shared/gift-modes';
import { LANGUAGES } from '../../../shared/languages';
import type { Tribute } from '../../../shared/tribute';
import type { TrustDetails } from './trust-details';

/**
 * One donation receipt per paid Razorpay payment. Everything printed on it is a snapshot taken at
 * issue: the donor's name, address and ID, and the trust's details, so later edits change nothing
 * issued. A refund cancels it; it is never deleted, so the register keeps every number.
 */
export const Receipt = defineEntity({
  name: 'Receipt',
  tableName: 'receipts',
  uniques: [{ properties: ['financialYear', 'sequence'], name: 'receipts_financial_year_sequence_unique' }],
  // The register's ILIKE '%…%' search by donor and number (pg_trgm; gifts/gift-story/receipt-register.ts).
  indexes: [
    {
      name: 'receipts_donor_trgm_index',
      expression:
        'create index "receipts_donor_trgm_index" on "receipts" using gin (("donor_name" || chr(31) || "donor_email") gin_trgm_ops)',
    },
    {
      name: 'receipts_number_trgm_index',
      expression: 'create index "receipts_number_trgm_index" on "receipts" using gin ("number" gin_trgm_ops)',
    },
    // A donor's own receipts by e-mail, any case (donors/donor-page/donor-receipts.ts).
    {
      name: 'receipts_lower_donor_email_index',
      expression: 'create index "receipts_lower_donor_email_index" on "receipts" (lower("donor_email"))',
    },
    // The overview's money by mode: a year's standing receipts from the index alone (console/overview/received-by-mode.ts).
    {
      name: 'receipts_year_status_index',
      expression:
        'create index "receipts_year_status_index" on "receipts" ("financial_year", "status") include ("mode", "issued_at", "amount")',
    },
    // One first receipt per payment; a replacement (after a partial refund) shares its payment.
    {
      name: 'receipts_payment_id_unique',
      expression:
        'create unique index "receipts_payment_id_unique" on "receipts" ("payment_id") where "replaces_receipt_id" is null',
    },
    {
      name: 'receipts_replaces_receipt_id_unique',
      expression:
        'create unique index "receipts_replaces_receipt_id_unique" on "receipts" ("replaces_receipt_id") where "replaces_receipt_id" is not null',
    },
    { name: 'receipts_payment_id_index', properties: ['paymentId'] },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    number: p.text().unique('receipts_number_unique'),
    financialYear: p.text(),
    sequence: p.integer(),
    /** The payment (or offline gift's key) it is for: one first receipt each, and its replacements. */
    paymentId: p.text(),
    /** By id, not a relation: receipts know donations, donations need not know receipts. */
    donationId: p.integer().index('receipts_donation_id_index'),
    amount: p.integer(),
    purpose: p.text().nullable(),
    donorName: p.text(),
    donorEmail: p.text(),
    donorAddress: p.text().nullable(),
    donorIdKind: p.text().nullable(),
    donorIdMasked: p.text().nullable(),
    donorIdEncrypted: p.text().nullable(),
    trust: p.json<TrustDetails>().columnType('jsonb'),
    status: p.text().default('issued'),
    issuedAt: p.datetime().columnType('timestamptz'),
    cancelledAt: p.datetime().columnType('timestamptz').nullable(),
    cancellationReason: p.text().nullable(),
    /** How the gift reached the trust (shared/gift-modes.ts), as it was when the receipt was issued. */
    mode: p.enum([...GIFT_MODES]).default('online'),
    /** For a gift in kind, what it was: its receipt is an acknowledgement, not a tax receipt. */
    kindDescription: p.text().nullable(),
    /** For a gift received outside the website, the mode's reference as printed: `No. 123456, State Bank of India, dated 1 November 2026`. */
    modeReference: p.text().nullable(),
    /** The appeal the gift was given to (by id, as the donation), and its title as printed when issued. */
    appealId: p.integer().nullable(),
    appealTitle: p.text().nullable(),
    /** In memory or in honour of someone, as printed (shared/tribute.ts). */
    tribute: p.json<Tribute>().columnType('jsonb').nullable(),
    /** The donor's language as issued: the receipt prints it beside English, and its mail speaks it. */
    language: p.enum([...LANGUAGES]).default('en'),
    /** The receipt this one replaces, cancelled when part of the gift was refunded: this one is for the amount kept. */
    replacesReceiptId: p.integer().nullable(),
  }),
});

export type Receipt = InferEntity<typeof Receipt>;

/** The last number given in each financial year; its row lock is what keeps numbers gapless. */
export const ReceiptCounter = defineEntity({
  name: 'ReceiptCounter',
  tableName: 'receipt_counters',
  properties: (p) => ({
    financialYear: p.text().primary(),
    lastNumber: p.integer(),
  }),
});

export type ReceiptCounter = InferEntity<typeof ReceiptCounter>;
