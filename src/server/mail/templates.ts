import { formatReceiptRupees as rupees } from '../../shared/rupees';
import { siteContent } from '../../shared/site-content';
import { type Block, renderMail } from './layout';

/** One message: a subject, and its plain-text and HTML parts. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What every mail to a donor names: the donor, and their own signed page (/my-giving?token=…). */
interface DonorFacts {
  donorName: string;
  donorPageUrl: string;
}

const mail = (facts: DonorFacts, subject: string, blocks: Block[]): MailContent => ({
  subject,
  ...renderMail(blocks, facts.donorPageUrl),
});
const thanks = 'Thank you for standing with the animals in our care.';

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
  /** Why the gift gives no deduction (in kind, or cash above ₹2,000): said plainly, as on the PDF. */
  noDeduction?: string | null;
  /** The appeal the gift was given to, named as on the receipt. */
  appealTitle?: string | null;
}

/** Sent for every paid payment, one-time or monthly, and each gift staff record, with the receipt PDF attached. */
export function receiptMail(facts: ReceiptMailFacts): MailContent {
  const inKind = facts.kindDescription != null;
  const document = inKind ? 'acknowledgement' : 'donation receipt';
  const blocks: Block[] = [
    { p: `Dear ${facts.donorName},` },
    {
      p: inKind
        ? `We have received your gift of ${facts.kindDescription}. ${thanks}`
        : `We have received your donation of ${rupees(facts.amount)}${facts.appealTitle ? ` to the appeal “${facts.appealTitle}”` : ''}. ${thanks}`,
    },
    { p: `Your ${document} ${facts.receiptNumber} is attached as a PDF.` },
  ];
  if (facts.noDeduction) blocks.push({ p: facts.noDeduction });
  if (facts.downloadUrl) {
    blocks.push(
      { link: 'Download your receipt', href: facts.downloadUrl },
      { small: 'The download link works for 18 months; after that your receipts are on your own page, linked below.' },
    );
  }
  if (!facts.hasTaxId && !facts.noDeduction) {
    blocks.push({
      small: `To claim a deduction under section ${facts.deductionSection}, we must report your PAN or Aadhaar to the Income-tax Department. Reply to ${siteContent.contact.email} with it and your receipt number if you want us to.`,
    });
  }
  const subject = inKind
    ? `Acknowledgement of your gift ${facts.receiptNumber}`
    : `Your donation receipt ${facts.receiptNumber}`;
  return mail(facts, subject, blocks);
}

export interface BouncedChequeFacts extends DonorFacts {
  amount: number;
  /** `cheque` or `demand draft`. */
  instrument: string;
  /** Its number. */
  reference: string;
  /** Why the bank returned it, as staff recorded it. */
  reason: string;
  /** The receipt now cancelled, if one was issued. */
  receiptNumber: string | null;
}

/** A cheque or draft the bank returned unpaid: the donor is told, and that its receipt is cancelled. */
export function chequeBouncedMail(facts: BouncedChequeFacts): MailContent {
  const blocks: Block[] = [
    { p: `Dear ${facts.donorName},` },
    {
      p: `Your ${facts.instrument} No. ${facts.reference} for ${rupees(facts.amount)} was returned unpaid by the bank (${facts.reason}), so the donation did not reach us.`,
    },
  ];
  if (facts.receiptNumber) {
    blocks.push({
      p: `Receipt ${facts.receiptNumber} for this donation is cancelled and can no longer be used for a deduction.`,
    });
  }
  blocks.push({
    p: `If you would still like to give, you can send a new ${facts.instrument} or donate on our website. Write to ${siteContent.contact.email} with any question.`,
  });
  return mail(facts, `Your ${facts.instrument} was returned unpaid`, blocks);
}

export interface PaymentFailedFacts extends DonorFacts {
  amount: number;
  /** The donate page filled in with this gift (donors/donate-again-url.ts). */
  donateUrl: string;
}

export function paymentFailedMail(facts: PaymentFailedFacts): MailContent {
  return mail(facts, 'Your donation did not go through', [
    { p: `Dear ${facts.donorName},` },
    {
      p: `Your payment of ${rupees(facts.amount)} did not go through, and no money was taken for it. If any amount was debited, your bank returns it within a few working days.`,
    },
    { link: 'Try again', href: facts.donateUrl },
    { p: thanks },
  ]);
}

export interface MonthlyGivingFacts extends DonorFacts {
  /** In paise, per month. */
  amount: number;
  /** The donate page filled in with this monthly gift, to start again. */
  donateUrl: string;
}

export function monthlyGivingStartedMail(facts: MonthlyGivingFacts): MailContent {
  return mail(facts, 'Your monthly donation has started', [
    { p: `Dear ${facts.donorName},` },
    {
      p: `Your monthly donation of ${rupees(facts.amount)} has started. Each month's payment brings its own receipt by e-mail.`,
    },
    { p: thanks },
  ]);
}

export function monthlyGivingHaltedMail(facts: MonthlyGivingFacts): MailContent {
  return mail(facts, 'Your monthly donation is paused: a payment failed', [
    { p: `Dear ${facts.donorName},` },
    {
      p: `We could not collect this month's donation of ${rupees(facts.amount)}, and after several attempts your monthly donation is paused. Nothing more will be charged.`,
    },
    { p: 'If you would like to keep giving, you can start again on our donate page.' },
    { link: 'Donate again', href: facts.donateUrl },
  ]);
}

export function monthlyGivingCancelledMail(facts: MonthlyGivingFacts): MailContent {
  return mail(facts, 'Your monthly donation is cancelled', [
    { p: `Dear ${facts.donorName},` },
    { p: `Your monthly donation of ${rupees(facts.amount)} is cancelled; nothing more will be charged.` },
    { p: 'Thank you for every month you gave. You are welcome back at any time.' },
    { link: 'Donate', href: facts.donateUrl },
  ]);
}

export interface RefundFacts extends DonorFacts {
  amount: number;
  receiptNumber: string | null;
}

export function refundMail(facts: RefundFacts): MailContent {
  const blocks: Block[] = [
    { p: `Dear ${facts.donorName},` },
    {
      p: `We have refunded your donation of ${rupees(facts.amount)}. It reaches your account in 5 to 7 working days, depending on your bank.`,
    },
  ];
  if (facts.receiptNumber) {
    blocks.push({
      p: `Receipt ${facts.receiptNumber} for this donation is cancelled and can no longer be used for a deduction.`,
    });
  }
  return mail(facts, 'Your donation has been refunded', blocks);
}

export interface ErasureCompletedFacts {
  donorName: string;
  /** The monthly gifts stopped at Razorpay for the erasure, each in paise a month. */
  cancelledMonthlyAmounts: number[];
  receiptsKept: number;
  /** When the kept receipts are anonymised in turn, as the donor reads it (India time). */
  retainedUntil: string | null;
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
  return { subject: 'Your personal details have been erased', ...renderMail(blocks) };
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
  /** One click, no sign-in (appeals/unsubscribe-token.ts); also sent as List-Unsubscribe. */
  unsubscribeUrl: string;
}

/** An update staff posted on an appeal, to each of its donors once. */
export function appealUpdateMail(facts: AppealUpdateFacts): MailContent {
  const blocks: Block[] = [
    { p: `Dear ${facts.donorName},` },
    { p: `News of “${facts.appealTitle}”, the appeal you gave to:` },
    ...facts.paragraphs.map((paragraph) => ({ p: paragraph })),
    { link: 'See the appeal and its photos', href: facts.appealUrl },
    { p: thanks },
    { small: 'You receive these updates because you gave to this appeal.' },
  ];
  return {
    subject: `Update: ${facts.appealTitle}`,
    ...renderMail(blocks, facts.donorPageUrl, facts.unsubscribeUrl),
  };
}

/** The answer to "send me a link": a fresh link to the donor's own page, valid for a day. */
export function donorLinkMail(pageUrl: string): MailContent {
  return {
    subject: 'Your giving: receipts and statements',
    ...renderMail([
      { p: 'You asked for a link to your page: your donations, receipts and yearly statements.' },
      { link: 'Open my giving', href: pageUrl },
      { small: 'The link works for 24 hours. If you did not ask for it, you can ignore this message.' },
    ]),
  };
}
