import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorToken } from '../../gifts/donor-keys/donor-link';
import { portalCertificatePdf } from '../../test/certificate-fixtures';
import { seedPaidGift } from '../../test/donor-fixtures';
import { mailTo } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, SITE, type TestApp } from '../../test/test-app';

/**
 * A donor erased after their certificate of donation was uploaded and sent: the trust's copies go
 * with the rest of them, their old link shows none, and their address no longer gets a link.
 */
const EMAIL = 'meena@example.com';
const YEAR = '2026-27';
let t: TestApp;
let staff: string;
let admin: string;
let sentId: number;

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.orm.em.execute<T[]>(text, params);
const asDonor = () => ({ 'x-donor-token': donorToken(EMAIL, t.deps.personalDataKey) });
const upload = (body: Buffer, name: string) =>
  t.app.inject({
    method: 'POST',
    url: `/staff/api/certificates?year=${YEAR}&name=${encodeURIComponent(name)}`,
    headers: { 'content-type': 'application/pdf', cookie: `staff_session=${staff}`, origin: SITE },
    payload: body,
  });
const askForLink = (email: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/my-giving/link', payload: { email }, remoteAddress: ip });

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('priya', 'staff');
  await t.addAccount('asha', 'admin');
  staff = await t.signIn('priya');
  admin = await t.signIn('asha');
  await seedPaidGift(t.db.orm, t.deps.personalDataKey, {
    name: 'Meena Krishnan',
    email: EMAIL,
    at: '2026-08-15T10:00:00+05:30',
    rupees: 5000,
    taxId: { kind: 'pan', value: 'MEENA1234K' },
  });
  // Her certificate, matched and sent; and another of hers the portal got wrong (no match, no address).
  const certificate = { donorName: 'Meena Krishnan', donorId: 'MEENA1234K', year: YEAR };
  expect((await upload(await portalCertificatePdf({ ...certificate, rupees: 5000 }), 'meena.pdf')).statusCode).toBe(
    200,
  );
  const wrong = await portalCertificatePdf({ ...certificate, rupees: 4000, certificateNumber: 'CN-2' });
  expect((await upload(wrong, 'meena-2.pdf')).statusCode).toBe(200);
  const [matched] = await sql<{ id: number }>(`select id from donor_certificates where status = 'matched'`);
  sentId = matched?.id ?? 0;
  const sent = await callProcedure(t.app, 'staff.certificates.send', 'mutation', {
    token: staff,
    input: { year: YEAR, ids: [sentId] },
  });
  expect(sent.json().result.data).toMatchObject({ mailed: 1 });
  expect((await mailTo(t, EMAIL)).map((mail) => mail.subject)).toEqual([
    'Your certificate of donation (Form 114) for 2026-27',
  ]);
});
afterAll(() => t.close());

describe("a donor's erasure and their certificates", () => {
  it("deletes the trust's copies: their old link lists none and serves none", async () => {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/trpc/donor.requestErasure',
      headers: asDonor(),
      payload: {},
    });
    const { id } = asked.json().result.data;
    const done = await callProcedure(t.app, 'staff.erasure.complete', 'mutation', { token: admin, input: { id } });
    expect(done.json().result.data).toMatchObject({ certificates: 2 });

    expect(await sql('select id, donor_name, donor_email from donor_certificates')).toEqual([]);
    const listed = await t.app.inject({ method: 'GET', url: '/trpc/donor.certificates', headers: asDonor() });
    expect(listed.json().result.data).toEqual([]);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/my-giving/certificates/${sentId}.pdf`,
      headers: asDonor(),
    });
    expect(file.statusCode).toBe(404);
  });

  it('answers a link request for the erased address exactly as for an unknown one, and mails nothing', async () => {
    const mailsBefore = (await mailTo(t, EMAIL)).length;
    const erased = await askForLink(EMAIL, '10.2.0.1');
    const unknown = await askForLink('nobody@example.com', '10.2.0.2');
    expect([erased.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(erased.body).toBe(unknown.body);
    // Her receipt is still kept for the tax law, with her address on it: it knows no donor any more.
    expect(await sql(`select count(*)::int as count from receipts where donor_email = ?`, [EMAIL])).toEqual([
      { count: 1 },
    ]);
    expect(await sql(`select recipient from mail_outbox where kind = 'donor-link'`)).toEqual([]);
    expect((await mailTo(t, EMAIL)).length).toBe(mailsBefore);
  });
});
