import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYearOf, financialYearStarting } from '../../../shared/india-time';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { listDonorGifts } from '../../donors/donor-page/donor-gifts';
import { pdfText } from '../../test/donor-fixtures';
import { donorEmail, mailTo, subjects } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';

/**
 * The trust's office records what came outside the website: each mode's own rules, its receipt
 * from the same gap-free series as online gifts, the donor's mail, the audit trail; a cheque that
 * bounces; the same transfer twice; a gift in a year whose statement is due.
 */
let t: TestApp;
let clerk: string;
let admin: string;
const TODAY = indiaToday();
const NO_DEDUCTION = 'gives no tax deduction';

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('clerk', 'staff');
  await t.addAccount('anita', 'admin');
  clerk = await t.signIn('clerk');
  admin = await t.signIn('anita');
});
afterAll(() => t.close());

const record = (input: Record<string, unknown>, token = clerk) =>
  callProcedure(t.app, 'staff.offlineGifts.record', 'mutation', { token, input });
const recorded = async (input: Record<string, unknown>, token = clerk) => {
  const response = await record(input, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as { donationId: number; receiptNumber: string; receiptId: number };
};
const receiptText = async (receiptId: number) => {
  const pdf = await t.app.inject({
    method: 'GET',
    url: `/staff/api/receipts/${receiptId}.pdf`,
    headers: { cookie: `staff_session=${clerk}` },
  });
  expect(pdf.statusCode).toBe(200);
  return (await pdfText(pdf.rawPayload)).join(' ');
};
const donor = (label: string) => ({ name: `Donor ${label}`, email: donorEmail(label), phone: '9876543210' });
const cheque = (reference: string, extra: Record<string, unknown> = {}) => ({
  ...donor('cheque'),
  amount: 500_000,
  mode: 'cheque',
  receivedOn: TODAY,
  reference,
  bank: 'State Bank of India',
  instrumentDate: TODAY,
  purpose: 'medical',
  ...extra,
});
const issuesOf = (response: Awaited<ReturnType<typeof record>>) =>
  (response.json().error.data.issues as { path: string; message: string }[]).map((issue) => issue.path);

describe('recording a gift received outside the website', () => {
  it('a cheque: paid, its receipt from the same series with the cheque’s number, bank and date, the donor mailed, the clerk in the audit trail', async () => {
    const gift = cheque('004512');
    const { donationId, receiptNumber, receiptId } = await recorded(gift);
    const year = financialYearOf(new Date()).label;
    expect(receiptNumber).toMatch(new RegExp(`^CART/${year}/\\d{6}$`));
    const [row] = await t.db.orm.em.execute(
      `select status, mode, reference, bank, recorded_by, to_char(received_on, 'YYYY-MM-DD') as received_on
         from donations where id = ?`,
      [donationId],
    );
    expect(row).toEqual({
      status: 'paid',
      mode: 'cheque',
      reference: '004512',
      bank: 'State Bank of India',
      recorded_by: 'clerk',
      received_on: TODAY,
    });
    const text = await receiptText(receiptId);
    expect(text).toContain('Cheque, No. 004512, State Bank of India, dated');
    expect(text).toContain('Donation receipt');
    const [mail] = await mailTo(t, gift.email);
    expect(mail?.subject).toBe(`Your donation receipt ${receiptNumber}`);
    expect(mail?.attachments).toHaveLength(1);
    const [entry] = await t.db.orm.em.execute(
      `select username, details from staff_audit where action = 'offline_gift_recorded' and details->>'donationId' = ?`,
      [String(donationId)],
    );
    expect(entry).toMatchObject({ username: 'clerk', details: { mode: 'cheque', receiptNumber } });
    const { gifts } = await listDonorGifts(t.db.orm.em.fork(), gift.email);
    expect(gifts).toEqual([
      expect.objectContaining({
        id: donationId,
        mode: 'cheque',
        status: 'paid',
        receipt: { id: receiptId, number: receiptNumber, status: 'issued' },
      }),
    ]);
  });

  it('refuses a cheque without its bank and date, with each field named, and a cheque dated after it came', async () => {
    const response = await record({ ...cheque('004513'), bank: '', instrumentDate: undefined });
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response).sort()).toEqual(['bank', 'instrumentDate']);
    const future = await record(cheque('004513', { receivedOn: '2999-01-01' }));
    expect(future.statusCode).toBe(400);
    expect(issuesOf(future)).toContain('receivedOn');
  });

  it('cash: ₹2,000 gives a deduction; ₹2,000.01 says plainly on the receipt and in the mail that it gives none', async () => {
    const atLimit = { ...donor('cash-limit'), amount: 200_000, mode: 'cash', receivedOn: TODAY };
    const limit = await recorded(atLimit);
    expect(await receiptText(limit.receiptId)).not.toContain(NO_DEDUCTION);
    const above = { ...donor('cash-above'), amount: 200_001, mode: 'cash', receivedOn: TODAY };
    const over = await recorded(above);
    const text = (await receiptText(over.receiptId)).replace(/\s+/g, ' ');
    expect(text).toContain('Cash');
    expect(text).toContain(`This gift was received in cash above ₹2,000, so it ${NO_DEDUCTION}`);
    const [mail] = await mailTo(t, above.email);
    expect(mail?.text).toContain(`so it ${NO_DEDUCTION}`);
    const [limitMail] = await mailTo(t, atLimit.email);
    expect(limitMail?.text).not.toContain(NO_DEDUCTION);
  });

  it('walk-in cash without e-mail or phone: receipted, nobody mailed, and not on anyone’s donor page', async () => {
    const before = await t.db.orm.em.execute<{ count: string }[]>('select count(*) from mail_outbox');
    const walkIn = await recorded({ name: 'Kumar', amount: 50_000, mode: 'cash', receivedOn: TODAY });
    expect(walkIn.receiptNumber).toBeTruthy();
    const after = await t.db.orm.em.execute<{ count: string }[]>('select count(*) from mail_outbox');
    expect(after[0]?.count).toBe(before[0]?.count);
    expect((await listDonorGifts(t.db.orm.em.fork(), '')).gifts).toEqual([]);
    const cheque = await record({
      name: 'Kumar',
      amount: 50_000,
      mode: 'kind',
      receivedOn: TODAY,
      kindDescription: 'Rice',
    });
    expect(issuesOf(cheque)).toEqual(['phone']);
  });

  it('in kind: an acknowledgement, not a tax receipt, with the description and the trust’s estimate', async () => {
    const gift = {
      ...donor('kind'),
      amount: 1_250_000,
      mode: 'kind',
      receivedOn: TODAY,
      kindDescription: '50 kg of dog food and 20 blankets',
    };
    const { receiptId, receiptNumber } = await recorded(gift);
    const text = (await receiptText(receiptId)).replace(/\s+/g, ' ');
    expect(text).toContain('Acknowledgement of a gift in kind');
    expect(text).not.toContain('Donation receipt');
    expect(text).toContain('50 kg of dog food and 20 blankets');
    expect(text).toContain("₹12,500.00 (the trust's estimate)");
    expect(text).toContain('not a tax receipt: a gift in kind gives no deduction');
    const [mail] = await mailTo(t, gift.email);
    expect(mail?.subject).toBe(`Acknowledgement of your gift ${receiptNumber}`);
    expect(mail?.text).toContain('50 kg of dog food and 20 blankets');
  });

  it('a transfer: the same UTR twice is refused, naming the gift that has it', async () => {
    const transfer = { ...donor('neft'), amount: 300_000, mode: 'bank-transfer', receivedOn: TODAY };
    const first = await recorded({ ...transfer, reference: 'SBIN0123456789AB' });
    const again = await record({ ...transfer, reference: 'sbin 0123 4567 89ab', amount: 1000 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      `reference: UTR SBIN0123456789AB is already recorded, as donation #${first.donationId}`,
    );
    const short = await record({ ...transfer, reference: 'UTR1' });
    expect(short.statusCode).toBe(400);
    expect(issuesOf(short)).toEqual(['reference']);
  });

  it('a year whose statement is due: refused for staff, refused for an admin who does not say so, recorded when they do', async () => {
    const closed = financialYearStarting(financialYearOf(new Date()).startYear - 2);
    const day = `${closed.startYear}-12-15`;
    const gift = { ...donor('closed'), amount: 100_000, mode: 'cash', receivedOn: day };
    const byStaff = await record(gift);
    expect(byStaff.statusCode).toBe(400);
    expect(byStaff.json().error.message).toBe(
      `receivedOn: the financial year ${closed.label} is closed: its statement was due on ${closed.startYear + 1}-05-31. Only an admin may record a gift in it.`,
    );
    const unsaid = await record(gift, admin);
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json().error.message).toMatch(/allowClosedYear/);
    const { receiptNumber, receiptId, donationId } = await recorded({ ...gift, allowClosedYear: true }, admin);
    expect(receiptNumber).toBe(`CART/${closed.label}/000001`);
    expect(await receiptText(receiptId)).toContain(`15 December ${closed.startYear}`);
    const [entry] = await t.db.orm.em.execute(
      `select username, details from staff_audit where action = 'offline_gift_recorded' and details->>'donationId' = ?`,
      [String(donationId)],
    );
    expect(entry).toMatchObject({ username: 'anita', details: { closedYear: closed.label } });
  });
});

describe('a cheque that bounces', () => {
  it('cancels its receipt with the reason (kept), sets the gift bounced and tells the donor; once only, cheques and drafts only', async () => {
    const gift = cheque('118822');
    const { donationId, receiptNumber, receiptId } = await recorded(gift);
    const bounce = (id: number) =>
      callProcedure(t.app, 'staff.offlineGifts.bounce', 'mutation', {
        token: clerk,
        input: { id, reason: 'Funds insufficient' },
      });
    const response = await bounce(donationId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.data).toEqual({ donationId, receiptNumber });

    const [receipt] = await t.db.orm.em.execute('select status, cancellation_reason from receipts where id = ?', [
      receiptId,
    ]);
    expect(receipt).toEqual({
      status: 'cancelled',
      cancellation_reason: 'the cheque was returned unpaid by the bank: Funds insufficient',
    });
    expect(await receiptText(receiptId)).toContain('CANCELLED');
    const [row] = await t.db.orm.em.execute('select status, bounce_reason from donations where id = ?', [donationId]);
    expect(row).toEqual({ status: 'bounced', bounce_reason: 'Funds insufficient' });

    const mails = await mailTo(t, gift.email);
    expect(subjects(mails)).toEqual([`Your donation receipt ${receiptNumber}`, 'Your cheque was returned unpaid']);
    expect(mails[1]?.text).toContain(`Receipt ${receiptNumber} for this donation is cancelled`);
    expect(mails[1]?.text).toContain('(Funds insufficient)');

    expect((await bounce(donationId)).statusCode).toBe(409);
    const cash = await recorded({ ...donor('cash-no-bounce'), amount: 10_000, mode: 'cash', receivedOn: TODAY });
    expect((await bounce(cash.donationId)).statusCode).toBe(400);
    expect((await bounce(999_999)).statusCode).toBe(404);
    const [entry] = await t.db.orm.em.execute(
      `select username from staff_audit where action = 'offline_gift_bounced' and details->>'donationId' = ?`,
      [String(donationId)],
    );
    expect(entry).toEqual({ username: 'clerk' });

    const list = await callProcedure(t.app, 'staff.donations.list', 'query', {
      token: clerk,
      input: { filter: { mode: 'cheque', search: '118822' } },
    });
    expect(list.json().result.data.rows.map((row: { id: number }) => row.id)).toEqual([donationId]);
    const story = await callProcedure(t.app, 'staff.donations.story', 'query', {
      token: clerk,
      input: { id: donationId },
    });
    const { donation, steps } = story.json().result.data;
    expect(donation).toMatchObject({ mode: 'cheque', reference: '118822', recordedBy: 'clerk', receivedOn: TODAY });
    expect(steps.map((step: { kind: string; text: string }) => step.text)).toEqual([
      `Recorded by clerk: Cheque, received on ${TODAY}`,
      `Receipt ${receiptNumber} issued`,
      `Returned unpaid by the bank: Funds insufficient; receipt ${receiptNumber} cancelled`,
    ]);
  });
});
