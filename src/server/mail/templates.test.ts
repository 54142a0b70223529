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
const monthly = { donorName: 'Asha', amount: 50_000, donateUrl };

describe('the mail templates', () => {
  it.each([
    [
      'receipt',
      receiptMail({ donorName: 'Asha', amount: 50_000, receiptNumber: 'CART/2026-27/000001', hasTaxId: true }),
    ],
    ['payment failed', paymentFailedMail({ donorName: 'Asha', amount: 50_000, donateUrl })],
    ['monthly started', monthlyGivingStartedMail(monthly)],
    ['monthly halted', monthlyGivingHaltedMail(monthly)],
    ['monthly cancelled', monthlyGivingCancelledMail(monthly)],
    ['refund', refundMail({ donorName: 'Asha', amount: 50_000, receiptNumber: 'CART/2026-27/000001' })],
  ])('%s: a subject, plain text and HTML in the trust colours, naming the donor and the amount', (_name, mail) => {
    expect(mail.subject.length).toBeGreaterThan(10);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Dear Asha,');
      expect(part).toContain('₹500.00');
      expect(part).toContain('Chennai Animal Rescue Trust');
    }
    expect(mail.html).toContain('#1b5e20');
    expect(mail.text).not.toContain('<');
  });

  it('links back to the donate page after a failed payment', () => {
    const mail = paymentFailedMail({ donorName: 'Asha', amount: 50_000, donateUrl });
    expect(mail.text).toContain(`Try again: ${donateUrl}`);
    expect(mail.html).toContain(`href="${donateUrl}"`);
  });

  it('tells a donor without PAN or Aadhaar what a deduction needs, and says a refunded receipt is cancelled', () => {
    const facts = { donorName: 'Asha', amount: 50_000, receiptNumber: 'CART/2026-27/000001' };
    expect(receiptMail({ ...facts, hasTaxId: false }).text).toContain('we must report your PAN or Aadhaar');
    expect(receiptMail({ ...facts, hasTaxId: true }).text).not.toContain('PAN');
    expect(refundMail(facts).text).toContain('Receipt CART/2026-27/000001 for this donation is cancelled');
  });

  it('escapes what the donor typed in the HTML part', () => {
    const mail = paymentFailedMail({ donorName: '<b>Asha</b> & co', amount: 50_000, donateUrl });
    expect(mail.html).toContain('&#60;b&#62;Asha&#60;/b&#62; &#38; co');
    expect(mail.html).not.toContain('<b>Asha');
  });
});
