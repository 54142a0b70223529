import { describe, expect, it } from 'vitest';
import {
  monthlyGivingCancelledMail,
  monthlyGivingHaltedMail,
  monthlyGivingStartedMail,
  paymentFailedMail,
  receiptMail,
  refundMail,
} from './templates';

const donateUrl = 'https://rescue.example.org/donate';
const donorPageUrl = 'https://rescue.example.org/my-giving?token=abc.def';
const asha = { donorName: 'Asha', donorPageUrl };
const monthly = { ...asha, amount: 50_000, donateUrl };

/** Each kind of mail a donor gets; a refund of a gift without a receipt is the refund's other form. */
const EVERY_MAIL = [
  [
    'receipt',
    receiptMail({
      ...asha,
      amount: 50_000,
      receiptNumber: 'CART/2026-27/000001',
      hasTaxId: true,
      deductionSection: '133',
    }),
  ],
  ['payment failed', paymentFailedMail({ ...asha, amount: 50_000, donateUrl })],
  ['monthly started', monthlyGivingStartedMail(monthly)],
  ['monthly halted', monthlyGivingHaltedMail(monthly)],
  ['monthly cancelled', monthlyGivingCancelledMail(monthly)],
  ['refund', refundMail({ ...asha, amount: 50_000, receiptNumber: 'CART/2026-27/000001' })],
  ['refund without a receipt', refundMail({ ...asha, amount: 50_000, receiptNumber: null })],
] as const;

describe('the mail templates', () => {
  it.each(EVERY_MAIL)(
    '%s: a subject, plain text and HTML in the trust colours, naming the donor and the amount',
    (_name, mail) => {
      expect(mail.subject.length).toBeGreaterThan(10);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Dear Asha,');
        expect(part).toContain('₹500.00');
        expect(part).toContain('Chennai Animal Rescue Trust');
      }
      expect(mail.html).toContain('#1b5e20');
      expect(mail.text).not.toContain('<');
    },
  );

  it.each(EVERY_MAIL)('%s: carries the link to the donor page in its footer, in both parts', (_name, mail) => {
    expect(mail.text).toContain(`See all your gifts and receipts: ${donorPageUrl}`);
    expect(mail.html).toContain(`href="${donorPageUrl}"`);
    expect(mail.html).toContain('See all your gifts and receipts:');
  });

  it('links back to the donate page after a failed payment', () => {
    const mail = paymentFailedMail({ ...asha, amount: 50_000, donateUrl });
    expect(mail.text).toContain(`Try again: ${donateUrl}`);
    expect(mail.html).toContain(`href="${donateUrl}"`);
  });

  it('tells a donor without PAN or Aadhaar what a deduction needs, and says a refunded receipt is cancelled', () => {
    const facts = { ...asha, amount: 50_000, receiptNumber: 'CART/2026-27/000001', deductionSection: '133' };
    expect(receiptMail({ ...facts, hasTaxId: false }).text).toContain(
      'To claim a deduction under section 133, we must report your PAN or Aadhaar',
    );
    expect(receiptMail({ ...facts, hasTaxId: true }).text).not.toContain('PAN');
    expect(refundMail(facts).text).toContain('Receipt CART/2026-27/000001 for this donation is cancelled');
  });

  it('escapes what the donor typed in the HTML part', () => {
    const mail = paymentFailedMail({ donorName: '<b>Asha</b> & co', donorPageUrl, amount: 50_000, donateUrl });
    expect(mail.html).toContain('&#60;b&#62;Asha&#60;/b&#62; &#38; co');
    expect(mail.html).not.toContain('<b>Asha');
  });
});
