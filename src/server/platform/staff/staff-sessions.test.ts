import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, createTestApp, PASSWORD, SITE, type TestApp } from '../../test/test-app';
import { ACCOUNT_LOCK_AFTER, ADDRESS_LOCK_AFTER } from './throttle';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('anita', 'admin');
  adminToken = await t.signIn('anita');
});
afterAll(() => t.close());

const sql = (text: string, params: unknown[] = []) => t.db.orm.em.execute(text, params);
const me = (token: string) => callProcedure(t.app, 'staff.me', 'query', { token });
const signInAs = (username: string, password: string, ip = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/staff/api/sign-in',
    headers: { origin: SITE },
    payload: { username, password },
    remoteAddress: ip,
  });

describe('a session', () => {
  it('ends after 12 hours without a call', async () => {
    await t.addAccount('idle', 'staff');
    const token = await t.signIn('idle');
    expect((await me(token)).statusCode).toBe(200);
    await sql(
      `update staff_sessions set last_seen_at = now() - interval '12 hours 1 minute' where user_id = (select id from users where username = 'idle')`,
    );
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends 7 days after signing in, however busy', async () => {
    await t.addAccount('busy', 'staff');
    const token = await t.signIn('busy');
    await sql(
      `update staff_sessions set created_at = now() - interval '7 days 1 minute' where user_id = (select id from users where username = 'busy')`,
    );
    expect((await me(token)).statusCode).toBe(401);
  });

  it('keeps going while used within 12 hours', async () => {
    await t.addAccount('steady', 'staff');
    const token = await t.signIn('steady');
    await sql(
      `update staff_sessions set last_seen_at = now() - interval '11 hours' where user_id = (select id from users where username = 'steady')`,
    );
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('ends at sign-out: the same cookie, replayed, is refused', async () => {
    await t.addAccount('leaving', 'staff');
    const token = await t.signIn('leaving');
    const out = await t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-out',
      headers: { origin: SITE, cookie: `staff_session=${token}` },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/staff_session=;/);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends everywhere at once when an admin disables the account', async () => {
    const { id } = await t.addAccount('gone', 'staff');
    const phone = await t.signIn('gone');
    const laptop = await t.signIn('gone');
    const response = await callProcedure(t.app, 'staff.accounts.setDisabled', 'mutation', {
      token: adminToken,
      input: { id, disabled: true },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    // A disabled account cannot sign in again, and is told nothing more than a wrong password would be.
    const again = await signInAs('gone', PASSWORD);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Wrong username or password');
  });

  it('ends when an admin resets the password', async () => {
    const { id } = await t.addAccount('reset', 'staff');
    const token = await t.signIn('reset');
    const newPassword = 'a brand new passphrase';
    await callProcedure(t.app, 'staff.accounts.resetPassword', 'mutation', {
      token: adminToken,
      input: { id, password: newPassword },
    });
    expect((await me(token)).statusCode).toBe(401);
    expect(await t.signIn('reset', newPassword)).toBeTruthy();
  });
});

describe('guessing passwords', () => {
  it(`locks an account after ${ACCOUNT_LOCK_AFTER} failures, even for the right password, and records each try`, async () => {
    await t.addAccount('target', 'staff');
    for (let attempt = 0; attempt < ACCOUNT_LOCK_AFTER; attempt++) {
      expect((await signInAs('target', `guess number ${attempt}`, '10.0.0.7')).statusCode).toBe(401);
    }
    const locked = await signInAs('target', PASSWORD, '10.0.0.8');
    expect(locked.statusCode).toBe(429);
    const audit = await sql(`select action, ip from staff_audit where username = 'target' order by id`);
    expect(audit.map((row) => row.action)).toEqual([
      ...Array(ACCOUNT_LOCK_AFTER).fill('sign_in_failed'),
      'sign_in_locked',
    ]);
    expect(audit[0]?.ip).toBe('10.0.0.7');
  });

  it(`locks an address after ${ADDRESS_LOCK_AFTER} failures across names`, async () => {
    await t.addAccount('innocent', 'staff');
    for (let n = 0; n < ADDRESS_LOCK_AFTER; n++) {
      await sql(`insert into staff_sign_in_failures (username, ip) values (?, '10.9.9.9')`, [`name${n}`]);
    }
    expect((await signInAs('innocent', PASSWORD, '10.9.9.9')).statusCode).toBe(429);
    expect((await signInAs('innocent', PASSWORD, '10.9.9.10')).statusCode).toBe(200);
  });

  it('forgets an account’s failures after a success', async () => {
    await t.addAccount('typo', 'staff');
    await signInAs('typo', 'fat fingers here', '10.1.1.1');
    await t.signIn('typo');
    const [row] = await sql(`select count(*)::int as n from staff_sign_in_failures where username = 'typo'`);
    expect(row?.n).toBe(0);
  });
});

describe('the logs', () => {
  it('never hold a password, a session token or its hash', async () => {
    await t.addAccount('logged', 'staff');
    await signInAs('logged', 'a wrong password guess');
    const token = await t.signIn('logged');
    await me(token);
    const search = 'Searched Donor Name';
    const filters = encodeURIComponent(JSON.stringify({ search }));
    const csv = await t.app.inject({
      method: 'GET',
      url: `/staff/api/donations.csv?filters=${filters}`,
      headers: { cookie: `staff_session=${token}` },
    });
    expect(csv.statusCode).toBe(200);
    // Queries go as POST (method override), so the search stays out of the logged URL.
    const listed = await t.app.inject({
      method: 'POST',
      url: '/trpc/staff.donations.list',
      headers: { origin: SITE, cookie: `staff_session=${token}` },
      payload: { filter: { search } },
    });
    expect(listed.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-out',
      headers: { origin: SITE, cookie: `staff_session=${token}` },
    });
    const [hash] = await sql('select token_hash from staff_sessions limit 1');
    const everything = t.logs.join('\n');
    expect(t.logs.length).toBeGreaterThan(5);
    expect(everything).toContain('staff sign-in failed');
    for (const secret of [
      PASSWORD,
      'a wrong password guess',
      token,
      adminToken,
      String(hash?.token_hash),
      'Searched',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});
