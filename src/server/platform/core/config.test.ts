import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SANDBOX_KEYS } from './config';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('loadConfig', () => {
  it('runs with no environment at all: embedded database, sandbox payments, local site URL', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      siteUrl: 'http://localhost:3000',
      payments: { provider: 'sandbox', keyId: SANDBOX_KEYS.keyId, keySecret: SANDBOX_KEYS.keySecret },
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://u:p@db.example:5432/rescue',
      SITE_URL: 'https://rescue.example.org/',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://u:p@db.example:5432/rescue',
      siteUrl: 'https://rescue.example.org',
      payments: { provider: 'razorpay', keyId: 'rzp_live_x', keySecret: 'secret', webhookSecret: 'hook' },
    });
  });

  it('keeps the sandbox when asked, using the given test keys', () => {
    const config = loadConfig({ PAYMENT_PROVIDER: 'sandbox', RAZORPAY_KEY_ID: 'rzp_test_a', RAZORPAY_KEY_SECRET: 's' });
    expect(config.payments).toMatchObject({ provider: 'sandbox', keyId: 'rzp_test_a', keySecret: 's' });
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('names each bad value with the reason', () => {
    const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'mysql://localhost/db', NODE_ENV: 'staging' });
    expect(problems).toHaveLength(3);
    expect(problems.find((problem) => problem.startsWith('PORT:'))).toBeDefined();
    expect(problems.find((problem) => problem.startsWith('NODE_ENV:'))).toBeDefined();
    expect(problems).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
  });

  it('runs razorpay mode without keys in the environment, waiting for the console to set them', () => {
    const config = loadConfig({ PAYMENT_PROVIDER: 'razorpay' });
    expect(config.payments).toMatchObject({
      provider: 'razorpay',
      keyId: '',
      keySecret: '',
      webhookSecret: '',
      setInEnvironment: { keyId: false, keySecret: false, webhookSecret: false },
    });
  });

  it('puts every problem in a readable message', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrowError(/Invalid configuration:\n {2}- PORT:/);
  });
});

describe('loadConfig: safety in production and behind proxies', () => {
  it('never falls back to the sandbox in production without keys, and refuses the sandbox there when asked', () => {
    const site = { SITE_URL: 'https://rescue.example.org' };
    // Razorpay mode, its keys awaited from the console's settings.
    expect(loadConfig({ NODE_ENV: 'production', ...site }).payments).toMatchObject({ provider: 'razorpay', keyId: '' });
    // Its checkout pays any order with no money moving, and would take real receipt numbers.
    expect(problemsOf({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', ...site })).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER: the sandbox cannot run with NODE_ENV=production/),
    ]);
    expect(loadConfig({ NODE_ENV: 'development', PAYMENT_PROVIDER: 'sandbox' }).payments.provider).toBe('sandbox');
  });

  it('refuses production without SITE_URL: mails would link to localhost and the staff cookie lose Secure', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' };
    expect(problemsOf({ NODE_ENV: 'production', ...keys })).toEqual([
      'SITE_URL: required in production: the public https origin, e.g. https://rescue.example.org',
    ]);
    expect(loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://rescue.example.org', ...keys }).siteUrl).toBe(
      'https://rescue.example.org',
    );
  });

  it('refuses one Razorpay key without the other', () => {
    expect(problemsOf({ RAZORPAY_KEY_ID: 'rzp_test_x' })).toEqual([
      'RAZORPAY_KEY_SECRET: required when the other Razorpay key is set',
    ]);
  });

  it('trusts no proxy by default, a hop count, or listed addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    expect(typeof hops === 'function' && [hops('10.0.0.1', 0), hops('10.0.0.1', 1)]).toEqual([true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(problemsOf({ TRUST_PROXY: 'everyone' })[0]).toMatch(/^TRUST_PROXY:/);
  });
});

describe('loadConfig: the sandbox', () => {
  it('refuses a live key id in sandbox mode, so sandbox plans are never stored under it', () => {
    expect(
      problemsOf({ PAYMENT_PROVIDER: 'sandbox', RAZORPAY_KEY_ID: 'rzp_live_abc', RAZORPAY_KEY_SECRET: 's' }),
    ).toEqual([
      'RAZORPAY_KEY_ID: a live key (rzp_live_…) cannot be used with the sandbox; use a rzp_test_ key, or PAYMENT_PROVIDER=razorpay',
    ]);
  });

  it('has the development controls only when SANDBOX_DEV_CONTROLS=true, whatever NODE_ENV says', () => {
    expect(loadConfig({}).payments.sandboxDevControls).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).payments.sandboxDevControls).toBe(false);
    expect(loadConfig({ SANDBOX_DEV_CONTROLS: 'true' }).payments.sandboxDevControls).toBe(true);
    const test = { NODE_ENV: 'test', PAYMENT_PROVIDER: 'sandbox', SANDBOX_DEV_CONTROLS: 'true' };
    expect(loadConfig(test).payments.sandboxDevControls).toBe(true);
    expect(problemsOf({ SANDBOX_DEV_CONTROLS: 'yes' })[0]).toMatch(/^SANDBOX_DEV_CONTROLS:/);
  });

  it('uses the published secrets on a private loopback only; reachable from outside, secrets made at start or given', () => {
    for (const HOST of ['127.0.0.1', '::1', 'localhost']) {
      expect(loadConfig({ HOST }).payments).toMatchObject({
        keySecret: SANDBOX_KEYS.keySecret,
        webhookSecret: SANDBOX_KEYS.webhookSecret,
      });
    }
    // Behind a proxy a loopback server is public too.
    for (const env of [{ TRUST_PROXY: '1' }]) {
      const { keySecret, webhookSecret } = loadConfig({ HOST: '127.0.0.1', ...env }).payments;
      expect([keySecret, webhookSecret]).not.toContain(SANDBOX_KEYS.keySecret);
      expect(webhookSecret).not.toBe(SANDBOX_KEYS.webhookSecret);
    }
    const first = loadConfig({ HOST: '0.0.0.0' }).payments;
    const second = loadConfig({ HOST: '0.0.0.0' }).payments;
    for (const secret of [first.keySecret, first.webhookSecret]) {
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(Object.values(SANDBOX_KEYS)).not.toContain(secret);
    }
    expect(second.keySecret).not.toBe(first.keySecret);
    const given = {
      HOST: '0.0.0.0',
      RAZORPAY_KEY_ID: 'rzp_test_x',
      RAZORPAY_KEY_SECRET: 'k',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    };
    expect(loadConfig({ ...given, PAYMENT_PROVIDER: 'sandbox' }).payments).toMatchObject({
      keySecret: 'k',
      webhookSecret: 'w',
    });
  });
});
