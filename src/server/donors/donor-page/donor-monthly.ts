import type { EntityManager } from '@mikro-orm/postgresql';
import { giftsWhoseAnimalLeft } from '../../animals/sponsors/gift-animal-left';
import type { PaymentGateway } from '../../gifts/payments/gateway';
import type { PlanCatalog } from '../../gifts/payments/plans';
import type { DonorLinks } from '../../gifts/settlement/donor-notices';
import {
  cancelMonthlyGiftAtCycleEnd,
  changeMonthlyAmount,
  pauseMonthlyGift,
  resumeMonthlyGift,
  UpiMandateError,
} from '../../gifts/settlement/monthly-changes';
import { type MonthlyGift, monthlyGiftOf } from '../../gifts/settlement/monthly-record';
import { completeNewMandates, startNewMandate } from '../../gifts/settlement/new-mandate';
import { type AuditAction, audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { type DonorActor, donorAuditActor } from './donor-actor';

/**
 * A donor in charge of their own monthly gift, from My giving: the amount from the next charge,
 * pause and resume, cancel at the end of the month paid, a new mandate (gifts/settlement/: the
 * rules, Razorpay first). Each change is in the audit trail as the donor's. Someone else's gift is
 * "not found", never "forbidden".
 */

export interface DonorMonthlyDependencies {
  em: EntityManager;
  donor: DonorActor;
  gateway: PaymentGateway;
  plans: PlanCatalog;
  donorLinks: DonorLinks;
  keyId: string;
}

async function ownGift(em: EntityManager, donor: DonorActor, subscriptionId: number): Promise<MonthlyGift> {
  const gift = await monthlyGiftOf(em, subscriptionId, donor.email);
  if (!gift) throw new DomainError('NOT_FOUND', `No monthly gift ${subscriptionId} of yours`);
  return gift;
}

/**
 * A sponsor's gift whose animal has left care is neither resumed nor given a new mandate here (that
 * would charge for an animal no longer in care): the sponsor's page carries it to another animal or
 * stops it (animals/sponsors/sponsor-choice.ts).
 */
async function refuseIfAnimalLeft(em: EntityManager, gift: MonthlyGift) {
  const animal = (await giftsWhoseAnimalLeft(em, [gift.id])).get(gift.id);
  if (animal === undefined) return;
  throw new DomainError(
    'CONFLICT',
    `${animal} has left our care, so this gift stays paused: choose another animal to sponsor, or stop the gift, on your sponsor’s page.`,
  );
}

const audited = (deps: DonorMonthlyDependencies, action: AuditAction, gift: MonthlyGift, more = {}) =>
  audit(deps.em, donorAuditActor(deps.donor), action, {
    subscriptionId: gift.id,
    razorpaySubscriptionId: gift.razorpaySubscriptionId,
    previousStatus: gift.status,
    ...more,
  });

/**
 * The amount from the next charge. A card mandate's plan changes at Razorpay; a UPI mandate's
 * cannot (Razorpay: "cannot be updated when payment mode is UPI"), so the answer is then a new
 * mandate for the new amount, started and ready for Razorpay's checkout (`newMandate`).
 */
export async function changeDonorMonthlyAmount(
  deps: DonorMonthlyDependencies,
  input: { subscriptionId: number; amount: number },
) {
  const gift = await ownGift(deps.em, deps.donor, input.subscriptionId);
  try {
    const changed = await changeMonthlyAmount(deps.em, deps, gift, input.amount, 'donor');
    await audited(deps, 'donor_monthly_amount_changed', gift, { from: gift.amount, to: input.amount });
    return { path: 'changed' as const, ...changed, newMandate: null };
  } catch (error) {
    if (!(error instanceof UpiMandateError)) throw error;
  }
  return { path: 'new_mandate' as const, ...(await newDonorMandate(deps, input)) };
}

/** A new mandate for the gift (a new card or UPI account, or a UPI mandate's new amount), for the donor to authorise. */
export async function newDonorMandate(
  deps: DonorMonthlyDependencies,
  input: { subscriptionId: number; amount?: number | undefined },
) {
  const gift = await ownGift(deps.em, deps.donor, input.subscriptionId);
  await refuseIfAnimalLeft(deps.em, gift);
  const amount = input.amount ?? gift.amount;
  const newMandate = await startNewMandate(deps.em, deps, gift, amount, 'donor');
  await audited(deps, 'donor_new_mandate_started', gift, {
    from: gift.amount,
    to: amount,
    newDonationId: newMandate.donation.id,
  });
  return { id: gift.id, amount, from: null, newMandate };
}

/** After the donor's checkout: the old mandate ends at its cycle's end once the new one is authorised. */
export async function confirmDonorNewMandates(
  deps: Pick<DonorMonthlyDependencies, 'em' | 'donor' | 'gateway' | 'donorLinks'>,
) {
  const ended = await completeNewMandates(deps.em, deps, { email: deps.donor.email });
  if (ended > 0)
    await audit(deps.em, donorAuditActor(deps.donor), 'donor_new_mandate_authorised', { oldMandatesEnded: ended });
  return { ended };
}

export async function pauseDonorMonthlyGift(deps: DonorMonthlyDependencies, subscriptionId: number) {
  const gift = await ownGift(deps.em, deps.donor, subscriptionId);
  const answer = await pauseMonthlyGift(deps.em, deps, gift, 'donor');
  await audited(deps, 'donor_monthly_paused', gift);
  return answer;
}

export async function resumeDonorMonthlyGift(deps: DonorMonthlyDependencies, subscriptionId: number) {
  const gift = await ownGift(deps.em, deps.donor, subscriptionId);
  await refuseIfAnimalLeft(deps.em, gift);
  const answer = await resumeMonthlyGift(deps.em, deps, gift, 'donor');
  await audited(deps, 'donor_monthly_resumed', gift);
  return answer;
}

export async function cancelDonorMonthlyGiftAtCycleEnd(deps: DonorMonthlyDependencies, subscriptionId: number) {
  const gift = await ownGift(deps.em, deps.donor, subscriptionId);
  const answer = await cancelMonthlyGiftAtCycleEnd(deps.em, deps, gift, 'donor');
  await audited(deps, 'donor_monthly_cancel_at_cycle_end', gift, { endsAt: answer.endsAt });
  return answer;
}
