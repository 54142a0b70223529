import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { StaffRole } from '../../shared/staff.schema';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Payments, startPayments } from '../payments/payments';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { createAccount } from './staff-accounts';
import type { SubscriptionCanceller } from './subscriptions';

export const SITE = 'https://rescue.example.org';
export const PASSWORD = 'correct horse battery staple';

/** A canceller that does what Razorpay does for the books: remembers, or refuses when told to. */
export class RecordingCanceller implements SubscriptionCanceller {
  cancelled: string[] = [];
  refuse = false;
  async cancelSubscription(id: string): Promise<void> {
    if (this.refuse) throw new Error('Razorpay is down');
    this.cancelled.push(id);
  }
}

export interface StaffTestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  payments: Payments;
  canceller: RecordingCanceller;
  /** Every log line the app wrote, as JSON text. */
  logs: string[];
  addAccount(username: string, role: StaffRole, password?: string): Promise<{ id: number }>;
  /** Signs in through the route; returns the session token from the cookie. */
  signIn(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** The whole server on a fresh database, as served from an https SITE_URL, logging at trace level. */
export async function createStaffTestApp(): Promise<StaffTestApp> {
  const config = loadConfig({ NODE_ENV: 'test', RATE_LIMIT_PER_MINUTE: '100000', SITE_URL: SITE });
  const db = await createTestDatabase();
  const payments = await startPayments(config, db.orm);
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const canceller = new RecordingCanceller();
  const app = await buildApp({
    config,
    orm: db.orm,
    payments,
    logger: pino({ level: 'trace' }, stream),
    subscriptions: canceller,
  });
  return {
    app,
    db,
    config,
    payments,
    canceller,
    logs,
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
      await payments.close();
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
