import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, createTestApp, PASSWORD, SITE, type TestApp } from '../../test/test-app';
import { appRouter } from '../../transports/trpc/router';

let t: TestApp;
let adminToken: string;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('anita', 'admin');
  await t.addAccount('ravi', 'staff');
  adminToken = await t.signIn('anita');
  staffToken = await t.signIn('ravi');
});
afterAll(() => t.close());

/** Every `staff.*` procedure, read from the router itself so a new one cannot be forgotten. */
const staffProcedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
)
  .filter(([path]) => path.startsWith('staff.'))
  .map(([path, procedure]) => ({ path, type: procedure._def.type as 'query' | 'mutation' }));
const ADMIN_ONLY = [
  'staff.accounts.list',
  'staff.accounts.add',
  'staff.accounts.setDisabled',
  'staff.accounts.resetPassword',
  'staff.audit.list',
  'staff.trust.get',
  'staff.trust.update',
];

describe('every staff procedure', () => {
  it('is found in the router', () => {
    expect(staffProcedures.length).toBeGreaterThanOrEqual(11);
    expect(staffProcedures.map((p) => p.path)).toEqual(expect.arrayContaining(ADMIN_ONLY));
  });

  it.each(staffProcedures)('$path answers 401 without a session, and with a made-up token', async ({ path, type }) => {
    expect((await callProcedure(t.app, path, type)).statusCode).toBe(401);
    expect((await callProcedure(t.app, path, type, { token: 'A'.repeat(43) })).statusCode).toBe(401);
  });

  it.each(staffProcedures.filter((p) => ADMIN_ONLY.includes(p.path)))(
    '$path answers 403 to the role staff',
    async ({ path, type }) => {
      const response = await callProcedure(t.app, path, type, { token: staffToken, input: {} });
      expect(response.statusCode).toBe(403);
    },
  );

  it.each(staffProcedures.filter((p) => p.type === 'mutation'))(
    '$path answers 403 to a signed-in call from another origin',
    async ({ path, type }) => {
      const forged = await callProcedure(t.app, path, type, { token: adminToken, origin: 'https://evil.example' });
      expect(forged.statusCode).toBe(403);
      const none = await callProcedure(t.app, path, type, { token: adminToken, origin: null });
      expect(none.statusCode).toBe(403);
    },
  );

  it('lets a state change through from the site itself: its Origin, or Sec-Fetch-Site same-origin', async () => {
    const input = { currentPassword: 'not my password', newPassword: 'whatever long enough' };
    const byOrigin = await callProcedure(t.app, 'staff.accounts.changeOwnPassword', 'mutation', {
      token: staffToken,
      input,
    });
    expect(byOrigin.statusCode).toBe(400); // past the gate; refused for the wrong current password
    const byFetchMetadata = await t.app.inject({
      method: 'POST',
      url: '/trpc/staff.accounts.changeOwnPassword',
      headers: { cookie: `staff_session=${staffToken}`, 'sec-fetch-site': 'same-origin' },
      payload: input,
    });
    expect(byFetchMetadata.statusCode).toBe(400);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/trpc/staff.accounts.changeOwnPassword',
      headers: {
        cookie: `staff_session=${staffToken}`,
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
      },
      payload: input,
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('lets a signed-in call through', async () => {
    const response = await callProcedure(t.app, 'staff.me', 'query', { token: staffToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toMatchObject({ username: 'ravi', role: 'staff' });
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Strict, Path=/ and Secure on an https site, and holds 32 random bytes', async () => {
    await t.addAccount('meena', 'staff');
    const response = await t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-in',
      headers: { origin: SITE },
      payload: { username: 'meena', password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^staff_session=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/');
    expect(header).toContain('Secure');
  });

  it('is stored only as its SHA-256', async () => {
    const token = await t.signIn('meena');
    const rows = await t.db.orm.em.execute<{ token_hash: string }[]>('select token_hash from staff_sessions');
    expect(rows.some((row) => row.token_hash.includes(token))).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });
});

describe('sign-in', () => {
  it('answers the same message for an unknown name and a wrong password', async () => {
    const post = (username: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/staff/api/sign-in',
        headers: { origin: SITE },
        payload: { username, password },
      });
    const unknown = await post('nobody', PASSWORD);
    const wrong = await post('ravi', 'not the password at all');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a sign-in from another origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-in',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'ravi', password: PASSWORD },
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers 400 with the field for a malformed body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-in',
      headers: { origin: SITE },
      payload: { username: 'ravi' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('password');
  });
});
