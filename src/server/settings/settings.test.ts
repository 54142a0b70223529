import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsInput } from '../../shared/settings.schema';
import { freePort } from '../net/free-port';
import { orderPaymentSignature } from '../payments/signatures';
import { donationBody } from '../test/donation-fixtures';
import { callProcedure, createTestApp, type TestApp } from '../test/test-app';
import { paymentEntity, postWebhook, razorpayEvent } from '../test/webhook-fixtures';
import { checkRazorpay } from './razorpay-check';

// Long enough that their last four may be shown; each one unmistakable in any text.
const KEY_SECRET = 'KeySecretNeverShown0001wxyz';
const WEBHOOK_SECRET = 'WebhookSecretNeverShown0002';
const SMTP_PASSWORD = 'SmtpPasswordNeverShown0003';
const SECRETS = [KEY_SECRET, WEBHOOK_SECRET, SMTP_PASSWORD];
const KEY_ID = 'rzp_test_Console0000001';

let t: TestApp;
let admin: string;
let staff: string;

const empty: SettingsInput = {
  razorpayKeyId: '',
  smtpHost: '',
  smtpPort: null,
  smtpUser: '',
  mailFromAddress: '',
  mailFromName: '',
};

beforeAll(async () => {
  // SMTP_URL unset, so the console's mail server is the one in force.
  t = await createTestApp({ SMTP_URL: '' });
  await t.addAccount('anita', 'admin');
  await t.addAccount('ravi', 'staff');
  admin = await t.signIn('anita');
  staff = await t.signIn('ravi');
});
afterAll(() => t.close());

const call = (path: string, type: 'query' | 'mutation', input?: unknown, token = admin) =>
  callProcedure(t.app, `staff.settings.${path}`, type, { token, input });
const data = async (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data;
};
const version = async () =>
  (await t.db.orm.em.fork().execute<{ version: number }[]>('select version from console_settings'))[0]?.version ?? 0;

describe('settings: who may', () => {
  it('answers 403 to a staff member who is not an admin, and 401 without a session', async () => {
    expect((await call('get', 'query', undefined, staff)).statusCode).toBe(403);
    expect((await call('save', 'mutation', empty, staff)).statusCode).toBe(403);
    expect((await callProcedure(t.app, 'staff.settings.get', 'query')).statusCode).toBe(401);
  });
});

describe('settings: bad input', () => {
  it('names the field and the reason, and saves nothing (no half-saved setting)', async () => {
    const before = await version();
    const badPort = await call('save', 'mutation', { ...empty, smtpHost: 'smtp.example.org', smtpPort: 70000 });
    expect(badPort.statusCode).toBe(400);
    expect(badPort.json().error.data.issues).toEqual([{ path: 'smtpPort', message: 'Must be between 1 and 65535' }]);

    const badKey = await call('save', 'mutation', { ...empty, razorpayKeyId: 'key_123' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().error.data.issues[0].path).toBe('razorpayKeyId');

    // Each field valid, the whole not: a key id without its secret.
    const alone = await call('save', 'mutation', { ...empty, razorpayKeyId: KEY_ID, smtpHost: 'smtp.example.org' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().error.data.issues).toEqual([
      { path: 'razorpayKeySecret', message: expect.stringMatching(/^Paste the Key Secret/) },
    ]);
    expect(await version()).toBe(before);
    expect((await data(await call('get', 'query'))).fields.smtpHost.source).toBe('default');
  });

  it('refuses a live key while the server runs the sandbox: its checkout must never take one', async () => {
    const live = await call('save', 'mutation', {
      ...empty,
      razorpayKeyId: 'rzp_live_Console0000001',
      razorpayKeySecret: KEY_SECRET,
    });
    expect(live.statusCode).toBe(400);
    expect(live.json().error.data.issues).toEqual([
      { path: 'razorpayKeyId', message: expect.stringMatching(/runs the sandbox.*live key/) },
    ]);
    expect(t.deps.razorpay.keyId).not.toMatch(/^rzp_live_/);
  });
});

describe('settings: Razorpay keys applied without a restart', () => {
  it('a donation created after saving uses the new key id, and its payment verifies with the new secret', async () => {
    const saved = await data(
      await call('save', 'mutation', {
        ...empty,
        razorpayKeyId: KEY_ID,
        razorpayKeySecret: KEY_SECRET,
        razorpayWebhookSecret: WEBHOOK_SECRET,
      }),
    );
    expect(saved.changed).toEqual(['razorpayKeyId', 'razorpayKeySecret', 'razorpayWebhookSecret']);
    expect(saved.settings.fields.razorpayKeyId).toMatchObject({ value: KEY_ID, source: 'console' });
    expect(saved.settings.fields.razorpayKeySecret).toMatchObject({ set: true, lastFour: 'wxyz', source: 'console' });
    expect(saved.settings.keyMode).toBe('test');

    // The sandbox accepts the new pair only (the SDK's calls are made with it), and signs with it.
    const created = await t.caller.donation.create(donationBody());
    expect(created.razorpayKeyId).toBe(KEY_ID);
    if (!('order' in created)) throw new Error('a one-time gift has an order');
    const paid = await t.emulator.completePayment({ orderId: created.order.id });
    expect(paid.razorpay_signature).toBe(orderPaymentSignature(created.order.id, paid.razorpay_payment_id, KEY_SECRET));
    const verified = await t.caller.payment.verify({ ...paid, donation_id: created.donation.id });
    expect(verified).toMatchObject({ success: true, donation: { status: 'paid' } });
  });

  it('another instance on the same database takes the saved keys at its next refresh', async () => {
    // The same DATA_ENCRYPTION_KEY, as every instance of one site has.
    const other = await createTestApp(
      { SMTP_URL: '', DATA_ENCRYPTION_KEY: t.config.dataEncryptionKey },
      { sameDatabaseAs: t },
    );
    try {
      expect(other.deps.razorpay.keyId).toBe(KEY_ID);
      await data(
        await call('save', 'mutation', {
          ...empty,
          razorpayKeyId: 'rzp_test_Console0000002',
          razorpayKeySecret: `${KEY_SECRET}2`,
        }),
      );
      expect(other.deps.razorpay.keyId).toBe(KEY_ID);
      await other.deps.settings.refresh();
      expect(other.deps.razorpay).toMatchObject({ keyId: 'rzp_test_Console0000002', keySecret: `${KEY_SECRET}2` });
    } finally {
      await other.close();
      // Back to the first pair for the tests below.
      await data(await call('save', 'mutation', { ...empty, razorpayKeyId: KEY_ID, razorpayKeySecret: KEY_SECRET }));
    }
  });
});

describe('settings: check the keys', () => {
  it('says the saved keys are accepted, in test mode', async () => {
    expect(await data(await call('checkRazorpay', 'mutation', {}))).toMatchObject({ ok: true, mode: 'test' });
  });

  it('says a wrong secret is refused, and saves nothing by checking', async () => {
    const refused = await data(
      await call('checkRazorpay', 'mutation', { keyId: KEY_ID, keySecret: 'wrong-secret-123' }),
    );
    expect(refused).toMatchObject({
      ok: false,
      problem: 'refused',
      message: expect.stringMatching(/refused the keys/),
    });
    expect(t.deps.razorpay.keySecret).toBe(KEY_SECRET);
  });

  it('says Razorpay could not be reached when nothing answers', async () => {
    const closed = await freePort();
    const result = await checkRazorpay(
      {
        environment: { ...t.deps.settings.environment, apiUrl: `http://127.0.0.1:${closed}` },
        effective: t.deps.settings.effective,
      },
      {},
    );
    expect(result).toMatchObject({ ok: false, problem: 'unreachable' });
  });
});

describe('settings: webhooks', () => {
  it('gives the URL and the events to tick, and shows each delivery verified or with its signature failed', async () => {
    const page = await data(await call('get', 'query'));
    expect(page.webhook.url).toBe('https://rescue.example.org/api/webhooks/razorpay');
    expect(page.webhook.events).toEqual(
      expect.arrayContaining(['payment.captured', 'refund.processed', 'subscription.charged']),
    );

    const payment = paymentEntity({ amount: 50000, orderId: 'order_NoSuch0001', status: 'failed' });
    const event = razorpayEvent('payment.failed', { payment });
    expect((await postWebhook(t.app, WEBHOOK_SECRET, event)).statusCode).toBe(200);
    expect((await postWebhook(t.app, 'the-old-secret', event)).statusCode).toBe(400);

    const deliveries = await data(await call('webhookDeliveries', 'query'));
    expect(deliveries.slice(0, 2)).toEqual([
      { receivedAt: expect.any(String), eventType: 'payment.failed', verified: false },
      { receivedAt: expect.any(String), eventType: 'payment.failed', verified: true },
    ]);
  });

  it('keeps only the last deliveries, however many come', async () => {
    const event = razorpayEvent('payment.failed', {});
    for (let index = 0; index < 60; index += 1) await postWebhook(t.app, 'forged', event);
    const [row] = await t.db.orm.em.fork().execute<{ count: string }[]>('select count(*) from webhook_deliveries');
    expect(Number(row?.count)).toBe(50);
  });
});

describe('settings: test mail', () => {
  it('sends through the saved SMTP server and reports its answer', async () => {
    await data(
      await call('save', 'mutation', {
        ...empty,
        razorpayKeyId: KEY_ID,
        smtpHost: '127.0.0.1',
        smtpPort: t.mailbox.port,
        mailFromAddress: 'receipts@rescue.example.org',
        mailFromName: 'Rescue Trust',
      }),
    );
    const before = t.mailbox.messages.length;
    const sent = await data(await call('sendTestMail', 'mutation', { to: 'anita@rescue.example.org' }));
    expect(sent).toMatchObject({ ok: true, response: expect.stringMatching(/^250/) });
    const mail = t.mailbox.messages[before];
    expect(mail).toMatchObject({ to: 'anita@rescue.example.org', subject: 'Test mail from the console' });
    expect(mail?.from).toBe('"Rescue Trust" <receipts@rescue.example.org>');
  });

  it('reports a refused login with the server’s own words', async () => {
    const refusing = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (_auth, _session, callback) => callback(new Error('Username and Password not accepted')),
    });
    const port = await freePort();
    await new Promise<void>((resolve) => refusing.listen(port, '127.0.0.1', resolve));
    try {
      await data(
        await call('save', 'mutation', {
          ...empty,
          razorpayKeyId: KEY_ID,
          smtpHost: '127.0.0.1',
          smtpPort: port,
          smtpUser: 'anita@rescue.example.org',
          smtpPassword: SMTP_PASSWORD,
        }),
      );
      const sent = await data(await call('sendTestMail', 'mutation', { to: 'anita@rescue.example.org' }));
      expect(sent).toEqual({
        ok: false,
        problem: 'The mail server refused the user name or password.',
        response: expect.stringMatching(/535.*Username and Password not accepted/),
      });
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});

describe('settings: secrets never shown back', () => {
  it('in no procedure’s answer, no audit entry and no log line', async () => {
    await data(
      await call('save', 'mutation', {
        ...empty,
        razorpayKeyId: KEY_ID,
        razorpayWebhookSecret: WEBHOOK_SECRET,
        smtpHost: '127.0.0.1',
        smtpPort: t.mailbox.port,
        smtpUser: 'anita',
        smtpPassword: SMTP_PASSWORD,
      }),
    );
    const answers = [
      await call('get', 'query'),
      await call('save', 'mutation', {
        ...empty,
        razorpayKeyId: KEY_ID,
        smtpHost: '127.0.0.1',
        smtpPort: t.mailbox.port,
      }),
      await call('checkRazorpay', 'mutation', {}),
      await call('checkRazorpay', 'mutation', { keyId: KEY_ID, keySecret: 'wrong-secret-123' }),
      await call('sendTestMail', 'mutation', { to: 'anita@rescue.example.org' }),
      await call('webhookDeliveries', 'query'),
    ].map((response) => response.body);
    const audit = await t.db.orm.em
      .fork()
      .execute<{ action: string; details: unknown }[]>(
        `select action, details from staff_audit where action like 'settings%' order by id`,
      );
    expect(audit.filter((row) => row.action === 'settings_changed').length).toBeGreaterThan(3);
    expect(audit[0]?.details).toMatchObject({ changed: expect.arrayContaining(['razorpayKeySecret']) });
    const stored = await t.db.orm.em.fork().execute('select * from console_settings');
    for (const secret of SECRETS) {
      for (const answer of answers) expect(answer).not.toContain(secret);
      expect(JSON.stringify(audit)).not.toContain(secret);
      expect(t.logs.join('\n')).not.toContain(secret);
      // At rest, encrypted.
      expect(JSON.stringify(stored)).not.toContain(secret);
    }
  });
});

describe('settings: the environment wins', () => {
  it('over the console, field by field, and the page says which variable', async () => {
    const envKeys = {
      PAYMENT_PROVIDER: 'sandbox',
      RAZORPAY_KEY_ID: 'rzp_test_FromEnvironment1',
      RAZORPAY_KEY_SECRET: 'secret-from-the-environment',
    };
    const withEnv = await createTestApp(envKeys);
    try {
      await withEnv.addAccount('meena', 'admin');
      const token = await withEnv.signIn('meena');
      const saved = await callProcedure(withEnv.app, 'staff.settings.save', 'mutation', {
        token,
        input: { ...empty, razorpayKeyId: KEY_ID, razorpayKeySecret: KEY_SECRET, smtpHost: 'smtp.example.org' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const { fields } = saved.json().result.data.settings;
      expect(fields.razorpayKeyId).toMatchObject({
        value: 'rzp_test_FromEnvironment1',
        source: 'environment',
        variable: 'RAZORPAY_KEY_ID',
      });
      expect(fields.razorpayKeySecret).toMatchObject({ source: 'environment', variable: 'RAZORPAY_KEY_SECRET' });
      expect(fields.smtpHost).toMatchObject({ source: 'environment', variable: 'SMTP_URL' });
      // The console's webhook secret applies: the environment sets none.
      expect(fields.razorpayWebhookSecret.source).toBe('default');
      const created = await withEnv.caller.donation.create(donationBody());
      expect(created.razorpayKeyId).toBe('rzp_test_FromEnvironment1');
    } finally {
      await withEnv.close();
    }
  });
});

describe('settings: production without keys in the environment', () => {
  it('takes no donation and trusts no webhook until an admin saves the keys, then uses them at once', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect(production.deps.razorpay).toMatchObject({ provider: 'razorpay', keyId: '', keySecret: '' });
      await expect(production.caller.donation.create(donationBody())).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
      // Signed with the empty secret anyone could use: refused, and shown as failed.
      const event = razorpayEvent('payment.failed', { payment: paymentEntity({ amount: 50000, status: 'failed' }) });
      expect((await postWebhook(production.app, '', event)).statusCode).toBe(400);

      await production.addAccount('meena', 'admin');
      const token = await production.signIn('meena');
      const saved = await callProcedure(production.app, 'staff.settings.save', 'mutation', {
        token,
        input: {
          ...empty,
          razorpayKeyId: 'rzp_live_Production0001',
          razorpayKeySecret: KEY_SECRET,
          razorpayWebhookSecret: WEBHOOK_SECRET,
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().result.data.settings).toMatchObject({ mode: 'razorpay', keyMode: 'live' });
      expect(production.deps.razorpay).toMatchObject({ keyId: 'rzp_live_Production0001', keySecret: KEY_SECRET });
      expect((await postWebhook(production.app, WEBHOOK_SECRET, event)).statusCode).toBe(200);
      const deliveries = await callProcedure(production.app, 'staff.settings.webhookDeliveries', 'query', { token });
      expect(deliveries.json().result.data.map((row: { verified: boolean }) => row.verified)).toEqual([true, false]);
    } finally {
      await production.close();
    }
  });
});
