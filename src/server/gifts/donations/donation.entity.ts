import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { DONATION_STATUSES, DONATION_TYPES } from '../../../shared/donation-states';
import { GIFT_MODES } from '../../../shared/gift-modes';
import { LANGUAGES } from '../../../shared/languages';
import type { Tribute } from '../../../shared/tribute';
import { Donor } from '../donor-keys/donor.entity';
import { Appeal } from './appeal.entity';

/**
 * One donation attempt, and for monthly giving each successful charge. `amount` is in paise.
 * The unique payment id (PostgreSQL lets NULLs repeat) is what makes settling a payment
 * idempotent: the same Razorpay payment can never be recorded on two rows.
 */
export const Donation = defineEntity({
  name: 'Donation',
  tableName: 'donations',
  indexes: [
    // The overview's sums by status and time read the amount from the index (Migration20261125120000).
    {
      name: 'donations_status_created_at_index',
      expression:
        'create index "donations_status_created_at_index" on "donations" ("status", "created_at") include ("amount")',
    },
    // The staff console's list: newest first, or by a column with the id that breaks its ties.
    { properties: ['createdAt'], name: 'donations_created_at_index' },
    { properties: ['amount', 'id'], name: 'donations_amount_index' },
    { properties: ['name', 'id'], name: 'donations_name_index' },
    { properties: ['status', 'id'], name: 'donations_status_id_index' },
    // Its ILIKE '%…%' search over name, e-mail and phone at once (pg_trgm; gifts/gift-lists/donation-filter.ts).
    {
      name: 'donations_contact_trgm_index',
      expression:
        'create index "donations_contact_trgm_index" on "donations" using gin (("name" || chr(31) || "email" || chr(31) || "phone") gin_trgm_ops)',
    },
    // Only the donations given to an appeal: the create path's rows without one add nothing to it.
    {
      name: 'donations_appeal_id_index',
      expression:
        'create index "donations_appeal_id_index" on "donations" ("appeal_id", "status") where "appeal_id" is not null',
    },
    {
      name: 'donations_animal_id_index',
      expression:
        'create index "donations_animal_id_index" on "donations" ("animal_id", "status") where "animal_id" is not null',
    },
    // A donor by their e-mail, any case: their page, the link request, an erasure (Migration20261125160000).
    {
      name: 'donations_lower_email_index',
      expression: 'create index "donations_lower_email_index" on "donations" (lower("email"))',
    },
    {
      name: 'donations_reference_index',
      expression: 'create index "donations_reference_index" on "donations" ("reference") where "reference" is not null',
    },
    // Online payments not settled yet, by time: a handful, whatever the table's size (the Settlements page).
    {
      name: 'donations_unsettled_index',
      expression: `create index "donations_unsettled_index" on "donations" ("created_at") where "mode" = 'online' and "status" in ('paid', 'refunded') and "razorpay_payment_id" is not null and "settlement_id" is null`,
    },
    // A donor's gifts, newest last (donors/; Migration20261128030000).
    { properties: ['donor', 'createdAt'], name: 'donations_donor_id_created_at_index' },
    // Gifts that may be one donor's: by ID (its keyed hash), phone and address; the hashes still to fill (Migration20261128031000).
    {
      name: 'donations_tax_id_hash_index',
      expression:
        'create index "donations_tax_id_hash_index" on "donations" ("tax_id_hash") where "tax_id_hash" is not null',
    },
    {
      name: 'donations_tax_id_unhashed_index',
      expression:
        'create index "donations_tax_id_unhashed_index" on "donations" ("id") where "tax_id_encrypted" is not null and "tax_id_hash" is null',
    },
    {
      name: 'donations_phone_key_index',
      expression: `create index "donations_phone_key_index" on "donations" (right(regexp_replace("phone", '[^0-9]', '', 'g'), 10)) where "donor_id" is not null`,
    },
    {
      name: 'donations_address_key_index',
      expression: `create index "donations_address_key_index" on "donations" (lower(regexp_replace("address", '[^[:alnum:]]+', '', 'g'))) where "donor_id" is not null and "address" is not null`,
    },
    // The donor list's search by a PAN's or Aadhaar's last four.
    {
      name: 'donations_tax_id_last_four_index',
      expression:
        'create index "donations_tax_id_last_four_index" on "donations" (right("tax_id_masked", 4)) where "tax_id_masked" is not null',
    },
    // Gifts received outside the website by the day received, with what the overview sums of them.
    {
      name: 'donations_received_on_index',
      expression: `create index "donations_received_on_index" on "donations" ("received_on") include ("mode", "status", "amount") where "mode" <> 'online'`,
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    name: p.text(),
    email: p.text(),
    phone: p.text(),
    amount: p.integer(),
    /** Paise refunded so far of a paid donation refunded in part (gifts/settlement/partial-refund.ts); 0 otherwise. */
    refundedAmount: p.integer().default(0),
    donationType: p.enum([...DONATION_TYPES]),
    purpose: p.text().nullable(),
    razorpayOrderId: p.text().nullable().index('donations_razorpay_order_id_index'),
    razorpayPaymentId: p.text().nullable().unique('donations_razorpay_payment_id_unique'),
    razorpaySignature: p.text().nullable(),
    status: p.enum([...DONATION_STATUSES]).default('pending'),
    /**
     * For each monthly charge after the first: the subscription it was charged on (by id; a
     * relation would make this file and subscription.entity.ts import each other).
     */
    subscriptionId: p.integer().nullable().index('donations_subscription_id_index'),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    /** The donor's postal address, given with a request for an 80G receipt. */
    address: p.text().nullable(),
    /** PAN or Aadhaar, when given: its kind, its masked form for screens, and the number encrypted (never plain). */
    taxIdKind: p.text().nullable(),
    taxIdMasked: p.text().nullable(),
    taxIdEncrypted: p.text().nullable(),
    /** A keyed hash of the ID, to find gifts sharing it (donors/records/tax-id-hashes.ts fills it). */
    taxIdHash: p.text().nullable(),
    /** How the gift reached the trust: `online` through Razorpay, the others recorded by staff. */
    mode: p
      .enum([...GIFT_MODES])
      .default('online')
      .index('donations_mode_index'),
    /** The India date a gift recorded by staff was received (online gifts: their createdAt). */
    receivedOn: p.string().columnType('date').nullable(),
    /** The cheque's or draft's number, or the bank's reference (UTR) of a transfer. */
    reference: p.text().nullable(),
    /** The bank a cheque or draft is drawn on. */
    bank: p.text().nullable(),
    /** The date written on a cheque or draft. */
    instrumentDate: p.string().columnType('date').nullable(),
    /** What a gift in kind was (its amount is the trust's estimate of its value). */
    kindDescription: p.text().nullable(),
    /** The staff member who recorded a gift received outside the website. */
    recordedBy: p.text().nullable(),
    /** Makes a gift recorded twice (by hand or by an import) one gift: the mode's reference, or date, amount and donor. */
    offlineKey: p.text().nullable().unique('donations_offline_key_unique'),
    bouncedAt: p.datetime().columnType('timestamptz').nullable(),
    bounceReason: p.text().nullable(),
    /** The appeal given to; a monthly donor's later charges inherit their first donation's. */
    appeal: p.manyToOne(Appeal).fieldName('appeal_id').nullable(),
    /**
     * The animal a sponsor's gift is for (animals.id; animals/sponsors/); a monthly donor's later
     * charges take their subscription's animal at the time of the charge. No foreign key: gifts sits
     * below the animals wing; animals are never deleted.
     */
    animalId: p.integer().nullable(),
    /** In memory or in honour of someone (shared/tribute.ts); later monthly charges inherit it too. */
    tribute: p.json<Tribute>().columnType('jsonb').nullable(),
    /** The language the donor gave in (shared/languages.ts): their mails and receipts speak it; monthly charges inherit it. */
    language: p.enum([...LANGUAGES]).default('en'),
    /** The Razorpay settlement that paid this online payment to the bank (gifts/razorpay-settlements/record-settlement.ts). */
    settlementId: p.text().nullable(),
    /** The donor whose gift this is: set when it becomes a gift (gifts/donor-keys/attach-donor.ts), moved by a merge. */
    donor: p.manyToOne(Donor).fieldName('donor_id').nullable(),
    /**
     * The donate form's box ticked: a wish for news, made consent only when this gift is paid
     * (gifts/settlement/record-events.ts): an unpaid checkout consents to nothing.
     */
    newsConsentWish: p.boolean().default(false),
    /** When the donor's erasure closed it: a payment arriving after is refunded (gifts/settlement/paid-after-erasure.ts). */
    erasedAt: p.datetime().columnType('timestamptz').nullable(),
  }),
});

export type Donation = InferEntity<typeof Donation>;
