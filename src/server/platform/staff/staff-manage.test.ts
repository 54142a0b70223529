import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure, createTestApp, PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let staff: string;
let subscriptionId: number;
let razorpaySubscriptionId: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('anita', 'admin');
  await t.addAccount('ravi', 'staff');
  admin = await t.signIn('anita');
  staff = await t.signIn('ravi');
  // A real monthly gift at the sandbox, so cancelling goes through Razorpay's API as it would live.
  const { subscription: atRazorpay } = await t.deps.plans.subscribe(50000, { totalCount: 12, notes: {} });
  razorpaySubscriptionId = atRazorpay.id;
  const sql = t.db.orm.em;
  const [first] = await sql.execute<{ id: number }[]>(
    `insert into donations (name, email, phone, amount, donation_type, status, created_at)
     values ('Lakshmi', 'l@example.com', '9876543210', 50000, 'monthly', 'paid', '2026-09-05T04:00:00Z') returning id`,
  );
  const [sub] = await sql.execute<{ id: number }[]>(
    `insert into subscriptions (donation_id, razorpay_subscription_id, status) values (?, ?, 'active') returning id`,
    [first?.id, razorpaySubscriptionId],
  );
  subscriptionId = sub?.id as number;
  await sql.execute(
    `insert into donations (name, email, phone, amount, donation_type, status, subscription_id, created_at)
     values ('Lakshmi', 'l@example.com', '9876543210', 50000, 'monthly', 'paid', ?, '2026-10-05T04:00:00Z')`,
    [subscriptionId],
  );
});
afterAll(() => t.close());

const call = (path: string, type: 'query' | 'mutation', token: string, input?: unknown) =>
  callProcedure(t.app, path, type, { token, input });
const data = async (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data;
};

describe('monthly donors', () => {
  it('lists each with charges so far, their total, and the next charge a month after the last', async () => {
    const page = await data(await call('staff.subscriptions.list', 'query', staff, { status: 'active' }));
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      id: subscriptionId,
      status: 'active',
      name: 'Lakshmi',
      amount: 50000,
      charges: 2,
      chargedTotal: 100000,
      lastChargeAt: '2026-10-05T04:00:00.000Z',
      nextChargeAt: '2026-11-05T04:00:00.000Z',
    });
  });

  it('cancels through the gateway, records who did it, and refuses a second time', async () => {
    t.deps.emulator?.failNextRequests(1);
    const refused = await call('staff.subscriptions.cancel', 'mutation', staff, { id: subscriptionId });
    expect(refused.statusCode).toBe(502);

    const cancelled = await data(await call('staff.subscriptions.cancel', 'mutation', staff, { id: subscriptionId }));
    expect(cancelled).toEqual({ id: subscriptionId, status: 'cancelled' });
    expect(await t.deps.gateway.fetchSubscription(razorpaySubscriptionId)).toMatchObject({ status: 'cancelled' });
    const [audit] = await t.db.orm.em.execute(
      `select username, action, details from staff_audit where action = 'subscription_cancelled'`,
    );
    expect(audit).toMatchObject({ username: 'ravi', details: { subscriptionId, razorpaySubscriptionId } });

    const again = await call('staff.subscriptions.cancel', 'mutation', staff, { id: subscriptionId });
    expect(again.statusCode).toBe(409);
    expect((await call('staff.subscriptions.cancel', 'mutation', staff, { id: 999_999 })).statusCode).toBe(404);

    // Razorpay's final states are settlement's: an expired gift is as finished as a cancelled one.
    const [expired] = await t.db.orm.em.execute<{ id: number }[]>(
      `insert into subscriptions (donation_id, razorpay_subscription_id, status) values (null, 'sub_Old', 'expired') returning id`,
    );
    const refusedExpired = await call('staff.subscriptions.cancel', 'mutation', staff, { id: expired?.id });
    expect(refusedExpired.statusCode).toBe(409);
  });
});

describe('staff management', () => {
  it('lets an admin add, list, disable and enable accounts', async () => {
    const added = await data(
      await call('staff.accounts.add', 'mutation', admin, {
        username: 'Meena',
        displayName: 'Meena K',
        role: 'staff',
        password: 'twelve chars ok',
      }),
    );
    expect(added).toMatchObject({ username: 'meena', role: 'staff', disabled: false });
    expect(added).not.toHaveProperty('password');
    const accounts = await data(await call('staff.accounts.list', 'query', admin));
    expect(accounts.map((account: { username: string }) => account.username)).toEqual(['anita', 'meena', 'ravi']);
    expect(accounts.every((account: object) => !('password' in account))).toBe(true);

    expect(
      (await call('staff.accounts.setDisabled', 'mutation', admin, { id: added.id, disabled: true })).statusCode,
    ).toBe(200);
    expect(
      (await call('staff.accounts.setDisabled', 'mutation', admin, { id: added.id, disabled: false })).statusCode,
    ).toBe(200);
    expect(await t.signIn('meena', 'twelve chars ok')).toBeTruthy();
  });

  it('refuses a taken username, a short password, and disabling oneself', async () => {
    const taken = await call('staff.accounts.add', 'mutation', admin, {
      username: 'ravi',
      role: 'staff',
      password: PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    const short = await call('staff.accounts.add', 'mutation', admin, {
      username: 'new',
      role: 'staff',
      password: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.data.issues).toEqual([{ path: 'password', message: 'Must be at least 12 characters' }]);
    const me = await data(await call('staff.me', 'query', admin));
    expect(
      (await call('staff.accounts.setDisabled', 'mutation', admin, { id: me.id, disabled: true })).statusCode,
    ).toBe(409);
  });

  it('lets anyone change their own password, knowing the current one', async () => {
    const wrong = await call('staff.accounts.changeOwnPassword', 'mutation', staff, {
      currentPassword: 'not my password',
      newPassword: 'my new long password',
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await call('staff.accounts.changeOwnPassword', 'mutation', staff, {
      currentPassword: PASSWORD,
      newPassword: 'my new long password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('staff.me', 'query', staff)).statusCode).toBe(200);
    expect(await t.signIn('ravi', 'my new long password')).toBeTruthy();
  });
});

describe('the audit trail', () => {
  it('shows admins who did what, when and from where, newest first', async () => {
    const page = await data(await call('staff.audit.list', 'query', admin, { pageSize: 100 }));
    const actions = page.rows.map((row: { action: string }) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'sign_in',
        'subscription_cancelled',
        'staff_added',
        'staff_disabled',
        'staff_enabled',
        'password_changed',
      ]),
    );
    expect(page.rows[0]).toMatchObject({ ip: '127.0.0.1', at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(page.total).toBe(page.rows.length);
  });
});
