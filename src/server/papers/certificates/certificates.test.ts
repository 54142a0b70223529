import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorToken } from '../../gifts/donor-keys/donor-link';
import { type PortalCertificate, portalCertificatePdf, zipOf } from '../../test/certificate-fixtures';
import { mailTo } from '../../test/mail-fixtures';
import { seedReceipt } from '../../test/statement-fixtures';
import { callProcedure, createTestApp, SITE, type TestApp } from '../../test/test-app';
import { yearEndReminders } from './year-end-reminders';

/**
 * The accountant on 1 June: the statement filed, the donors' certificates downloaded from the
 * portal as one zip, uploaded, matched, confirmed and delivered; donors find theirs on their page.
 */
let t: TestApp;
let staff: string;
let admin: string;
const YEAR = '2026-27';
const certificates: Record<string, PortalCertificate> = {
  meena: { donorName: 'Meena Krishnan', donorId: 'MEENA1234K', year: YEAR, rupees: 5000 },
  ravi: { donorName: 'Ravi Kumar', donorId: '2345 6789 0124', year: YEAR, rupees: 1500 },
  stranger: { donorName: 'Nobody We Know', donorId: 'ZZZZZ9999Z', year: YEAR, rupees: 100 },
  lata: { donorName: 'Lata', donorId: 'LATAP4321Q', year: YEAR, rupees: 900 },
  kumar: { donorName: 'Kumar', donorId: 'KUMAR1234Z', year: YEAR, rupees: 300 },
};
const files: Record<string, Buffer> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('accounts', 'staff');
  staff = await t.signIn('accounts');
  await t.addAccount('anita', 'admin');
  admin = await t.signIn('anita');
  const key = t.deps.personalDataKey;
  const gift = (name: string, email: string, rupees: number, taxId: { kind: 'pan' | 'aadhaar'; value: string }) =>
    seedReceipt(t.db.orm, key, { at: '2026-08-15T10:00:00+05:30', rupees, name, email, taxId });
  await gift('Meena Krishnan', 'meena@example.com', 3000, { kind: 'pan', value: 'MEENA1234K' });
  await gift('Meena Krishnan', 'meena@example.com', 2000, { kind: 'pan', value: 'MEENA1234K' });
  await gift('Ravi Kumar', 'ravi@example.com', 1500, { kind: 'aadhaar', value: '234567890124' });
  await gift('Lata', 'lata@example.com', 700, { kind: 'pan', value: 'LATAP4321Q' });
  // A walk-in cash donor who left no e-mail address.
  await gift('Kumar', '', 300, { kind: 'pan', value: 'KUMAR1234Z' });
  for (const [name, certificate] of Object.entries(certificates)) files[name] = await portalCertificatePdf(certificate);
});
afterAll(() => t.close());

const upload = (body: Buffer, type: string, name: string, token: string | null = staff, origin = SITE) =>
  t.app.inject({
    method: 'POST',
    url: `/staff/api/certificates?year=${YEAR}&name=${encodeURIComponent(name)}`,
    headers: { 'content-type': type, ...(token ? { cookie: `staff_session=${token}` } : {}), origin },
    payload: body,
  });
const list = async () =>
  (await callProcedure(t.app, 'staff.certificates.list', 'query', { token: staff, input: { year: YEAR } })).json()
    .result.data;

describe("donors' certificates", () => {
  it('reads a zip from the portal: matches each certificate by ID, year and amount, or says why not', async () => {
    const zip = zipOf({
      'meena.pdf': files.meena as Buffer,
      'ravi.pdf': files.ravi as Buffer,
      'stranger.pdf': files.stranger as Buffer,
      'lata.pdf': files.lata as Buffer,
      // A folder is skipped without a word; the file in it is read.
      certificates: { 'kumar.pdf': files.kumar as Buffer },
      'readme.txt': new TextEncoder().encode('not a certificate'),
      'more.zip': zipOf({ 'other.pdf': files.stranger as Buffer }),
    });
    const response = await upload(zip, 'application/zip', 'Form114-2026-27.zip');
    expect(response.statusCode).toBe(200);
    const outcomes = response.json().outcomes as { file: string; result: string; matched: boolean; note: string }[];
    const byFile = Object.fromEntries(outcomes.map((outcome) => [outcome.file, outcome]));
    expect(Object.keys(byFile).sort()).toEqual([
      'kumar.pdf',
      'lata.pdf',
      'meena.pdf',
      'more.zip',
      'ravi.pdf',
      'readme.txt',
      'stranger.pdf',
    ]);
    // Judged by their content, not their names, and listed with the reason they were not read.
    expect(byFile['readme.txt']).toMatchObject({ result: 'refused', note: 'not a PDF' });
    expect(byFile['more.zip']).toMatchObject({ result: 'refused', note: 'a zip inside the zip: upload it on its own' });
    expect(byFile['meena.pdf']).toMatchObject({ result: 'stored', matched: true });
    expect(byFile['ravi.pdf']).toMatchObject({ result: 'stored', matched: true });
    expect(byFile['kumar.pdf']).toMatchObject({ result: 'stored', matched: true });
    expect(byFile['stranger.pdf']).toMatchObject({ matched: false, note: 'no receipt of 2026-27 carries this PAN' });
    expect(byFile['lata.pdf']).toMatchObject({
      matched: false,
      note: 'the amount differs: the certificate says ₹900, our receipts ₹700',
    });
  });

  it('keeps one certificate for a file uploaded twice, and refuses what is not a PDF', async () => {
    const again = await upload(files.meena as Buffer, 'application/pdf', 'meena (1).pdf');
    expect(again.json().outcomes).toEqual([
      expect.objectContaining({ result: 'duplicate', note: expect.stringMatching(/already uploaded/) }),
    ]);
    const text = await upload(Buffer.from('hello'), 'application/pdf', 'notes.pdf');
    expect(text.json().outcomes).toEqual([expect.objectContaining({ result: 'refused', note: 'not a PDF' })]);
    expect((await upload(files.meena as Buffer, 'application/pdf', 'x.pdf', null)).statusCode).toBe(401);
    const plain = await upload(Buffer.from('x'), 'text/plain', 'x.txt');
    expect(plain.statusCode).toBe(415);
    expect((await list()).summary.total).toBe(5);
  });

  it("takes uploads from the console's own pages only: another site's form is refused before anything is stored", async () => {
    const other = await portalCertificatePdf({
      ...certificates.meena,
      certificateNumber: 'CN-from-elsewhere',
    } as PortalCertificate);
    const elsewhere = await upload(other, 'application/pdf', 'other.pdf', staff, 'https://attacker.example');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('Refused: the request did not come from the console');
    expect((await list()).summary.total).toBe(5);
  });

  it('delivers the confirmed ones by mail with the PDF, lists the donor without an address to print, and shows the deadline', async () => {
    const before = await list();
    expect(before.deadline).toBe('2027-05-31');
    expect(before.form).toBe('Form 114');
    const stranger = before.certificates.find((row: { donorIdMasked: string }) => row.donorIdMasked === 'XXXXX9999Z');
    // A certificate to a typed address: an admin's call (staff-roles.test.ts).
    const assigned = await callProcedure(t.app, 'staff.certificates.assign', 'mutation', {
      token: admin,
      input: { id: stranger.id, email: 'zed@example.com', donorName: 'Zed' },
    });
    expect(assigned.statusCode).toBe(200);
    const matched = (await list()).certificates
      .filter((row: { status: string }) => row.status === 'matched')
      .map((row: { id: number }) => row.id);
    expect(matched).toHaveLength(4);
    const sent = await callProcedure(t.app, 'staff.certificates.send', 'mutation', {
      token: staff,
      input: { year: YEAR, ids: matched },
    });
    expect(sent.json().result.data).toEqual({ confirmed: 4, mailed: 3, toPrint: 1 });

    const [mail] = await mailTo(t, 'meena@example.com');
    expect(mail?.subject).toBe('Your certificate of donation (Form 114) for 2026-27');
    expect(mail?.attachments).toEqual([
      expect.objectContaining({ filename: 'certificate-of-donation-2026-27.pdf', contentType: 'application/pdf' }),
    ]);
    const after = await list();
    expect(after.summary).toMatchObject({ total: 5, unmatched: 1, sent: 3, toPrint: 1, failed: 0 });
    const kumar = after.certificates.find((row: { donorName: string }) => row.donorName === 'Kumar');
    expect(kumar.delivery).toBe('to print');
    // Sending again queues nothing more.
    const again = await callProcedure(t.app, 'staff.certificates.send', 'mutation', {
      token: staff,
      input: { year: YEAR, ids: matched },
    });
    expect(again.json().result.data).toMatchObject({ confirmed: 0, mailed: 0 });
  });

  it("is on the donor's own page, as the portal issued it, and no one else's", async () => {
    const key = t.deps.personalDataKey;
    const asDonor = (email: string) => ({ 'x-donor-token': donorToken(email, key) });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/trpc/donor.certificates',
      headers: asDonor('meena@example.com'),
    });
    const [certificate] = listed.json().result.data;
    expect(certificate).toMatchObject({ year: YEAR });
    const url = `/api/my-giving/certificates/${certificate.id}.pdf`;
    const own = await t.app.inject({ method: 'GET', url, headers: asDonor('meena@example.com') });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.equals(files.meena as Buffer)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url, headers: asDonor('ravi@example.com') })).statusCode).toBe(404);
  });

  it("reminds the overview of the statement's due date, then of the certificates still to deliver", async () => {
    const em = t.db.orm.em.fork();
    // A year without a receipt has nothing to file: no reminder.
    expect(await yearEndReminders(em, new Date('2026-04-10T10:00:00+05:30'))).toEqual({
      statement: null,
      certificates: null,
    });
    await seedReceipt(t.db.orm, t.deps.personalDataKey, {
      at: '2025-12-01T10:00:00+05:30',
      rupees: 100,
      name: 'Asha',
      email: 'asha@example.com',
    });
    // 2025-26 has receipts and no certificates: its statement is due by 31 May 2026, then overdue.
    expect((await yearEndReminders(em, new Date('2026-04-10T10:00:00+05:30'))).statement).toEqual({
      year: '2025-26',
      form: 'Form 10BD',
      dueOn: '2026-05-31',
      overdue: false,
    });
    expect((await yearEndReminders(em, new Date('2026-06-02T10:00:00+05:30'))).statement?.overdue).toBe(true);
    // 2026-27's certificates are uploaded (so it was filed): one donor still waits, the one without a match.
    expect(await yearEndReminders(em, new Date('2027-05-01T10:00:00+05:30'))).toEqual({
      statement: null,
      certificates: { year: YEAR, form: 'Form 114', dueOn: '2027-05-31', toDeliver: 1, withoutMatch: 1 },
    });
  });
});
