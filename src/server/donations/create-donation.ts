import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreateDonationOutput, CreateSubscriptionOutput, DonationInput } from '../../shared/donation.schema';
import { pooledQuery } from '../db/pooled-query';
import type { PaymentGateway } from '../payments/gateway';
import type { PlanCatalog } from '../payments/plans';
import type { FieldCipher } from '../personal-data/field-cipher';
import { type TaxReceiptColumns, taxReceiptColumns } from '../personal-data/tax-receipt-columns';
import { Donation } from './donation.entity';
import { DonationError } from './donation-errors';

/** Monthly giving runs for ten years unless the donor cancels; Razorpay needs a finite count. */
export const SUBSCRIPTION_TOTAL_COUNT = 120;

const PROVIDER_UNAVAILABLE = 'The payment provider could not be reached. No money was taken; please try again.';

/** What starting a donation needs: the call's entity manager, Razorpay, and the key id the checkout opens with. */
export interface DonationStart {
  em: EntityManager;
  gateway: PaymentGateway;
  keyId: string;
  /** Encrypts the donor's PAN or Aadhaar for the row. */
  cipher: FieldCipher;
}

/**
 * The donation row is written first (so nothing is lost if the provider call hangs or fails),
 * then Razorpay is asked with the amount stored on that row. No transaction or pooled
 * connection is held while waiting on Razorpay.
 *
 * The two writes are plain SQL (one INSERT … RETURNING, one conditional UPDATE) rather than the
 * ORM's unit of work: on this, the busiest path, change tracking and flush planning cost about as
 * much CPU as everything else together (issue 13), and even the ORM's `execute` about doubles a
 * statement's CPU, so they go straight to node-postgres on a pooled connection (db/pooled-query.ts),
 * each statement on its own. The columns come from one list, DONATION_COLUMNS.
 */
export async function createOneTimeDonation(
  { em, gateway, keyId, cipher }: DonationStart,
  input: DonationInput,
): Promise<CreateDonationOutput> {
  if (input.donationType !== 'one-time') {
    throw new DonationError(
      'BAD_REQUEST',
      'This is a monthly donation: send it to POST /api/subscriptions (subscription.create).',
    );
  }
  const donation = await insertDonation(em, cipher, input);
  try {
    const order = await gateway.createOrder({
      amount: donation.amount,
      receipt: `donation_${donation.id}`,
      notes: { donation_id: String(donation.id), purpose: donation.purpose ?? 'general' },
    });
    await recordProviderId(em, ORDER_UPDATE_SQL, [order.id, donation.id]);
    return { donation: summary(donation), razorpayKeyId: keyId, order: { id: order.id } };
  } catch (error) {
    throw await failed(em, donation, error);
  }
}

export async function createMonthlyDonation(
  { em, plans, keyId, cipher }: DonationStart & { plans: PlanCatalog },
  input: DonationInput,
): Promise<CreateSubscriptionOutput> {
  if (input.donationType !== 'monthly') {
    throw new DonationError(
      'BAD_REQUEST',
      'This is a one-time donation: send it to POST /api/donations (donation.create).',
    );
  }
  const donation = await insertDonation(em, cipher, input);
  try {
    const { planId, subscription } = await plans.subscribe(donation.amount, {
      totalCount: SUBSCRIPTION_TOTAL_COUNT,
      notes: { donation_id: String(donation.id), purpose: donation.purpose ?? 'general' },
    });
    // Its status starts as Razorpay's 'created' (the column's default) and becomes 'active' once
    // the first payment is verified.
    await recordProviderId(em, SUBSCRIPTION_INSERT_SQL, [donation.id, subscription.id, planId]);
    return { donation: summary(donation), razorpayKeyId: keyId, subscription: { id: subscription.id } };
  } catch (error) {
    throw await failed(em, donation, error);
  }
}

/** The donation's stored row, as the create path reads it back. */
type StartedDonation = Pick<Donation, 'id' | 'name' | 'email' | 'phone' | 'amount' | 'donationType' | 'purpose'>;

/** Every column a new donation row is written with, and where its value comes from: one line per column. */
const DONATION_COLUMNS: [column: string, value: (input: DonationInput, tax: TaxReceiptColumns) => unknown][] = [
  ['name', (input) => input.name],
  ['email', (input) => input.email],
  ['phone', (input) => input.phone],
  ['amount', (input) => input.amount],
  ['donation_type', (input) => input.donationType],
  ['purpose', (input) => input.purpose ?? null],
  ['status', () => 'pending'],
  ['address', (_input, tax) => tax.address],
  ['tax_id_kind', (_input, tax) => tax.taxIdKind],
  ['tax_id_masked', (_input, tax) => tax.taxIdMasked],
  ['tax_id_encrypted', (_input, tax) => tax.taxIdEncrypted],
];

const DONATION_INSERT_SQL = `insert into "donations" (${DONATION_COLUMNS.map(([column]) => `"${column}"`).join(', ')})
  values (${DONATION_COLUMNS.map((_, index) => `$${index + 1}`).join(', ')}) returning "id"`;

/** Only a donation still waiting for its order takes one: a row another path has moved on is left alone. */
const ORDER_UPDATE_SQL = `update "donations" set "razorpay_order_id" = $1
  where "id" = $2 and "status" = 'pending' and "razorpay_order_id" is null`;

const SUBSCRIPTION_INSERT_SQL = `insert into "subscriptions" ("donation_id", "razorpay_subscription_id", "razorpay_plan_id")
  values ($1, $2, $3)`;

async function insertDonation(em: EntityManager, cipher: FieldCipher, input: DonationInput): Promise<StartedDonation> {
  const tax = taxReceiptColumns(cipher, input);
  const { rows } = await pooledQuery<{ id: number }>(
    em.getConnection().getKnex(),
    DONATION_INSERT_SQL,
    DONATION_COLUMNS.map(([, value]) => value(input, tax)),
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the donation insert returned no id');
  return {
    id,
    name: input.name,
    email: input.email,
    phone: input.phone,
    amount: input.amount,
    donationType: input.donationType,
    purpose: input.purpose ?? null,
  };
}

/** Stores Razorpay's id for the donation; a row that has moved on meanwhile refuses it. */
async function recordProviderId(em: EntityManager, sql: string, params: unknown[]): Promise<void> {
  const { rowCount } = await pooledQuery(em.getConnection().getKnex(), sql, params);
  if (rowCount !== 1) throw new Error('the donation row could not take its Razorpay id');
}

/** The attempt is recorded as failed, so the books show it; the caller gets a 502. */
async function failed(em: EntityManager, donation: StartedDonation, cause: unknown): Promise<DonationError> {
  await em.nativeUpdate(Donation, { id: donation.id }, { status: 'failed' });
  return new DonationError('BAD_GATEWAY', PROVIDER_UNAVAILABLE, { cause });
}

function summary(donation: StartedDonation): CreateDonationOutput['donation'] {
  return {
    id: donation.id,
    name: donation.name,
    email: donation.email,
    phone: donation.phone,
    amount: donation.amount,
    donationType: donation.donationType,
    purpose: donation.purpose ?? null,
  };
}
