import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, createTestApp, SITE, type TestApp } from '../../test/test-app';
import { appRouter } from '../../transports/trpc/router';

/**
 * Who may do what (docs/operations.md, "Staff console"): each admin-only procedure and route refuses the role
 * `staff` (403) and does its work for an admin; every other staff procedure is open to both.
 */
let t: TestApp;
let admin: string;
let staff: string;
/** An account the admin-only account procedures act on (resetting one's password ends its sessions). */
let targetId: number;

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.orm.em.execute<T[]>(text, params);
const data = async (response: { json(): { result: { data: unknown } } }) => response.json().result.data;

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('anita', 'admin');
  await t.addAccount('ravi', 'staff');
  targetId = (await t.addAccount('mala', 'staff')).id;
  admin = await t.signIn('anita');
  staff = await t.signIn('ravi');
});
afterAll(() => t.close());

interface AdminOnly {
  path: string;
  type: 'query' | 'mutation';
  /** A valid input, made fresh for each call (each call as admin must succeed). */
  input?: () => Promise<unknown>;
}

const erasureRequest = async () => {
  const [row] = await sql<{ id: number }>(
    `insert into erasure_requests (email) values ('nobody@example.com') returning id`,
  );
  return { id: row?.id };
};
const unmatchedCertificate = async () => {
  const [row] = await sql<{ id: number }>(
    `insert into donor_certificates (financial_year, file_sha256, file_name, pdf, match_note, uploaded_by)
     values ('2026-27', md5(random()::text), 'x.pdf', '\\x25504446'::bytea, 'no match', 'anita') returning id`,
  );
  return { id: row?.id, email: 'zed@example.com', donorName: 'Zed' };
};
const siteContentDraft = async () => {
  const state = (await data(await callProcedure(t.app, 'staff.siteContent.get', 'query', { token: staff }))) as {
    content: unknown;
  };
  const draft = await callProcedure(t.app, 'staff.siteContent.saveDraft', 'mutation', {
    token: staff,
    input: state.content,
  });
  return { id: ((await data(draft)) as { id: number }).id };
};
const trustDetails = async () => data(await callProcedure(t.app, 'staff.trust.get', 'query', { token: admin }));

const ADMIN_ONLY: AdminOnly[] = [
  { path: 'staff.accounts.list', type: 'query' },
  {
    path: 'staff.accounts.add',
    type: 'mutation',
    input: async () => ({ username: `new${Date.now()}`, role: 'staff', password: 'a long enough password' }),
  },
  { path: 'staff.accounts.setDisabled', type: 'mutation', input: async () => ({ id: targetId, disabled: false }) },
  {
    path: 'staff.accounts.resetPassword',
    type: 'mutation',
    input: async () => ({ id: targetId, password: 'correct horse battery staple' }),
  },
  { path: 'staff.audit.list', type: 'query', input: async () => ({}) },
  { path: 'staff.trust.get', type: 'query' },
  { path: 'staff.trust.update', type: 'mutation', input: trustDetails },
  {
    path: 'staff.statement.setPurpose',
    type: 'mutation',
    input: async () => ({ purpose: 'Shelter', donationType: 'corpus' }),
  },
  { path: 'staff.siteContent.publish', type: 'mutation', input: siteContentDraft },
  { path: 'staff.erasure.complete', type: 'mutation', input: erasureRequest },
  { path: 'staff.erasure.preview', type: 'query', input: erasureRequest },
  { path: 'staff.certificates.assign', type: 'mutation', input: unmatchedCertificate },
  {
    path: 'staff.accounts.setEmail',
    type: 'mutation',
    input: async () => ({ id: targetId, email: 'mala@example.org' }),
  },
  { path: 'staff.settings.get', type: 'query' },
  { path: 'staff.settings.webhookDeliveries', type: 'query' },
  { path: 'staff.backups.list', type: 'query' },
  { path: 'staff.backups.offsite.get', type: 'query' },
  { path: 'staff.thanks.setThreshold', type: 'mutation', input: async () => ({ threshold: 1_000_000 }) },
  { path: 'staff.applications.setKeepMonths', type: 'mutation', input: async () => ({ months: 12 }) },
];

/**
 * Admin-only too, each done for an admin in its own tests (a real backup, a bucket, an SMTP server,
 * Razorpay's check or a statement with a shared PAN): here only the refusal is checked.
 */
const ADMIN_ONLY_TESTED_ELSEWHERE: AdminOnly[] = [
  { path: 'staff.statement.resolveReview', type: 'mutation' },
  { path: 'staff.settings.save', type: 'mutation' },
  { path: 'staff.settings.checkRazorpay', type: 'mutation' },
  { path: 'staff.settings.sendTestMail', type: 'mutation' },
  { path: 'staff.backups.backUpNow', type: 'mutation' },
  { path: 'staff.backups.offsite.test', type: 'mutation' },
  { path: 'staff.backups.offsite.save', type: 'mutation' },
];

/** Every `staff.*` procedure, read from the router itself so a new one cannot be forgotten. */
const staffProcedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
)
  .filter(([path]) => path.startsWith('staff.'))
  .map(([path, procedure]) => ({ path, type: procedure._def.type as 'query' | 'mutation' }));

describe('who may do what', () => {
  it.each(ADMIN_ONLY)(
    '$path is refused to the role staff (403) and done for an admin',
    async ({ path, type, input }) => {
      const refused = await callProcedure(t.app, path, type, { token: staff, input: await input?.() });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.data.code).toBe('FORBIDDEN');
      const done = await callProcedure(t.app, path, type, { token: admin, input: await input?.() });
      expect(done.statusCode, done.body).toBe(200);
    },
  );

  it.each(ADMIN_ONLY_TESTED_ELSEWHERE)('$path is refused to the role staff (403)', async ({ path, type }) => {
    const refused = await callProcedure(t.app, path, type, { token: staff, input: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.data.code).toBe('FORBIDDEN');
  });

  // Donor records are every staff member's work: a merge changes no gift or receipt, is audited and undone exactly.
  it.each([
    { path: 'staff.donors.list', type: 'query' as const, input: {} },
    { path: 'staff.donors.get', type: 'query' as const, input: { id: 1 } },
    { path: 'staff.donors.mergePreview', type: 'query' as const, input: { intoId: 1, fromId: 2 } },
    { path: 'staff.donors.merge', type: 'mutation' as const, input: { intoId: 1, fromId: 2 } },
    { path: 'staff.donors.undoMerge', type: 'mutation' as const, input: { mergeId: 1 } },
    { path: 'staff.donors.dismissProposal', type: 'mutation' as const, input: { donorId: 1, otherDonorId: 2 } },
  ])('$path is open to the role staff', async ({ path, type, input }) => {
    const response = await callProcedure(t.app, path, type, { token: staff, input });
    // No such donor or merge in this database: past the role check, a 404 at most.
    expect([200, 404], response.body).toContain(response.statusCode);
  });

  it('refuses the role staff nothing else: only the listed procedures are admin-only', async () => {
    const refusedToStaff: string[] = [];
    for (const { path, type } of staffProcedures) {
      // An empty input: the role is checked before the input, so only a role refusal answers 403.
      const response = await callProcedure(t.app, path, type, { token: staff, input: {} });
      if (response.statusCode === 403) refusedToStaff.push(path);
    }
    expect(refusedToStaff.sort()).toEqual(
      [...ADMIN_ONLY, ...ADMIN_ONLY_TESTED_ELSEWHERE].map((procedure) => procedure.path).sort(),
    );
  });

  it('records the address an admin assigns a certificate to, in the audit entry', async () => {
    const input = await unmatchedCertificate();
    expect(
      (await callProcedure(t.app, 'staff.certificates.assign', 'mutation', { token: admin, input })).statusCode,
    ).toBe(200);
    const [entry] = await sql<{ username: string; details: unknown }>(
      `select username, details from staff_audit where action = 'certificate_assigned' order by id desc limit 1`,
    );
    expect(entry).toEqual({ username: 'anita', details: { certificateId: input.id, email: 'zed@example.com' } });
  });

  it("lets only an admin download Part B (donors' full ID numbers); the other files are open to staff", async () => {
    const get = (url: string, token: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: `staff_session=${token}`, origin: SITE } });
    const partB = '/staff/api/statement.csv?year=2026-27';
    expect((await get(partB, staff)).statusCode).toBe(403);
    expect((await get(partB, admin)).statusCode).toBe(200);
    expect((await get('/staff/api/statement-unreportable.csv?year=2026-27', staff)).statusCode).toBe(200);
  });
});
