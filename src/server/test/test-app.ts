import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '../../shared/staff.schema';
import { buildApp } from '../app';
import type { RazorpayEmulator } from '../gifts/payments/sandbox/emulator';
import { type Config, loadConfig } from '../platform/core/config';
import { createLogger } from '../platform/core/logger';
import { openDatabase } from '../platform/db/orm';
import { type DevMailbox, startDevMailbox } from '../platform/mail/dev-mailbox';
import { createAccount } from '../platform/staff/staff-accounts';
import { createContextInner } from '../transports/trpc/context';
import { createCaller } from '../transports/trpc/router';
import { type BackgroundJobs, startBackgroundJobs } from '../wiring/background-jobs';
import { buildDependencies, type ServerDependencies } from '../wiring/composition-root';
import { ENTITIES } from '../wiring/entities';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The public origin every test app is served from: https, so the staff cookie is Secure. */
export const SITE = 'https://rescue.example.org';
/** The password `addAccount` gives an account unless told otherwise. */
export const PASSWORD = 'correct horse battery staple';

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
   * mailparser), unless `env` names another. `SMTP_URL: ''` leaves it unset, so the app runs its
   * own in-process mailbox, the one the console's Mailbox page reads.
   */
  mailbox: DevMailbox;
  /** The app's mail worker, sending the outbox while the test runs. */
  jobs: BackgroundJobs;
  /** Every log line the app wrote (at trace level), as JSON text. */
  logs: string[];
  /** The plain lines the app printed beside its log (the first admin's setup link), as stderr would show them. */
  printed: string[];
  addAccount(username: string, role: StaffRole, password?: string): Promise<{ id: number }>;
  /** Signs in through the route; returns the session token from the cookie. */
  signIn(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The built client (`dist/client`, scripts/lib/site-server.ts ensureClientBuilt): the site's pages, rendered with the published content. */
  clientDir?: string;
  /** How often those pages check for newly published content (app.ts). */
  contentCheckIntervalMs?: number;
  /** How long an appeal's page is reused (transports/web/appeal-pages.ts). */
  appealPageMaxAgeMs?: number;
  /** Another instance of the server on that app's database, with a pool of its own; closing it leaves the database. */
  sameDatabaseAs?: TestApp;
}

/** The whole server on its own fresh database, in sandbox mode unless `env` says otherwise. */
export async function createTestApp(env: NodeJS.ProcessEnv = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const mailbox = await startDevMailbox();
  const config = loadConfig({
    NODE_ENV: 'test',
    SITE_URL: SITE,
    RATE_LIMIT_PER_MINUTE: '100000',
    DONATION_EMAIL_LIMIT_PER_HOUR: '100000',
    SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ...env,
  });
  const shared = options.sameDatabaseAs?.db;
  const db: TestDatabase = shared
    ? await openDatabase(shared.url, ENTITIES, { migrate: false }).then((orm) => ({
        url: shared.url,
        orm,
        drop: () => orm.close(),
      }))
    : await createTestDatabase();
  const deps = await buildDependencies(config, db.orm);
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  // The server's own logger (its redaction and serializers), at trace level, into `logs`.
  const logger = createLogger({ env: config.env, logLevel: 'trace' }, stream);
  const { clientDir, contentCheckIntervalMs, appealPageMaxAgeMs } = options;
  const printed: string[] = [];
  const app = await buildApp({
    config,
    deps,
    logger,
    clientDir,
    contentCheckIntervalMs,
    appealPageMaxAgeMs,
    printSetupLink: (line) => printed.push(line),
  });
  // Ready as a started server is (its onReady work, the first admin's setup link, done) before a test's first request.
  await app.ready();
  // The mail worker only (polling fast): reconciliation and retention are called by the tests that need them.
  const jobs = startBackgroundJobs(deps, logger, { jobs: ['mail'], mailPollIntervalMs: 50 });
  return {
    app,
    db,
    config,
    deps,
    emulator: deps.emulator as RazorpayEmulator,
    caller: createCaller(createContextInner(deps)),
    mailbox,
    jobs,
    logs,
    printed,
    addAccount: (username, role, password = PASSWORD) =>
      createAccount(db.orm.em.fork(), { username, displayName: username, role, password }),
    async signIn(username, password = PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/staff/api/sign-in',
        headers: { origin: SITE },
        payload: { username, password },
      });
      const cookie = response.cookies.find((c) => c.name === 'staff_session');
      if (response.statusCode !== 200 || !cookie) throw new Error(`sign-in answered ${response.statusCode}`);
      return cookie.value;
    },
    async close() {
      await app.close();
      await jobs.stop();
      await deps.close();
      await mailbox.close();
      await db.drop();
    },
  };
}

/** Calls a staff procedure over HTTP as the console does: GET for queries, POST for mutations. */
export function callProcedure(
  app: FastifyInstance,
  path: string,
  type: 'query' | 'mutation',
  options: { token?: string; input?: unknown; origin?: string | null } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.cookie = `staff_session=${options.token}`;
  if (options.origin !== null) headers.origin = options.origin ?? SITE;
  const encoded = options.input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(options.input))}`;
  return type === 'query'
    ? app.inject({ method: 'GET', url: `/trpc/${path}${encoded}`, headers })
    : app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload: options.input ?? {} });
}

/** The sandbox's signed webhooks posted into the app, as Razorpay would post them; a refused one throws (so it is retried). */
export function deliverSandboxWebhooks(t: Pick<TestApp, 'app' | 'emulator'>): void {
  t.emulator.deliverWebhooksTo(async (delivery) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: delivery.headers,
      payload: delivery.body,
    });
    if (response.statusCode >= 300) throw new Error(`webhook answered ${response.statusCode}`);
  });
}
