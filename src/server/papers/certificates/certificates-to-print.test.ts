import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortalCertificate, portalCertificatePdf } from '../../test/certificate-fixtures';
import { seedReceipt } from '../../test/statement-fixtures';
import { callProcedure, createTestApp, SITE, type TestApp } from '../../test/test-app';

/**
 * The certificates the post delivers: each donor's postal address beside their certificate, one
 * certificate downloaded as stored, and a year's undelivered ones as one PDF to print.
 */
let t: TestApp;
let staff: string;
const YEAR = '2026-27';
const KUMAR_NOW = '4 Temple Street, Mylapore, Chennai 600004';
const DEVI_ADDRESS = '9 Lake View Road, Velachery, Chennai 600042';
const certificates: Record<string, PortalCertificate> = {
  kumar: { donorName: 'Kumar', donorId: 'KUMAR1234Z', year: YEAR, rupees: 800 },
  devi: { donorName: 'Devi', donorId: '3456 7890 1235', year: YEAR, rupees: 2500, extraPages: 1 },
  meena: { donorName: 'Meena Krishnan', donorId: 'MEENA1234K', year: YEAR, rupees: 5000 },
};
const files: Record<string, Buffer> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('accounts', 'staff');
  staff = await t.signIn('accounts');
  const gift = (at: string, name: string, email: string, rupees: number, address: string | null, taxId: string) =>
    seedReceipt(t.db.orm, t.deps.personalDataKey, {
      at,
      rupees,
      name,
      email,
      address,
      taxId: { kind: /^[A-Z]/.test(taxId) ? 'pan' : 'aadhaar', value: taxId },
    });
  // Walk-in donors without an e-mail address; Kumar moved between his two gifts.
  await gift('2026-06-01T10:00:00+05:30', 'Kumar', '', 500, '1 Old Street, Chennai 600001', 'KUMAR1234Z');
  await gift('2026-09-01T10:00:00+05:30', 'Kumar', '', 300, KUMAR_NOW, 'KUMAR1234Z');
  await gift('2026-08-15T10:00:00+05:30', 'Devi', '', 2500, DEVI_ADDRESS, '345678901235');
  await gift('2026-08-15T10:00:00+05:30', 'Meena Krishnan', 'meena@example.com', 5000, null, 'MEENA1234K');
  for (const [name, certificate] of Object.entries(certificates)) {
    files[name] = await portalCertificatePdf(certificate);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/staff/api/certificates?year=${YEAR}&name=${name}.pdf`,
      headers: { 'content-type': 'application/pdf', cookie: `staff_session=${staff}`, origin: SITE },
      payload: files[name],
    });
    expect(upload.json().outcomes).toEqual([expect.objectContaining({ result: 'stored', matched: true })]);
  }
});
afterAll(() => t.close());

const list = async () =>
  (await callProcedure(t.app, 'staff.certificates.list', 'query', { token: staff, input: { year: YEAR } })).json()
    .result.data;
const download = (url: string, token: string | null = staff) =>
  t.app.inject({ method: 'GET', url, headers: token ? { cookie: `staff_session=${token}` } : {} });
const audited = async (action: string) =>
  (
    await t.db.orm.em
      .fork()
      .execute<{ details: unknown }[]>('select details from staff_audit where action = ?', [action])
  ).map((row) => row.details);

describe('certificates to print', () => {
  it("shows each donor's postal address: their latest receipt's of the year with that ID", async () => {
    const rows = (await list()).certificates as { donorName: string; donorAddress: string | null }[];
    const addressOf = Object.fromEntries(rows.map((row) => [row.donorName, row.donorAddress]));
    expect(addressOf).toEqual({ Kumar: KUMAR_NOW, Devi: DEVI_ADDRESS, 'Meena Krishnan': null });
  });

  it('downloads one certificate as it was uploaded, for signed-in staff only, in the audit trail', async () => {
    const kumar = (await list()).certificates.find((row: { donorName: string }) => row.donorName === 'Kumar');
    const url = `/staff/api/certificates/${kumar.id}.pdf`;
    const response = await download(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.equals(files.kumar as Buffer)).toBe(true);
    expect(await audited('certificate_downloaded')).toEqual([{ certificateId: kumar.id }]);
    expect((await download(url, null)).statusCode).toBe(401);
    expect((await download('/staff/api/certificates/999999.pdf')).statusCode).toBe(404);
    expect((await download('/staff/api/certificates/99999999999.pdf')).statusCode).toBe(404);
  });

  it("merges the year's confirmed certificates without an e-mail address into one PDF to print", async () => {
    const url = `/staff/api/certificates/to-print.pdf?year=${YEAR}`;
    // Nothing is confirmed yet: nothing to print.
    expect((await download(url)).statusCode).toBe(404);
    const ids = (await list()).certificates.map((row: { id: number }) => row.id);
    const sent = await callProcedure(t.app, 'staff.certificates.send', 'mutation', {
      token: staff,
      input: { year: YEAR, ids },
    });
    expect(sent.json().result.data).toEqual({ confirmed: 3, mailed: 1, toPrint: 2 });
    const response = await download(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="certificates-to-print-2026-27.pdf"');
    const merged = await PDFDocument.load(response.rawPayload);
    const pagesOf = async (file: Buffer) => (await PDFDocument.load(file)).getPageCount();
    expect(await pagesOf(files.devi as Buffer)).toBe(2);
    // Devi's two pages and Kumar's one; Meena's went by mail.
    expect(merged.getPageCount()).toBe((await pagesOf(files.devi as Buffer)) + (await pagesOf(files.kumar as Buffer)));
    expect(await audited('certificates_printed')).toEqual([{ year: YEAR, certificates: 2, pages: 3 }]);
    expect((await download('/staff/api/certificates/to-print.pdf?year=2026')).statusCode).toBe(400);
    expect((await download(url, null)).statusCode).toBe(401);
  });
});
