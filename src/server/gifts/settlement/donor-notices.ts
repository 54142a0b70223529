import type { EntityManager } from '@mikro-orm/postgresql';
import { PURPOSES, type Purpose } from '../../../shared/donation.schema';
import type { Language } from '../../../shared/languages';
import { sponsorshipPurpose } from '../../../shared/sponsorship';
import type { TaxIdKind } from '../../../shared/tax-id';
import { enqueueMail } from '../../platform/mail/outbox';
import {
  monthlyGivingAtRiskMail,
  monthlyGivingCancelledMail,
  monthlyGivingStartedMail,
  paymentFailedMail,
  refundMail,
} from '../../platform/mail/templates';
import { publishedContact, type TrustContact } from '../../platform/site-content/published-contact';
import { Donation } from '../donations/donation.entity';
import type { donateAgainUrl } from '../donor-keys/donate-again-url';
import { cancelReceipt, issueReceipt } from '../receipts/issue-receipt';
import type { Receipt } from '../receipts/receipt.entity';
import { receiptOutgoingMail } from '../receipts/receipt-mail';

/**
 * What the donor is told when settlement records something: the receipt of a paid payment and
 * its mail, and the refund, failure and monthly-giving mails. Each runs in the caller's
 * transaction (the one that records the event) and is keyed by its event, so repeating it, on
 * any path, issues and queues nothing more.
 */

/** The links every donor mail carries, built by the composition root from SITE_URL and the keys. */
export interface DonorLinks {
  /** The donate page filled in with a gift, for the failure and monthly mails (gifts/donor-keys/donate-again-url.ts). */
  donateAgainUrl(gift: GiftToRepeat): string;
  /** The receipt's download link, for the receipt mail (gifts/receipts/receipt-links.ts). */
  receiptUrl(receiptId: number, validFrom: Date): string;
  /**
   * The donor's own page, signed for this e-mail (gifts/donor-keys/donor-link.ts), in the mail's language
   * (`/ta/my-giving?token=…`; English without one): every donor mail carries it.
   */
  donorPageUrl(email: string, language?: Language): string;
}

/** A gift as the donate page can be filled in with it: paise, its type and its purpose key. */
type GiftToRepeat = Parameters<typeof donateAgainUrl>[1];

/**
 * The donation a payment, charge or subscription belongs to, read within the transaction (never
 * from a stale identity map) and mapped to the entity, the one shape a donation has outside SQL.
 */
async function donationWhere(em: EntityManager, where: string, value: number | string): Promise<Donation | null> {
  const [row] = await em.execute(`select * from donations where ${where}`, [value]);
  return row ? em.map(Donation, row) : null;
}

/** The facts every mail about this donation starts from: who, how much, and the links back. */
function donorFacts(donorLinks: DonorLinks, row: Donation, contact: TrustContact) {
  return {
    contact,
    donorName: row.name,
    language: row.language,
    amount: row.amount,
    donorPageUrl: donorLinks.donorPageUrl(row.email, row.language),
    donateUrl: donorLinks.donateAgainUrl({
      amount: row.amount,
      donationType: row.donationType === 'monthly' ? 'monthly' : 'one-time',
      purpose: row.purpose ?? null,
    }),
  };
}

const purposeLabel = (purpose: string | null) => (purpose && PURPOSES[purpose as Purpose]) || null;

/**
 * What the receipt names as the gift's purpose: a sponsor's gift its animal ("Sponsorship of
 * Bruno", by the charge's `animal_id`; read in SQL, as gifts sits below the animals wing), any other
 * its purpose's label.
 */
async function receiptPurpose(em: EntityManager, row: Donation): Promise<string | null> {
  if (row.animalId != null) {
    const [animal] = await em.execute<{ name: string }[]>('select name from animals where id = ?', [row.animalId]);
    if (animal) return sponsorshipPurpose(animal.name);
  }
  return purposeLabel(row.purpose ?? null);
}

/** The receipt for a paid payment and its mail; the monthly-started mail with a first charge. */
export async function acknowledgePayment(
  em: EntityManager,
  donorLinks: DonorLinks,
  paymentId: string,
): Promise<Receipt | null> {
  const row = await donationWhere(em, `razorpay_payment_id = ? and status = 'paid'`, paymentId);
  if (!row) return null;
  const taxId =
    row.taxIdKind && row.taxIdMasked && row.taxIdEncrypted
      ? // Written only from the form's shared schema: 'pan' or 'aadhaar'.
        { kind: row.taxIdKind as TaxIdKind, masked: row.taxIdMasked, encrypted: row.taxIdEncrypted }
      : null;
  const receipt = await issueReceipt(em, {
    donationId: row.id,
    paymentId,
    amount: row.amount,
    purpose: await receiptPurpose(em, row),
    donor: { name: row.name, email: row.email, address: row.address ?? null, taxId },
    appealId: row.appeal?.id ?? null,
    tribute: row.tribute ?? null,
    language: row.language,
  });
  await enqueueMail(
    em,
    receiptOutgoingMail(
      receipt,
      { downloadUrl: donorLinks.receiptUrl(receipt.id, receipt.issuedAt), donorPageUrl: donorLinks.donorPageUrl },
      await publishedContact(em),
    ),
  );
  if (row.donationType === 'monthly' && row.subscriptionId === null) {
    const [subscription] = await em.execute<{ id: number }[]>('select id from subscriptions where donation_id = ?', [
      row.id,
    ]);
    if (subscription) {
      await enqueueMail(em, {
        eventKey: `monthly-started-${subscription.id}`,
        kind: 'monthly-started',
        to: row.email,
        ...monthlyGivingStartedMail(donorFacts(donorLinks, row, await publishedContact(em))),
      });
    }
  }
  return receipt;
}

/** A refunded payment: its receipt cancelled (kept, with the date and reason), and the refund mail. */
export async function noticeRefund(em: EntityManager, donorLinks: DonorLinks, paymentId: string): Promise<void> {
  const receipt = await cancelReceipt(em, paymentId, 'The donation was refunded in full');
  const row = await donationWhere(em, 'razorpay_payment_id = ?', paymentId);
  if (!row) return;
  await enqueueMail(em, {
    eventKey: `refund-${paymentId}`,
    kind: 'refund',
    to: row.email,
    // After partial refunds, what this refund returned is the rest (gifts/settlement/partial-refund.ts).
    ...refundMail({
      ...donorFacts(donorLinks, row, await publishedContact(em)),
      amount: row.amount - row.refundedAmount,
      receiptNumber: receipt?.number ?? null,
    }),
  });
}

/** A checkout whose payment failed: one mail per donation, with a way back to the donate page. */
export async function noticePaymentFailed(em: EntityManager, donorLinks: DonorLinks, donationId: number) {
  const row = await donationWhere(em, 'id = ?', donationId);
  if (!row) return;
  await enqueueMail(em, {
    eventKey: `payment-failed-${donationId}`,
    kind: 'payment-failed',
    to: row.email,
    ...paymentFailedMail(donorFacts(donorLinks, row, await publishedContact(em))),
  });
}

/** A monthly gift cancelled (by the donor, Razorpay or the staff). A halt is told by noticeMonthlyAtRisk. */
export async function noticeSubscriptionStatus(
  em: EntityManager,
  donorLinks: DonorLinks,
  subscriptionId: number,
  status: string,
): Promise<void> {
  if (status !== 'cancelled') return;
  const row = await donationWhere(em, 'id = (select donation_id from subscriptions where id = ?)', subscriptionId);
  if (!row) return;
  await enqueueMail(em, {
    eventKey: `monthly-cancelled-${subscriptionId}`,
    kind: 'monthly-cancelled',
    to: row.email,
    ...monthlyGivingCancelledMail(donorFacts(donorLinks, row, await publishedContact(em))),
  });
}

/**
 * A monthly gift at risk (gifts/settlement/risk-episodes.ts): the mail that asks the donor back,
 * with the same gift, their name and e-mail filled in. `eventKey` names the episode (or a staff
 * resend of it), so it goes once per key. Returns whether it was queued now.
 */
export async function noticeMonthlyAtRisk(
  em: EntityManager,
  donorLinks: DonorLinks,
  mail: { subscriptionId: number; status: 'pending' | 'halted'; eventKey: string },
): Promise<boolean> {
  const row = await donationWhere(em, 'id = (select donation_id from subscriptions where id = ?)', mail.subscriptionId);
  if (!row) return false;
  const facts = {
    ...donorFacts(donorLinks, row, await publishedContact(em)),
    donateUrl: donorLinks.donateAgainUrl({
      amount: row.amount,
      donationType: 'monthly',
      purpose: row.purpose ?? null,
      donor: { name: row.name, email: row.email },
    }),
  };
  return enqueueMail(em, {
    eventKey: mail.eventKey,
    kind: 'monthly-at-risk',
    to: row.email,
    ...monthlyGivingAtRiskMail(facts, mail.status),
  });
}
