import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, SITE, type TestApp } from '../../test/test-app';
import { ACCOUNT_LOCK_AFTER, ADDRESS_LOCK_AFTER } from './throttle';

/** Guesses sent at once, the lockout's limits, and the account's own people during an attack. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function signIn(username: string, password: string, ip: string, deviceCookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/staff/api/sign-in',
    headers: { origin: SITE, ...(deviceCookie ? { cookie: `staff_device=${deviceCookie}` } : {}) },
    payload: { username, password },
    remoteAddress: ip,
  });
}
const failures = async (username: string) =>
  Number(
    (
      await t.db.orm.em.execute<{ n: string }[]>(
        `select count(*) as n from staff_audit where action = 'sign_in_failed' and username = ?`,
        [username],
      )
    )[0]?.n,
  );

describe('the sign-in lockout', () => {
  it(`checks at most ${ACCOUNT_LOCK_AFTER} of 30 guesses at one account sent at once`, async () => {
    await t.addAccount('raced', 'admin');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => signIn('raced', `guess ${n} is wrong`, '192.0.2.10')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(ACCOUNT_LOCK_AFTER);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30 - ACCOUNT_LOCK_AFTER);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(await failures('raced')).toBeLessThanOrEqual(ACCOUNT_LOCK_AFTER);
  });

  it(`checks at most ${ADDRESS_LOCK_AFTER} guesses from one address across 30 names at once`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => signIn(`name${n}`, 'a wrong password', '192.0.2.20')),
    );
    const checked = answers.filter((answer) => answer.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(ADDRESS_LOCK_AFTER);
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBe(30 - checked);
  });

  it('lets the admin in from their usual device while an attacker has the account locked; a new device waits', async () => {
    await t.addAccount('victim', 'admin');
    const first = await signIn('victim', PASSWORD, '198.51.100.1');
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((cookie) => cookie.name === 'staff_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/staff', secure: true });
    // The attacker, elsewhere, spends the account's guesses.
    for (let n = 0; n < ACCOUNT_LOCK_AFTER + 3; n++) await signIn('victim', `attack ${n}`, '203.0.113.66');
    expect((await signIn('victim', 'attack again', '203.0.113.66')).statusCode).toBe(429);
    // The right password from a device that never signed in to the account: refused while locked.
    expect((await signIn('victim', PASSWORD, '198.51.100.2')).statusCode).toBe(429);
    // From the admin's own device: in.
    const own = await signIn('victim', PASSWORD, '198.51.100.1', device?.value);
    expect(own.statusCode).toBe(200);
    expect(own.cookies.find((cookie) => cookie.name === 'staff_device')?.value).toBe(device?.value);
  });

  it('limits a known device to its own guesses: five wrong, and it too waits', async () => {
    await t.addAccount('careless', 'staff');
    const device = (await signIn('careless', PASSWORD, '198.51.100.9')).cookies.find(
      (cookie) => cookie.name === 'staff_device',
    )?.value;
    for (let n = 0; n < ACCOUNT_LOCK_AFTER; n++) {
      expect((await signIn('careless', `typo ${n}`, '198.51.100.9', device)).statusCode).toBe(401);
    }
    expect((await signIn('careless', PASSWORD, '198.51.100.9', device)).statusCode).toBe(429);
    // Another account's device cookie is no key to this one.
    const stranger = (await signIn('victim', PASSWORD, '198.51.100.1')).cookies.find((c) => c.name === 'staff_device');
    expect((await signIn('careless', PASSWORD, '198.51.100.10', stranger?.value)).statusCode).toBe(429);
  });
});
