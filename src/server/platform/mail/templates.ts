// Over 250 lines on purpose: the catalogue of every mail the trust sends, one short function each
// (facts in, subject and text out); a new mail adds its function here, beside the others it must match.
import { GLOSSARY, type Language } from '../../../shared/languages';
import { formatReceiptRupees as rupees } from '../../../shared/rupees';
import { DEFAULT_CONTACT, type TrustContact } from '../site-content/published-contact';
import { type Block, renderMail } from './layout';
import { mailMessages } from './messages';

/** One message: a subject, and its plain-text and HTML parts. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What every mail to a donor names: the donor, their own signed page (/my-giving?token=…), and their language. */
interface DonorFacts {
  donorName: string;
  donorPageUrl: string;
  /** The language the donor gave in (shared/languages.ts); English when not known. */
  language?: Language;
  /** The trust's contact details as published (platform/site-content/published-contact.ts); the defaults when not given. */
  contact?: TrustContact;
}

const contactOf = (facts: DonorFacts): TrustContact => facts.contact ?? DEFAULT_CONTACT;

const mail = (facts: DonorFacts, subject: string, blocks: Block[]): MailContent => ({
  subject,
  ...renderMail(blocks, facts.donorPageUrl, undefined, facts.language ?? 'en', contactOf(facts)),
});

export interface ReceiptMailFacts extends DonorFacts {
  amount: number;
  receiptNumber: string;
  /** Whether PAN or Aadhaar was given: without one, the receipt alone does not allow a deduction. */
  hasTaxId: boolean;
  /** The deduction's section under the gift's law (shared/tax-law.ts): `80G`, `133`. */
  deductionSection: string;
  downloadUrl?: string;
  /** A gift in kind: what it was. Its PDF is an acknowledgement, not a receipt. */
  kindDescription?: string | null;
  /** Why the gift gives no deduction (in kind, or cash above ₹2,000): said plainly, as on the PDF, in the mail's language. */
  noDeduction?: string | null;
  /** The appeal the gift was given to, named as on the receipt. */
  appealTitle?: string | null;
}

/** Sent for every paid payment, one-time or monthly, and each gift staff record, with the receipt PDF attached. */
export function receiptMail(facts: ReceiptMailFacts): MailContent {
  const language = facts.language ?? 'en';
  const m = mailMessages(language);
  const inKind = facts.kindDescription != null;
  const blocks: Block[] = [
    { p: m.dear(facts.donorName) },
    {
      p: `${inKind ? m.receiptReceivedInKind(facts.kindDescription ?? '') : m.receiptReceived(rupees(facts.amount), facts.appealTitle ?? null)} ${m.thanks}`,
    },
    { p: inKind ? m.receiptAttachedInKind(facts.receiptNumber) : m.receiptAttached(facts.receiptNumber) },
  ];
  if (facts.noDeduction) blocks.push({ p: facts.noDeduction });
  if (facts.downloadUrl) {
    blocks.push({ link: m.downloadReceipt, href: facts.downloadUrl }, { small: m.downloadNote });
  }
  if (!facts.hasTaxId && !facts.noDeduction) {
    blocks.push({
      small: m.taxIdMissing(GLOSSARY[language].section(facts.deductionSection), contactOf(facts).email),
    });
  }
  const subject = inKind ? m.receiptSubjectInKind(facts.receiptNumber) : m.receiptSubject(facts.receiptNumber);
  return mail(facts, subject, blocks);
}

export interface BouncedChequeFacts extends DonorFacts {
  amount: number;
  instrument: 'cheque' | 'demand draft';
  /** Its number. */
  reference: string;
  /** Why the bank returned it, as staff recorded it. */
  reason: string;
  /** The receipt now cancelled, if one was issued. */
  receiptNumber: string | null;
}

/** A cheque or draft the bank returned unpaid: the donor is told, and that its receipt is cancelled. */
export function chequeBouncedMail(facts: BouncedChequeFacts): MailContent {
  const m = mailMessages(facts.language);
  const instrument = m.instrument[facts.instrument];
  const blocks: Block[] = [
    { p: m.dear(facts.donorName) },
    {
      p: m.bouncedBody({ instrument, reference: facts.reference, amount: rupees(facts.amount), reason: facts.reason }),
    },
  ];
  if (facts.receiptNumber) blocks.push({ p: m.receiptCancelled(facts.receiptNumber) });
  blocks.push({ p: m.bouncedGiveAgain(instrument, contactOf(facts).email) });
  return mail(facts, m.bouncedSubject(instrument), blocks);
}

export interface PaymentFailedFacts extends DonorFacts {
  amount: number;
  /** The donate page filled in with this gift (gifts/donor-keys/donate-again-url.ts). */
  donateUrl: string;
}

export function paymentFailedMail(facts: PaymentFailedFacts): MailContent {
  const m = mailMessages(facts.language);
  return mail(facts, m.failedSubject, [
    { p: m.dear(facts.donorName) },
    { p: m.failedBody(rupees(facts.amount)) },
    { link: m.tryAgain, href: facts.donateUrl },
    { p: m.thanks },
  ]);
}

export interface MonthlyGivingFacts extends DonorFacts {
  /** In paise, per month. */
  amount: number;
  /** The donate page filled in with this monthly gift, to start again. */
  donateUrl: string;
}

export function monthlyGivingStartedMail(facts: MonthlyGivingFacts): MailContent {
  const m = mailMessages(facts.language);
  return mail(facts, m.monthlyStartedSubject, [
    { p: m.dear(facts.donorName) },
    { p: m.monthlyStartedBody(rupees(facts.amount)) },
    { p: m.thanks },
  ]);
}

export function monthlyGivingHaltedMail(facts: MonthlyGivingFacts): MailContent {
  const m = mailMessages(facts.language);
  return mail(facts, m.monthlyHaltedSubject, [
    { p: m.dear(facts.donorName) },
    { p: m.monthlyHaltedBody(rupees(facts.amount)) },
    { p: m.monthlyHaltedRestart },
    { link: m.donateAgain, href: facts.donateUrl },
  ]);
}

/**
 * A monthly gift at risk (monthly-at-risk/): a charge failed and Razorpay retries (`pending`), or
 * the retries ran out (`halted`); either way the donor is offered the same gift, filled in, to start again.
 */
export function monthlyGivingAtRiskMail(facts: MonthlyGivingFacts, status: 'pending' | 'halted'): MailContent {
  if (status === 'halted') return monthlyGivingHaltedMail(facts);
  const m = mailMessages(facts.language);
  return mail(facts, m.monthlyAtRiskSubject, [
    { p: m.dear(facts.donorName) },
    { p: m.monthlyAtRiskBody(rupees(facts.amount)) },
    { p: m.monthlyAtRiskRestart },
    { link: m.donateAgain, href: facts.donateUrl },
  ]);
}

export function monthlyGivingCancelledMail(facts: MonthlyGivingFacts): MailContent {
  const m = mailMessages(facts.language);
  return mail(facts, m.monthlyCancelledSubject, [
    { p: m.dear(facts.donorName) },
    { p: m.monthlyCancelledBody(rupees(facts.amount)) },
    { p: m.monthlyCancelledThanks },
    { link: m.donate, href: facts.donateUrl },
  ]);
}

export interface RefundFacts extends DonorFacts {
  amount: number;
  receiptNumber: string | null;
}

export function refundMail(facts: RefundFacts): MailContent {
  const m = mailMessages(facts.language);
  const blocks: Block[] = [{ p: m.dear(facts.donorName) }, { p: m.refundBody(rupees(facts.amount)) }];
  if (facts.receiptNumber) blocks.push({ p: m.receiptCancelled(facts.receiptNumber) });
  return mail(facts, m.refundSubject, blocks);
}

export interface PartialRefundFacts extends DonorFacts {
  /** Paise: the gift, what was refunded of it so far, and the receipts cancelled and issued for the rest. */
  amount: number;
  refunded: number;
  cancelledReceiptNumber: string | null;
  newReceiptNumber: string;
}

/** Part of a gift refunded: how much went back, and the receipt for what the trust keeps (attached). */
export function partialRefundMail(facts: PartialRefundFacts): MailContent {
  const m = mailMessages(facts.language);
  const amounts = {
    refunded: rupees(facts.refunded),
    of: rupees(facts.amount),
    kept: rupees(facts.amount - facts.refunded),
  };
  const blocks: Block[] = [{ p: m.dear(facts.donorName) }, { p: m.partialRefundBody(amounts) }];
  blocks.push(
    facts.cancelledReceiptNumber
      ? {
          p: m.receiptReplaced({
            cancelled: facts.cancelledReceiptNumber,
            issued: facts.newReceiptNumber,
            kept: amounts.kept,
          }),
        }
      : { p: m.receiptAttached(facts.newReceiptNumber) },
  );
  return mail(facts, m.partialRefundSubject, blocks);
}

/** The English mails' closing line (the erasure and certificate mails are in English only). */
const thanks = mailMessages('en').thanks;

export interface ErasureCompletedFacts {
  donorName: string;
  /** The monthly gifts stopped at Razorpay for the erasure, each in paise a month. */
  cancelledMonthlyAmounts: number[];
  receiptsKept: number;
  /** When the kept receipts are anonymised in turn, as the donor reads it (India time). */
  retainedUntil: string | null;
  /** The trust's contact details as published; the defaults when not given. */
  contact?: TrustContact;
}

/**
 * The last mail to a donor who asked to be forgotten: what was stopped, erased and kept. It has no
 * link to the donor page (it shows nothing any more), and the outbox forgets its address once sent.
 */
export function erasureCompletedMail(facts: ErasureCompletedFacts): MailContent {
  const blocks: Block[] = [
    { p: `Dear ${facts.donorName},` },
    { p: 'As you asked, we have erased your personal details from our records.' },
  ];
  for (const amount of facts.cancelledMonthlyAmounts) {
    blocks.push({ p: `Your monthly donation of ${rupees(amount)} is cancelled; nothing more will be charged.` });
  }
  if (facts.receiptsKept > 0 && facts.retainedUntil) {
    blocks.push({
      p: `The income-tax law requires us to keep the ${facts.receiptsKept === 1 ? 'receipt' : `${facts.receiptsKept} receipts`} we issued to you until ${facts.retainedUntil}; ${facts.receiptsKept === 1 ? 'it is' : 'they are'} no longer shown or sent to anyone, and ${facts.receiptsKept === 1 ? 'is' : 'are'} anonymised then.`,
    });
  }
  blocks.push({ p: 'This is the last message you will receive from us. Thank you for the animals you helped.' });
  return {
    subject: 'Your personal details have been erased',
    ...renderMail(blocks, undefined, undefined, 'en', facts.contact ?? DEFAULT_CONTACT),
  };
}

export interface CertificateMailFacts extends DonorFacts {
  /** `2026-27`. */
  year: string;
  /** `Form 114` (or `Form 10BE` up to 2025-26): shared/tax-law.ts. */
  form: string;
}

/** The donor's certificate of donation from the Income-tax portal, attached, for their tax return. */
export function certificateMail(facts: CertificateMailFacts): MailContent {
  return mail(facts, `Your certificate of donation (${facts.form}) for ${facts.year}`, [
    { p: `Dear ${facts.donorName},` },
    {
      p: `Attached is your certificate of donation (${facts.form}) for the financial year ${facts.year}, issued by the Income-tax Department after we filed our statement of donations. Keep it with your tax return: it is what matches your deduction.`,
    },
    { p: thanks },
  ]);
}

export interface AppealUpdateFacts extends DonorFacts {
  appealTitle: string;
  /** The update's paragraphs, plain text. */
  paragraphs: string[];
  /** The appeal's page (`/appeals/<slug>`), with its photos and every update. */
  appealUrl: string;
  /** One click, no sign-in (gifts/appeals/unsubscribe-token.ts); also sent as List-Unsubscribe. */
  unsubscribeUrl: string;
}

/** An update staff posted on an appeal, to each of its donors once, in the donor's language (the update's own text as staff wrote it). */
export function appealUpdateMail(facts: AppealUpdateFacts): MailContent {
  const m = mailMessages(facts.language);
  const blocks: Block[] = [
    { p: m.dear(facts.donorName) },
    { p: m.appealUpdateIntro(facts.appealTitle) },
    ...facts.paragraphs.map((paragraph) => ({ p: paragraph })),
    { link: m.appealUpdateLink, href: facts.appealUrl },
    { p: m.thanks },
    { small: m.appealUpdateWhy },
  ];
  return {
    subject: m.appealUpdateSubject(facts.appealTitle),
    ...renderMail(blocks, facts.donorPageUrl, facts.unsubscribeUrl, facts.language ?? 'en', contactOf(facts)),
  };
}

/**
 * The answer to "send me a link": a fresh link to the donor's own page, valid for a day, in the
 * language the request was made in (English when it names none: it has no donation to go by).
 */
export function donorLinkMail(pageUrl: string, language: Language = 'en', contact?: TrustContact): MailContent {
  const m = mailMessages(language);
  return {
    subject: m.donorLinkSubject,
    ...renderMail(
      [{ p: m.donorLinkIntro }, { link: m.donorLinkOpen, href: pageUrl }, { small: m.donorLinkNote }],
      undefined,
      undefined,
      language,
      contact,
    ),
  };
}
