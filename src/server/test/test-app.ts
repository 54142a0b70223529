import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type DevMailbox, startDevMailbox } from '../mail/dev-mailbox';
import type { RazorpayEmulator } from '../payments/sandbox/emulator';
import { createContextInner } from '../trpc/context';
import { createCaller } from '../trpc/router';
import { buildDependencies, type ServerDependencies } from '../wiring/composition-root';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  /** What the composition root built for this app: the gateway, the Razorpay settings, … */
  deps: ServerDependencies;
  /** The sandbox's Razorpay; tests that start the app in razorpay mode must not touch it. */
  emulator: RazorpayEmulator;
  /** The typed procedures, as a developer calls them. */
  caller: ReturnType<typeof createCaller>;
  /**
   * The SMTP server SMTP_URL points at (a real smtp-server in the test; each message read back with
   * mailparser), unless `env` names another. The app's mail worker sends to it while the app runs.
   */
  mailbox: DevMailbox;
  close(): Promise<void>;
}

/** The whole server on its own fresh database, in sandbox mode unless `env` says otherwise. */
export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const mailbox = await startDevMailbox();
  const config = loadConfig({
    NODE_ENV: 'test',
    RATE_LIMIT_PER_MINUTE: '100000',
    DONATION_EMAIL_LIMIT_PER_HOUR: '100000',
    SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ...env,
  });
  const db = await createTestDatabase();
  const deps = await buildDependencies(config, db.orm, undefined, { mailPollIntervalMs: 50 });
  const app = await buildApp({ config, deps });
  return {
    app,
    db,
    config,
    deps,
    emulator: deps.emulator as RazorpayEmulator,
    caller: createCaller(createContextInner(deps)),
    mailbox,
    async close() {
      await app.close();
      await deps.close();
      await mailbox.close();
      await db.drop();
    },
  };
}
