import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalCertificatePdf } from '../../test/certificate-fixtures';
import { mailTo } from '../../test/mail-fixtures';
import { parseCsv, seedOfflineGift, seedReceipt } from '../../test/statement-fixtures';
import { callProcedure, createTestApp, SITE, type TestApp } from '../../test/test-app';

/**
 * A PAN is typed by whoever gives, so it proves nothing (issue 32): an outsider who reuses a
 * donor's PAN must not take over their Part B row or their certificate.
 */
let t: TestApp;
let clerk: string;
let admin: string;

const PAN = 'ABCPV1235K';
const victim = {
  name: 'Priya Venkatesh',
  email: 'priya.v@example.com',
  address: '8 Temple Street, Mylapore, Chennai 600004',
};
const outsider = { name: 'Karthik Rao', email: 'karthik@example.net', address: '99 Mount Road, Chennai 600002' };

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('clerk', 'staff');
  clerk = await t.signIn('clerk');
  await t.addAccount('treasurer', 'admin');
  admin = await t.signIn('treasurer');
  const key = t.deps.personalDataKey;
  // 2026-27: the victim gives ₹5,000, then an outsider ₹100 with her PAN and his own name, e-mail and address.
  await seedReceipt(t.db.orm, key, {
    ...victim,
    at: '2026-06-01T10:00:00+05:30',
    rupees: 5000,
    taxId: { kind: 'pan', value: PAN },
  });
  await seedReceipt(t.db.orm, key, {
    ...outsider,
    at: '2026-07-01T10:00:00+05:30',
    rupees: 100,
    taxId: { kind: 'pan', value: PAN.toLowerCase() },
  });
  // 2025-26: one person writing her name three ways (case, spaces, an initial before or after) and her
  // Gmail address with a dot and a tag.
  const priya = { kind: 'pan' as const, value: 'PRIYA1234S' };
  const ways: [string, string, string][] = [
    ['2025-05-01T10:00:00+05:30', 'A. Priya Sharma', 'priya.sharma@gmail.com'],
    ['2025-06-01T10:00:00+05:30', 'priya sharma', 'PriyaSharma+gifts@gmail.com'],
    ['2025-07-01T10:00:00+05:30', 'PRIYA  SHARMA A', 'priyasharma@gmail.com'],
  ];
  for (const [at, name, email] of ways) {
    await seedReceipt(t.db.orm, key, { at, rupees: 1000, name, email, taxId: priya });
  }
  // 2024-25: ₹4,000 by bank transfer and ₹3,000 in cash (above ₹2,000: no deduction, not in Part B).
  const gopal = {
    name: 'Gopal Iyer',
    email: 'gopal@example.com',
    taxId: { kind: 'pan' as const, value: 'GOPAL1234G' },
  };
  await seedOfflineGift(t.db.orm, key, {
    ...gopal,
    mode: 'bank-transfer',
    receivedOn: '2024-08-01',
    rupees: 4000,
    reference: 'UTR-GOPAL-1',
  });
  await seedOfflineGift(t.db.orm, key, { ...gopal, mode: 'cash', receivedOn: '2024-09-01', rupees: 3000 });
});
afterAll(() => t.close());

const summaryOf = async (year: string) =>
  (await callProcedure(t.app, 'staff.statement.summary', 'query', { token: clerk, input: { year } })).json().result
    .data;
const partB = async (year: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/staff/api/statement.csv?year=${year}`,
    headers: { cookie: `staff_session=${admin}` },
  });
  expect(response.statusCode).toBe(200);
  const [, ...rows] = parseCsv(response.body);
  return {
    response,
    rows: rows.map((cells) => ({ id: cells[3], name: cells[7], address: cells[8], amount: cells[11] })),
  };
};
const resolve = (input: Record<string, unknown>, token = admin) =>
  callProcedure(t.app, 'staff.statement.resolveReview', 'mutation', { token, input });
const uploadCertificate = async (year: string, certificate: Parameters<typeof portalCertificatePdf>[0]) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/staff/api/certificates?year=${year}&name=certificate.pdf`,
    headers: { 'content-type': 'application/pdf', cookie: `staff_session=${clerk}`, origin: SITE },
    payload: await portalCertificatePdf(certificate),
  });
  expect(response.statusCode).toBe(200);
  const [outcome] = response.json().outcomes;
  return outcome as { certificateId: number; matched: boolean; note: string };
};

describe('a PAN reused by an outsider', () => {
  it('marks the row as needing review, with both receipts side by side, and the download says so', async () => {
    const summary = await summaryOf('2026-27');
    expect(summary.rowsNeedingReview).toEqual([1]);
    expect(summary.reviews).toEqual([
      {
        idHash: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        idKind: 'pan',
        idMasked: 'XXXXX1235K',
        serialNumbers: [1],
        needsReview: true,
        chosenReceiptNumber: null,
        resolvedBy: null,
        receipts: [
          expect.objectContaining({ ...victim, amountPaise: 500000, mode: 'online', date: '2026-06-01 10:00' }),
          expect.objectContaining({ ...outsider, amountPaise: 10000, mode: 'online', date: '2026-07-01 10:00' }),
        ],
      },
    ]);
    const { response, rows } = await partB('2026-27');
    expect(response.headers['content-disposition']).toContain('-NEEDS-REVIEW.csv');
    expect(response.headers['x-rows-needing-review']).toBe('1');
    // Until staff choose, the row is the latest gift's, as before: that is why it is flagged.
    expect(rows).toEqual([{ id: PAN, name: outsider.name, address: outsider.address, amount: '5100' }]);
  });

  it('holds the certificate, saying why, and mails nothing to the outsider even after the bulk send', async () => {
    const outcome = await uploadCertificate('2026-27', {
      donorName: victim.name,
      donorId: PAN,
      year: '2026-27',
      rupees: 5100,
    });
    expect(outcome).toMatchObject({
      matched: false,
      note: `the receipts for this PAN came from 2 e-mail addresses: ${victim.email}, ${outsider.email}`,
    });
    const list = await callProcedure(t.app, 'staff.certificates.list', 'query', {
      token: clerk,
      input: { year: '2026-27' },
    });
    const [certificate] = list.json().result.data.certificates;
    expect(certificate).toMatchObject({ status: 'unmatched', donorEmail: null, matchNote: outcome.note });
    const sent = await callProcedure(t.app, 'staff.certificates.send', 'mutation', {
      token: clerk,
      input: { year: '2026-27', ids: [outcome.certificateId] },
    });
    expect(sent.json().result.data).toEqual({ confirmed: 0, mailed: 0, toPrint: 0 });
    expect(await mailTo(t, outsider.email)).toEqual([]);
    const [queued] = await t.db.orm.em
      .fork()
      .execute<{ count: string }[]>(`select count(*) from mail_outbox where message_id like 'certificate-%'`);
    expect(queued?.count).toBe('0');
  });

  it('takes the name and address of the receipt an admin chooses, audited without the PAN', async () => {
    const [review] = (await summaryOf('2026-27')).reviews;
    const [victimReceipt] = review.receipts;
    expect(
      (await resolve({ year: '2026-27', idHash: review.idHash, receiptNumber: victimReceipt.number }, clerk))
        .statusCode,
    ).toBe(403);
    const stranger = await resolve({ year: '2026-27', idHash: review.idHash, receiptNumber: 'CART/2025-26/000001' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.data.issues).toEqual([
      { path: 'receiptNumber', message: 'Receipt CART/2025-26/000001 is not one of this ID’s receipts' },
    ]);
    const malformed = await resolve({ year: '2026-27', idHash: 'ABCPV1235K', receiptNumber: victimReceipt.number });
    expect(malformed.statusCode).toBe(400);

    const resolved = await resolve({ year: '2026-27', idHash: review.idHash, receiptNumber: victimReceipt.number });
    expect(resolved.statusCode).toBe(200);
    const summary = await summaryOf('2026-27');
    expect(summary.rowsNeedingReview).toEqual([]);
    expect(summary.reviews[0]).toMatchObject({
      needsReview: false,
      chosenReceiptNumber: victimReceipt.number,
      resolvedBy: 'treasurer',
    });
    const { response, rows } = await partB('2026-27');
    expect(response.headers['content-disposition']).toContain('Form113-2026-27.csv');
    expect(response.headers['x-rows-needing-review']).toBeUndefined();
    expect(rows).toEqual([{ id: PAN, name: victim.name, address: victim.address, amount: '5100' }]);

    const entries = await t.db.orm.em
      .fork()
      .execute<{ username: string; details: Record<string, unknown> }[]>(
        `select username, details from staff_audit where action = 'statement_review_resolved'`,
      );
    expect(entries).toEqual([
      {
        username: 'treasurer',
        details: { year: '2026-27', id: 'XXXXX1235K', rows: [1], receiptNumber: victimReceipt.number },
      },
    ]);
    const stored = await t.db.orm.em.fork().execute('select * from statement_reviews');
    expect(JSON.stringify(stored)).not.toContain(PAN);
  });

  it('needs review again when a receipt from yet another person arrives for that PAN', async () => {
    await seedReceipt(t.db.orm, t.deps.personalDataKey, {
      at: '2026-08-01T10:00:00+05:30',
      rupees: 50,
      name: 'Someone Else',
      email: 'else@example.org',
      taxId: { kind: 'pan', value: PAN },
    });
    const summary = await summaryOf('2026-27');
    expect(summary.rowsNeedingReview).toEqual([1]);
    expect(summary.reviews[0]).toMatchObject({ needsReview: true, chosenReceiptNumber: null });
    expect(summary.reviews[0].receipts).toHaveLength(3);
  });

  it("holds a certificate whose name is not the receipts' name", async () => {
    // Another year, one e-mail address, but the certificate names someone else.
    await seedReceipt(t.db.orm, t.deps.personalDataKey, {
      ...victim,
      at: '2027-06-01T10:00:00+05:30',
      rupees: 700,
      taxId: { kind: 'pan', value: PAN },
    });
    const outcome = await uploadCertificate('2027-28', {
      donorName: outsider.name,
      donorId: PAN,
      year: '2027-28',
      rupees: 700,
    });
    expect(outcome).toMatchObject({
      matched: false,
      note: `the certificate's name ${outsider.name} differs from the receipts' ${victim.name}`,
    });
  });
});

describe('one person, however the name is written', () => {
  it('takes names that differ only by case, spaces, punctuation and initials, and one normalised e-mail, as one person', async () => {
    const summary = await summaryOf('2025-26');
    expect(summary.rowsNeedingReview).toEqual([]);
    expect(summary.reviews).toEqual([]);
    const outcome = await uploadCertificate('2025-26', {
      donorName: 'Priya Sharma',
      donorId: 'PRIYA1234S',
      year: '2025-26',
      rupees: 3000,
    });
    expect(outcome).toMatchObject({ matched: true });
  });
});

describe("a certificate's amount is what Part B reports", () => {
  it('matches ₹4,000 for a donor who gave ₹4,000 by transfer and ₹3,000 in cash (no deduction)', async () => {
    const { rows } = await partB('2024-25');
    expect(rows).toEqual([{ id: 'GOPAL1234G', name: 'Gopal Iyer', address: '', amount: '4000' }]);
    const outcome = await uploadCertificate('2024-25', {
      donorName: 'Gopal Iyer',
      donorId: 'GOPAL1234G',
      year: '2024-25',
      rupees: 4000,
    });
    expect(outcome).toMatchObject({ matched: true, note: 'PAN and amount ₹4,000 match what Part B reports' });
  });
});
