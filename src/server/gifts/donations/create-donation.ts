import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreateDonationOutput, CreateSubscriptionOutput, DonationInput } from '../../../shared/donation.schema';
import { DomainError } from '../../platform/core/domain-error';
import { pooledQuery } from '../../platform/db/pooled-query';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { taxReceiptColumns } from '../../platform/personal-data/tax-receipt-columns';
import type { BudgetSpend } from '../../platform/security/donation-budget';
import type { PaymentGateway } from '../payments/gateway';
import type { PlanCatalog } from '../payments/plans';
import { Donation } from './donation.entity';
import { donationRows } from './donation-rows';

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
  /** The caller's budgets, spent by the statement that stores the row (platform/security/create-guard.ts); none in-process. */
  budget?: BudgetSpend;
}

/**
 * The donation row is written first (so nothing is lost if the provider call hangs or fails),
 * then Razorpay is asked with the amount stored on that row. No transaction or pooled
 * connection is held while waiting on Razorpay. The two writes of the busiest path are plain,
 * batched SQL (donation-rows.ts).
 */
export async function createOneTimeDonation(
  { em, gateway, keyId, cipher, budget }: DonationStart,
  input: DonationInput,
): Promise<CreateDonationOutput> {
  if (input.donationType !== 'one-time') {
    throw new DomainError(
      'BAD_REQUEST',
      'This is a monthly donation: send it to POST /api/subscriptions (subscription.create).',
    );
  }
  const donation = await insertDonation(em, cipher, input, budget);
  try {
    const order = await gateway.createOrder({
      amount: donation.amount,
      receipt: `donation_${donation.id}`,
      notes: notesOf(donation.id, input),
    });
    if (!(await donationRows(knexOf(em)).recordOrder(donation.id, order.id))) throw new Error(MOVED_ON);
    return { donation: summary(donation), razorpayKeyId: keyId, order: { id: order.id } };
  } catch (error) {
    throw await failed(em, donation, error);
  }
}

/**
 * A monthly gift; `sponsoring` names the animal it sponsors (checked open, at its amount, by the
 * caller: animals/sponsors/sponsorship.ts, which gifts may not import), stored on the donation and
 * the subscription: its later charges take the subscription's animal.
 */
export async function createMonthlyDonation(
  { em, plans, keyId, cipher, budget }: DonationStart & { plans: PlanCatalog },
  input: DonationInput,
  sponsoring?: { animalId: number },
): Promise<CreateSubscriptionOutput> {
  if (input.donationType !== 'monthly') {
    throw new DomainError(
      'BAD_REQUEST',
      'This is a one-time donation: send it to POST /api/donations (donation.create).',
    );
  }
  const animalId = sponsoring?.animalId ?? null;
  const donation = await insertDonation(em, cipher, input, budget, animalId);
  try {
    const { planId, subscription } = await plans.subscribe(donation.amount, {
      totalCount: SUBSCRIPTION_TOTAL_COUNT,
      notes: { ...notesOf(donation.id, input), ...(animalId ? { animal_id: String(animalId) } : {}) },
    });
    // Its status starts as Razorpay's 'created' (the column's default) and becomes 'active' once
    // the first payment is verified.
    await pooledQuery(knexOf(em), SUBSCRIPTION_INSERT_SQL, [donation.id, subscription.id, planId, animalId]);
    return { donation: summary(donation), razorpayKeyId: keyId, subscription: { id: subscription.id } };
  } catch (error) {
    throw await failed(em, donation, error);
  }
}

/** The donation's stored row, as the create path reads it back. */
type StartedDonation = Pick<Donation, 'id' | 'name' | 'email' | 'phone' | 'amount' | 'donationType' | 'purpose'>;

const MOVED_ON = 'the donation row could not take its Razorpay id';

const SUBSCRIPTION_INSERT_SQL = `insert into "subscriptions" ("donation_id", "razorpay_subscription_id", "razorpay_plan_id", "animal_id")
  values ($1, $2, $3, $4)`;

const knexOf = (em: EntityManager) => em.getConnection().getKnex();

/** What Razorpay's dashboard shows beside the payment: our donation, its purpose and its appeal. */
const notesOf = (donationId: number, input: DonationInput): Record<string, string> => ({
  donation_id: String(donationId),
  purpose: input.purpose ?? 'general',
  ...(input.appealId ? { appeal_id: String(input.appealId) } : {}),
});

async function insertDonation(
  em: EntityManager,
  cipher: FieldCipher,
  input: DonationInput,
  budget: BudgetSpend | undefined,
  animalId: number | null = null,
): Promise<StartedDonation> {
  const id = await donationRows(knexOf(em)).insert({ input, tax: taxReceiptColumns(cipher, input), budget, animalId });
  if (id === null) throw await appealRefusal(em, input.appealId as number);
  // A ticked box is kept on the row as a wish (news_consent_wish), made consent only once the gift
  // is paid (gifts/donor-keys/news-consent.ts, consentFromPaidGift): an unpaid checkout consents to nothing.
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

/**
 * Why a gift to this appeal was refused (nothing was stored): said for the donor and naming the
 * field, so the form and a REST caller show it against `appealId`. Read only after the refusal.
 */
async function appealRefusal(em: EntityManager, appealId: number): Promise<DomainError> {
  const [appeal] = await em.execute<{ status: string; ended: boolean; endsOn: string | null }[]>(
    `select status, ends_on < (now() at time zone 'Asia/Kolkata')::date as ended,
            to_char(ends_on, 'YYYY-MM-DD') as "endsOn" from appeals where id = ?`,
    [appealId],
  );
  const refuse = (message: string) => new DomainError('BAD_REQUEST', message, { field: 'appealId' });
  if (!appeal || appeal.status === 'draft') return refuse(`There is no appeal ${appealId} to give to`);
  if (appeal.status === 'closed') return refuse('This appeal has closed and takes no more gifts');
  if (appeal.ended) return refuse(`This appeal ended on ${appeal.endsOn} and takes no more gifts`);
  // Closed or ended between the write and this read: the write's answer stands.
  return refuse('This appeal takes no more gifts');
}

/** The attempt is recorded as failed, so the books show it; the caller gets a 502. */
async function failed(em: EntityManager, donation: StartedDonation, cause: unknown): Promise<DomainError> {
  await em.nativeUpdate(Donation, { id: donation.id }, { status: 'failed' });
  return new DomainError('BAD_GATEWAY', PROVIDER_UNAVAILABLE, { cause });
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
