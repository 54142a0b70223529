import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { pdfText } from '../../test/donor-fixtures';
import { donorEmail, mailTo } from '../../test/mail-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { renderReceiptPdf } from './pdf-on-demand';
import { Receipt } from './receipt.entity';

/** A donor who gives in Tamil or Hindi: the donation, its receipt and its mail all keep the language. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const verify = (payload: object) => t.app.inject({ method: 'POST', url: '/api/verify-payment', payload });

describe('a donation in Tamil', () => {
  it('stores the language, snapshots it on the receipt, and mails the receipt in Tamil (through SMTP)', async () => {
    const email = donorEmail('tamil');
    const created = await t.caller.donation.create(donationBody({ email, name: 'ஆஷா ராமன்', language: 'ta' }));
    const success = await t.emulator.completePayment({ orderId: created.order.id });
    expect((await verify({ ...success, donation_id: created.donation.id })).statusCode).toBe(200);

    const [row] = await t.db.orm.em.execute<{ language: string }[]>('select language from donations where id = ?', [
      created.donation.id,
    ]);
    expect(row?.language).toBe('ta');
    const receipt = await t.db.orm.em.fork().findOneOrFail(Receipt, { donationId: created.donation.id });
    expect(receipt.language).toBe('ta');

    const [mail] = await mailTo(t, email);
    expect(mail?.subject).toBe(`உங்கள் நன்கொடை ரசீது ${receipt.number}`);
    expect(mail?.text).toContain('அன்புள்ள ஆஷா ராமன்,');
    expect(mail?.text).toContain('₹1,000.00');
    expect(mail?.attachments.map((attachment) => attachment.contentType)).toEqual(['application/pdf']);
  });

  it('the REST path takes it too, and refuses a language the trust does not write in', async () => {
    const post = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/donations',
        payload: donationBody({ email: donorEmail('rest'), language }),
      });
    expect((await post('hi')).statusCode).toBe(200);
    const refused = await post('fr');
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('language');
  });
});

describe('a Hindi receipt', () => {
  it('holds the donor’s name and the amount in words in Hindi and in English', async () => {
    const email = donorEmail('hindi');
    const created = await t.caller.donation.create(
      donationBody({ email, name: 'अनीता देवी', amount: 2_500_000, language: 'hi' }),
    );
    const success = await t.emulator.completePayment({ orderId: created.order.id });
    await verify({ ...success, donation_id: created.donation.id });
    const receipt = await t.db.orm.em.fork().findOneOrFail(Receipt, { donationId: created.donation.id });
    // pdf.js splits a Devanagari word where a vowel sign hangs below it (रु पये): compared without spaces.
    const text = ((await pdfText(await renderReceiptPdf(t.db.orm.em.fork(), receipt)))[0] ?? '').replace(/\s+/g, '');
    for (const expected of ['अनीता देवी', 'पच्चीस हज़ार रुपये मात्र', 'Rupees Twenty Five Thousand Only', 'दान रसीद']) {
      expect(text).toContain(expected.replace(/\s+/g, ''));
    }
    const [mail] = await mailTo(t, email);
    expect(mail?.subject).toBe(`आपकी दान रसीद ${receipt.number}`);
  });
});
