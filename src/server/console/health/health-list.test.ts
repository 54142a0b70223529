import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthItem, HealthItemId } from '../../../shared/health';
import { siteContent } from '../../../shared/site-content';
import { updateTrustDetails } from '../../gifts/receipts/trust-details';
import { recordWebhookDelivery } from '../../gifts/webhooks/webhook-deliveries';
import { donationBody } from '../../test/donation-fixtures';
import { callProcedure, createTestApp, SITE, type TestApp } from '../../test/test-app';
import { approvalEnds, diskVerdict } from './health-checks';
import type { HealthCheckContext } from './health-context';
import { healthList } from './health-list';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const run = (sql: string, params: unknown[] = []) => t.db.orm.em.fork().execute(sql, params);

async function item(id: HealthItemId, overrides: Partial<HealthCheckContext> = {}): Promise<HealthItem> {
  const items = await healthList({
    em: t.db.orm.em.fork(),
    environment: t.deps.health,
    settings: t.deps.settings,
    ...overrides,
  });
  const found = items.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
}

/** The settings in force, as a server in razorpay mode with these keys would have them. */
function razorpayMode(keyId: string): HealthCheckContext['settings'] {
  const { environment, effective } = t.deps.settings;
  return {
    environment: { ...environment, provider: 'razorpay' },
    effective: { ...effective, razorpay: { ...effective.razorpay, keyId } },
  };
}

describe('staff.health.list', () => {
  it('answers any staff member with every item, each with its state, sentence and fix; 401 without a session', async () => {
    await t.addAccount('reader', 'staff');
    const token = await t.signIn('reader');
    const response = await callProcedure(t.app, 'staff.health.list', 'query', { token });
    expect(response.statusCode).toBe(200);
    const items = response.json().result.data as HealthItem[];
    expect(items.map((listed) => listed.id)).toEqual([
      'razorpay-keys',
      'webhooks',
      'mail',
      'trust-details',
      'policy-pages',
      'https',
      'backups',
      'offsite',
      'disk',
      'encryption-key',
      'admins',
      'alert-recipients',
    ]);
    for (const listed of items) {
      expect(['green', 'amber', 'red', 'grey']).toContain(listed.state);
      expect(listed.message.length).toBeGreaterThan(10);
    }
    expect((await callProcedure(t.app, 'staff.health.list', 'query')).statusCode).toBe(401);
  });
});

describe('each item', () => {
  it('Razorpay keys: amber in the sandbox, red for live keys unchecked or refused, green once checked, amber for test keys', async () => {
    expect(await item('razorpay-keys')).toMatchObject({
      state: 'amber',
      message: expect.stringMatching(/test payments only/),
    });
    expect((await item('razorpay-keys', { settings: razorpayMode('rzp_test_abc') })).state).toBe('amber');
    expect((await item('razorpay-keys', { settings: razorpayMode('') })).state).toBe('red');
    const live = razorpayMode('rzp_live_1234567890');
    expect(await item('razorpay-keys', { settings: live })).toMatchObject({ state: 'red', fix: 'settings' });
    await run(
      `insert into console_settings (id, razorpay_checked_key_id, razorpay_check_ok, razorpay_checked_at)
       values (1, 'rzp_live_1234567890', false, now())`,
    );
    expect(await item('razorpay-keys', { settings: live })).toMatchObject({
      state: 'red',
      message: expect.stringMatching(/refused/),
    });
    await run('update console_settings set razorpay_check_ok = true');
    expect((await item('razorpay-keys', { settings: live })).state).toBe('green');
    // A check of other (newer) keys says nothing about these.
    expect((await item('razorpay-keys', { settings: razorpayMode('rzp_live_other000000') })).state).toBe('red');
  });

  it('the console’s Check records its outcome for the keys in force, not for keys only typed', async () => {
    await t.addAccount('checker', 'admin');
    const token = await t.signIn('checker');
    const { keyId } = t.deps.settings.effective.razorpay;
    const checked = await callProcedure(t.app, 'staff.settings.checkRazorpay', 'mutation', { token, input: {} });
    expect(checked.json().result.data.ok).toBe(true);
    const [row] = await run('select razorpay_checked_key_id as key, razorpay_check_ok as ok from console_settings');
    expect(row).toEqual({ key: keyId, ok: true });
    await callProcedure(t.app, 'staff.settings.checkRazorpay', 'mutation', {
      token,
      input: { keyId: 'rzp_test_typedonly00000', keySecret: 'not-the-secret-in-force' },
    });
    const [after] = await run('select razorpay_checked_key_id as key, razorpay_check_ok as ok from console_settings');
    expect(after).toEqual({ key: keyId, ok: true });
  });

  it("webhooks: green without payments, red when paid donations had no verified delivery, red on a failed signature for the trust's own payment", async () => {
    expect((await item('webhooks')).state).toBe('green');
    const created = await t.caller.donation.create(donationBody());
    await run(`update donations set status = 'paid' where id = ?`, [created.donation.id]);
    // Paid a moment ago: its webhook may be on its way.
    expect((await item('webhooks')).state).toBe('green');
    await run(`update donations set created_at = now() - interval '31 minutes' where id = ?`, [created.donation.id]);
    expect(await item('webhooks')).toMatchObject({
      state: 'red',
      message: expect.stringMatching(/no verified webhook/),
    });
    await recordWebhookDelivery(t.db.orm.em.fork(), { eventType: 'payment.captured', verified: true });
    expect((await item('webhooks')).state).toBe('green');
    await recordWebhookDelivery(t.db.orm.em.fork(), { eventType: 'payment.captured', verified: false });
    expect(await item('webhooks')).toMatchObject({
      state: 'green',
      message: expect.stringMatching(/1 request from elsewhere/),
    });
    await recordWebhookDelivery(t.db.orm.em.fork(), {
      eventType: 'payment.captured',
      verified: false,
      namesOwnPayment: true,
    });
    expect(await item('webhooks')).toMatchObject({
      state: 'red',
      message: expect.stringMatching(/the webhook secret differs from Razorpay's dashboard/),
    });
    // A week later neither counts.
    expect((await item('webhooks', { now: new Date(Date.now() + 8 * 24 * 3600_000) })).state).toBe('green');
    await run('delete from webhook_deliveries');
  });

  it('mail: green when delivered, amber when waiting over an hour, red when one failed in the last day', async () => {
    const insert = (status: string, createdAgo: string, key: string) =>
      run(
        `insert into mail_outbox (message_id, kind, recipient, subject, text_body, html_body, status, created_at,
           sent_at, next_attempt_at)
         values (?, 'test', 'x@example.com', 's', 't', 'h', ?, now() - ?::interval,
           case when ? = 'sent' then now() - ?::interval end, now() + interval '1 day')`,
        [key, status, createdAgo, status, createdAgo],
      );
    await insert('sent', '2 hours', 'health-sent');
    expect(await item('mail')).toMatchObject({ state: 'green', message: expect.stringMatching(/delivered/) });
    await insert('queued', '2 hours', 'health-waiting');
    expect((await item('mail')).state).toBe('amber');
    await insert('failed', '3 hours', 'health-failed');
    expect(await item('mail')).toMatchObject({ state: 'red', fix: 'settings' });
    await run(`delete from mail_outbox where message_id like 'health-%'`);
  });

  it('trust details: red with the placeholders, green once an admin fills them, amber once the approval has ended', async () => {
    expect(await item('trust-details')).toMatchObject({ state: 'red', fix: 'trust' });
    await updateTrustDetails(t.db.orm.em.fork(), {
      ...siteContent.legal,
      address: '12 Kamarajar Salai, Chennai 600004',
      pan: 'AAATR1234Q',
      registration80g: 'AAATR1234QF20231',
      validity: 'AY 2024-25 to AY 2028-29',
    });
    expect((await item('trust-details', { now: new Date('2028-03-31T18:29:00Z') })).state).toBe('green');
    expect(await item('trust-details', { now: new Date('2028-03-31T18:30:00Z') })).toMatchObject({
      state: 'amber',
      message: expect.stringMatching(/AY 2024-25 to AY 2028-29\) has ended/),
    });
    expect(approvalEnds('A.Y. 2022-23 to A.Y. 2026-27')).toEqual(new Date('2026-03-31T18:30:00Z'));
    expect(approvalEnds('until further notice')).toBeNull();
  });

  it('policy pages: red until the newest published version carries the policy texts', async () => {
    expect(await item('policy-pages')).toMatchObject({ state: 'red', fix: 'siteContent' });
    const publish = (content: object, at: string) =>
      run(
        `insert into site_content_versions (content, status, author, published_at, published_by)
         values (?::jsonb, 'published', 'admin', ?::timestamptz, 'admin')`,
        [JSON.stringify(content), at],
      );
    await publish({ policies: { privacy: 'We keep…', terms: 'Terms…', refunds: 'Refunds…' } }, '2026-11-01T00:00:00Z');
    expect((await item('policy-pages')).state).toBe('green');
    await publish({ trust: { tagline: 'without policies' } }, '2026-11-02T00:00:00Z');
    expect((await item('policy-pages')).state).toBe('red');
    await run('delete from site_content_versions');
  });

  it('https: green on https, red on http', async () => {
    expect((await item('https')).state).toBe('green');
    const http = { ...t.deps.health, siteUrl: 'http://rescue.example.org' };
    expect(await item('https', { environment: http })).toMatchObject({
      state: 'red',
      message: expect.stringMatching(/SITE_URL/),
    });
  });

  it('backups: red without one or 26 hours old, green when fresh; the copies off the machine are their own item', async () => {
    expect(await item('backups')).toMatchObject({ state: 'red', fix: 'backups' });
    await run(
      `insert into backups (taken_at, kind, file, size_bytes, sha256) values (now() - interval '1 hour', 'nightly', 'f', 10, 'x')`,
    );
    expect((await item('backups')).state).toBe('green');
    expect((await item('offsite')).state).toBe('grey');
    await run(
      `insert into offsite_backup_settings (id, endpoint, region, bucket, access_key_id, secret_access_key, secret_last4,
         public_key, key_salt, updated_by, last_copied_at)
       values (1, 'https://s3.example.org', 'auto', 'b', 'k', 's', '1234', 'p', 'salt', 'admin', now() - interval '1 hour')`,
    );
    expect((await item('offsite')).state).toBe('green');
    expect((await item('backups', { now: new Date(Date.now() + 26 * 3600_000) })).state).toBe('red');
  });

  it('disk: green with room, red at 10 % free or less', async () => {
    expect((await item('disk')).state).toBe('green');
    expect(diskVerdict(0.08).state).toBe('red');
    expect(diskVerdict(0.1).state).toBe('red');
    expect(diskVerdict(0.11).state).toBe('green');
  });

  it('encryption key: green from the environment, red when the development key is generated', async () => {
    expect(t.deps.health.dataEncryptionKeyFromEnvironment).toBe(true);
    expect((await item('encryption-key')).state).toBe('green');
    const generated = { ...t.deps.health, dataEncryptionKeyFromEnvironment: false };
    expect((await item('encryption-key', { environment: generated })).state).toBe('red');
  });

  it('admins: red under two enabled admins, green with two; alerts: amber until an admin has an e-mail address', async () => {
    await run(`delete from staff_sessions`);
    await run(`delete from users where role = 'admin'`);
    expect(await item('admins')).toMatchObject({ state: 'red', fix: 'accounts' });
    const first = await t.addAccount('first-admin', 'admin');
    expect((await item('admins')).state).toBe('red');
    const second = await t.addAccount('second-admin', 'admin');
    expect((await item('admins')).state).toBe('green');
    await run('update users set disabled = true where id = ?', [second.id]);
    expect((await item('admins')).state).toBe('red');
    await run('update users set disabled = false where id = ?', [second.id]);

    expect(await item('alert-recipients')).toMatchObject({
      state: 'amber',
      message: expect.stringMatching(/no admin has an e-mail address for alerts/i),
    });
    const token = await t.signIn('first-admin');
    const refused = await callProcedure(t.app, 'staff.accounts.setEmail', 'mutation', {
      token,
      input: { id: second.id, email: 'not an address' },
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toMatch(/email.*Must be an e-mail address/s);
    const saved = await callProcedure(t.app, 'staff.accounts.setEmail', 'mutation', {
      token,
      input: { id: second.id, email: ' Second@Example.org ' },
    });
    expect(saved.json().result.data.email).toBe('second@example.org');
    expect((await item('alert-recipients')).state).toBe('green');

    // Each person sets their own; empty clears it.
    const own = await callProcedure(t.app, 'staff.accounts.setOwnEmail', 'mutation', {
      token,
      input: { email: 'first@example.org' },
    });
    expect(own.statusCode).toBe(200);
    const [row] = await run('select email from users where id = ?', [first.id]);
    expect(row).toEqual({ email: 'first@example.org' });
    await callProcedure(t.app, 'staff.accounts.setOwnEmail', 'mutation', { token, input: { email: '' } });
    const [cleared] = await run('select email from users where id = ?', [first.id]);
    expect(cleared).toEqual({ email: null });
  });
});

it('the site URL the tests run with is https', () => {
  expect(SITE.startsWith('https://')).toBe(true);
});
