import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SettingsInput } from '../../../shared/settings.schema';
import { orderPaymentSignature } from '../../gifts/payments/signatures';
import { enqueueMail } from '../../platform/mail/outbox';
import { freePort } from '../../platform/net/free-port';
import { donationBody } from '../../test/donation-fixtures';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';
import { paymentEntity, postWebhook, razorpayEvent } from '../../test/webhook-fixtures';
import { checkRazorpay, recordRazorpayCheck } from './razorpay-check';

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

  it('in the sandbox, says keys typed but not saved cannot be checked there, and saves nothing by checking', async () => {
    const typed = await data(
      await call('checkRazorpay', 'mutation', { keyId: 'rzp_test_NotSavedYet0001', keySecret: 'typed-not-saved-123' }),
    );
    expect(typed).toMatchObject({
      ok: false,
      problem: 'unsaved',
      message: expect.stringMatching(/^The sandbox checks only the keys saved here/),
    });
    expect(t.deps.razorpay.keySecret).toBe(KEY_SECRET);
  });

  it('in razorpay mode, checks the keys typed and says a wrong secret is refused', async () => {
    const razorpay = {
      environment: { ...t.deps.settings.environment, provider: 'razorpay' as const },
      effective: t.deps.settings.effective,
    };
    expect(await checkRazorpay(razorpay, { keyId: KEY_ID, keySecret: 'wrong-secret-123' })).toMatchObject({
      ok: false,
      problem: 'refused',
      message: expect.stringMatching(/^Razorpay refused the keys/),
    });
    expect(await checkRazorpay(razorpay, { keyId: KEY_ID, keySecret: KEY_SECRET })).toMatchObject({
      ok: true,
      mode: 'test',
    });
  });

  it('remembers a check of keys typed and accepted until they are saved, so the trustee need not check again', async () => {
    const sql = (text: string) => t.db.orm.em.fork().execute(text);
    const checked = async () =>
      (
        await sql('select razorpay_checked_key_id as key, razorpay_check_ok as ok from console_settings where id = 1')
      )[0];
    await sql('update console_settings set razorpay_checked_key_id = null, razorpay_check_ok = null');
    // Razorpay mode, another secret in force: the pair typed is checked by Razorpay (the emulator).
    const before = {
      environment: { ...t.deps.settings.environment, provider: 'razorpay' as const },
      effective: {
        ...t.deps.settings.effective,
        razorpay: { ...t.deps.settings.effective.razorpay, keySecret: 'the-secret-before-0001' },
      },
    };
    const typed = { keyId: KEY_ID, keySecret: KEY_SECRET };
    const result = await checkRazorpay(before, typed);
    expect(result).toMatchObject({ ok: true });
    await recordRazorpayCheck(t.db.orm.em.fork(), before, typed, result);
    // Not the keys in force: nothing written yet.
    expect(await checked()).toMatchObject({ key: null });
    // Saving other keys does not count the check for them.
    await data(
      await call('save', 'mutation', { ...empty, razorpayKeyId: KEY_ID, razorpayKeySecret: 'another-secret-0001' }),
    );
    expect(await checked()).toMatchObject({ key: null });
    // Saving the very pair checked does.
    await data(await call('save', 'mutation', { ...empty, razorpayKeyId: KEY_ID, razorpayKeySecret: KEY_SECRET }));
    expect(await checked()).toEqual({ key: KEY_ID, ok: true });
    // Once: a later save of the same keys is not a new check.
    await sql('update console_settings set razorpay_checked_key_id = null, razorpay_check_ok = null');
    await data(await call('save', 'mutation', { ...empty, razorpayKeyId: KEY_ID, razorpayKeySecret: KEY_SECRET }));
    expect(await checked()).toMatchObject({ key: null });
  });

  it('never shows the tail of the sandbox’s built-in secrets as if saved', async () => {
    const fresh = await createTestApp({ SMTP_URL: '' });
    try {
      await fresh.addAccount('meena', 'admin');
      const token = await fresh.signIn('meena');
      const page = (await callProcedure(fresh.app, 'staff.settings.get', 'query', { token })).json().result.data;
      for (const field of ['razorpayKeySecret', 'razorpayWebhookSecret'] as const) {
        expect(page.fields[field]).toMatchObject({ source: 'default', lastFour: null });
      }
    } finally {
      await fresh.close();
    }
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
  it('takes a webhook secret made up as a phrase, spaces inside, and signs with it as typed', async () => {
    const phrase = '  seven tigers eat mangoes by the Adyar river  ';
    await data(await call('save', 'mutation', { ...empty, razorpayKeyId: KEY_ID, razorpayWebhookSecret: phrase }));
    expect(t.deps.razorpay.webhookSecret).toBe(phrase.trim());
    const event = razorpayEvent('payment.failed', { payment: paymentEntity({ amount: 50000, status: 'failed' }) });
    expect((await postWebhook(t.app, phrase.trim(), event)).statusCode).toBe(200);
    const lineBreak = await call('save', 'mutation', {
      ...empty,
      razorpayKeyId: KEY_ID,
      razorpayWebhookSecret: 'two\nlines',
    });
    expect(lineBreak.json().error.data.issues).toEqual([
      { path: 'razorpayWebhookSecret', message: expect.stringMatching(/use “Generate” to make one$/) },
    ]);
    expect(lineBreak.body).not.toMatch(/paste it again/);
    await data(
      await call('save', 'mutation', { ...empty, razorpayKeyId: KEY_ID, razorpayWebhookSecret: WEBHOOK_SECRET }),
    );
  });

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

    // Naming a payment the trust recorded as paid: Razorpay itself, signing with another secret.
    const created = await t.caller.donation.create(donationBody());
    await t.db.orm.em
      .fork()
      .execute(`update donations set status = 'paid', razorpay_payment_id = 'pay_SettingsOwn0001' where id = ?`, [
        created.donation.id,
      ]);
    const own = razorpayEvent('payment.captured', {
      payment: paymentEntity({
        amount: created.donation.amount,
        orderId: created.order.id,
        paymentId: 'pay_SettingsOwn0001',
      }),
    });
    expect((await postWebhook(t.app, 'the-old-secret', own)).statusCode).toBe(400);

    const deliveries = await data(await call('webhookDeliveries', 'query'));
    expect(deliveries.slice(0, 3)).toEqual([
      { receivedAt: expect.any(String), eventType: 'payment.captured', verified: false, namesOwnPayment: true },
      { receivedAt: expect.any(String), eventType: 'payment.failed', verified: false, namesOwnPayment: false },
      { receivedAt: expect.any(String), eventType: 'payment.failed', verified: true, namesOwnPayment: false },
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
  // The app's own in-process mailbox (SMTP_URL unset): the one server taken without TLS.
  const inProcess = () => {
    const mailbox = t.deps.mailer.devMailbox;
    if (!mailbox) throw new Error('SMTP_URL unset: the app runs its own mailbox');
    return mailbox;
  };

  it('sends through the saved SMTP server and reports its answer', async () => {
    await data(
      await call('save', 'mutation', {
        ...empty,
        razorpayKeyId: KEY_ID,
        smtpHost: '127.0.0.1',
        smtpPort: inProcess().port,
        mailFromAddress: 'receipts@rescue.example.org',
        mailFromName: 'Rescue Trust',
      }),
    );
    const before = inProcess().messages.length;
    const sent = await data(await call('sendTestMail', 'mutation', { to: 'anita@rescue.example.org' }));
    expect(sent).toMatchObject({ ok: true, response: expect.stringMatching(/^250/) });
    const mail = inProcess().messages[before];
    expect(mail).toMatchObject({ to: 'anita@rescue.example.org', subject: 'Test mail from the console' });
    expect(mail?.from).toBe('"Rescue Trust" <receipts@rescue.example.org>');
  });

  it('sends from a Sender address with no Sender name under the trust’s name as saved in Trust details', async () => {
    const details = await callProcedure(t.app, 'staff.trust.get', 'query', { token: admin });
    await data(
      await callProcedure(t.app, 'staff.trust.update', 'mutation', {
        token: admin,
        input: { ...(await data(details)), name: 'Paws & Whiskers Sanctuary' },
      }),
    );
    await data(
      await call('save', 'mutation', {
        ...empty,
        razorpayKeyId: KEY_ID,
        smtpHost: '127.0.0.1',
        smtpPort: inProcess().port,
        mailFromAddress: 'receipts@rescue.example.org',
      }),
    );
    const before = inProcess().messages.length;
    expect(await data(await call('sendTestMail', 'mutation', { to: 'anita@rescue.example.org' }))).toMatchObject({
      ok: true,
    });
    expect(inProcess().messages[before]?.from).toBe('"Paws & Whiskers Sanctuary" <receipts@rescue.example.org>');
    // The outbox's mails too (the mail worker): the same sender.
    await t.db.orm.em.fork().transactional((em) =>
      enqueueMail(em, {
        eventKey: 'settings-sender-name',
        kind: 'payment-failed',
        to: 'asha.sender@example.com',
        subject: 'Sender name check',
        text: 'Plain text',
        html: '<p>HTML</p>',
      }),
    );
    await vi.waitFor(() => expect(inProcess().messages.some((m) => m.to === 'asha.sender@example.com')).toBe(true), {
      timeout: 20_000,
    });
    expect(inProcess().messages.find((m) => m.to === 'asha.sender@example.com')?.from).toBe(
      '"Paws & Whiskers Sanctuary" <receipts@rescue.example.org>',
    );
  });

  it('requires TLS: a server that offers no STARTTLS never receives the password', async () => {
    // On this machine's own network address, not loopback (where ALLOW_PRIVATE_HOSTS=1 allows a plain relay).
    const host = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === 'IPv4')?.address;
    if (!host) throw new Error('this test needs a network address besides loopback');
    const logins: string[] = [];
    const plain = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (auth, _session, callback) => {
        logins.push(String(auth.password));
        callback(null, { user: auth.username });
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => plain.listen(port, host, resolve));
    try {
      await data(
        await call('save', 'mutation', {
          ...empty,
          razorpayKeyId: KEY_ID,
          smtpHost: host,
          smtpPort: port,
          smtpUser: 'anita@rescue.example.org',
          smtpPassword: SMTP_PASSWORD,
        }),
      );
      const sent = await data(await call('sendTestMail', 'mutation', { to: 'anita@rescue.example.org' }));
      expect(sent).toEqual({
        ok: false,
        problem: expect.stringMatching(
          /^The mail server offers no secure \(TLS\) connection.*the password was not sent/,
        ),
        response: null,
      });
      expect(logins).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });

  it('answers a fixed sentence when what answers is not a mail server, never its words', async () => {
    const ssh = createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n'));
    const port = await freePort();
    await new Promise<void>((resolve) => ssh.listen(port, '127.0.0.1', resolve));
    try {
      await data(
        await call('save', 'mutation', { ...empty, razorpayKeyId: KEY_ID, smtpHost: '127.0.0.1', smtpPort: port }),
      );
      const answer = await call('sendTestMail', 'mutation', { to: 'anita@rescue.example.org' });
      expect(await data(answer)).toEqual({
        ok: false,
        problem: 'What answered at that host and port is not a mail server (SMTP): check the host and port.',
        response: null,
      });
      expect(answer.body).not.toMatch(/SSH|OpenSSH/);
    } finally {
      await new Promise<void>((resolve) => ssh.close(() => resolve()));
    }
  });

  it('refuses a loopback or private server, and a name resolving to one, unless ALLOW_PRIVATE_HOSTS=1', async () => {
    vi.stubEnv('ALLOW_PRIVATE_HOSTS', '');
    const received: number[] = [];
    const listener = createServer((socket) => {
      received.push(1);
      socket.end();
    });
    const port = await freePort();
    await new Promise<void>((resolve) => listener.listen(port, '127.0.0.1', resolve));
    try {
      for (const host of ['127.0.0.1', 'localhost', '169.254.169.254', '10.1.2.3']) {
        await data(await call('save', 'mutation', { ...empty, razorpayKeyId: KEY_ID, smtpHost: host, smtpPort: port }));
        const sent = await data(await call('sendTestMail', 'mutation', { to: 'anita@rescue.example.org' }));
        expect(sent, host).toEqual({
          ok: false,
          problem: expect.stringMatching(new RegExp(`^${host.replaceAll('.', '\\.')} is not on the public internet`)),
          response: null,
        });
      }
      expect(received).toEqual([]);
      // The in-process mailbox is excepted: it never leaves the machine.
      await data(
        await call('save', 'mutation', {
          ...empty,
          razorpayKeyId: KEY_ID,
          smtpHost: '127.0.0.1',
          smtpPort: inProcess().port,
        }),
      );
      expect(await data(await call('sendTestMail', 'mutation', { to: 'anita@rescue.example.org' }))).toMatchObject({
        ok: true,
      });
    } finally {
      vi.unstubAllEnvs();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});

describe('settings: the Outbox’s development mailbox', () => {
  it('says mail goes there only while no SMTP server is set in Settings', async () => {
    const list = async () =>
      (await callProcedure(t.app, 'staff.mailbox.list', 'query', { token: admin })).json().result.data;
    await data(await call('save', 'mutation', { ...empty, razorpayKeyId: KEY_ID }));
    expect(await list()).toMatchObject({ available: true, inUse: true });
    await data(await call('save', 'mutation', { ...empty, razorpayKeyId: KEY_ID, smtpHost: 'smtp.example.org' }));
    expect(await list()).toMatchObject({ available: true, inUse: false });
  });
});

describe('settings: a saved secret never follows a changed server', () => {
  const withPassword = {
    ...empty,
    razorpayKeyId: KEY_ID,
    smtpHost: 'smtp.example.org',
    smtpPort: 587,
    smtpUser: 'anita@rescue.example.org',
    smtpPassword: SMTP_PASSWORD,
  };
  const savedPassword = () => t.deps.settings.stored.smtpPassword;

  it('asks for the password again when the host, port or user changes with the password left empty', async () => {
    for (const change of [
      { smtpHost: 'smtp.elsewhere.example' },
      { smtpPort: 2525 },
      { smtpUser: 'someone@elsewhere.example' },
    ]) {
      await data(await call('save', 'mutation', withPassword));
      const before = await version();
      const moved = await call('save', 'mutation', { ...withPassword, smtpPassword: undefined, ...change });
      expect(moved.statusCode, JSON.stringify(change)).toBe(400);
      expect(moved.json().error.data.issues).toEqual([
        { path: 'smtpPassword', message: expect.stringMatching(/changed: type its password again/) },
      ]);
      expect(await version()).toBe(before);
      // The old server keeps its password; the new one was never given it.
      expect(t.deps.settings.effective.smtp).toMatchObject({ host: 'smtp.example.org', password: SMTP_PASSWORD });
    }
    // The same server, password left empty: kept. A new one typed with the new host: saved.
    await data(
      await call('save', 'mutation', {
        ...withPassword,
        smtpPassword: undefined,
        mailFromAddress: 'receipts@rescue.example.org',
      }),
    );
    expect(savedPassword()).toBe(SMTP_PASSWORD);
    await data(
      await call('save', 'mutation', {
        ...withPassword,
        smtpHost: 'smtp.elsewhere.example',
        smtpPassword: 'AnotherPassword0004',
      }),
    );
    expect(savedPassword()).toBe('AnotherPassword0004');
  });

  it('removes the mail server when its host is emptied: never "type its password again", the password dropped', async () => {
    await data(await call('save', 'mutation', withPassword));
    // The user name still filled: the fields left are named, not the password of a server being removed.
    const userLeft = await call('save', 'mutation', { ...withPassword, smtpHost: '', smtpPassword: undefined });
    expect(userLeft.statusCode).toBe(400);
    expect(userLeft.json().error.data.issues).toEqual([
      { path: 'smtpHost', message: expect.stringMatching(/to remove the mail server, clear its other fields/) },
    ]);
    const removed = await call('save', 'mutation', {
      ...withPassword,
      smtpHost: '',
      smtpPort: null,
      smtpUser: '',
      smtpPassword: undefined,
    });
    expect((await data(removed)).changed).toEqual(['smtpHost', 'smtpPort', 'smtpUser', 'smtpPassword']);
    expect(savedPassword()).toBeNull();
    expect(t.deps.settings.effective.smtp).toBeNull();
  });

  it('drops the saved password when the user name is cleared (no login, no password kept)', async () => {
    await data(await call('save', 'mutation', withPassword));
    await data(await call('save', 'mutation', { ...withPassword, smtpUser: '', smtpPassword: undefined }));
    expect(savedPassword()).toBeNull();
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
