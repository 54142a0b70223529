import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { StaffRole } from '../../shared/staff.schema';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { buildDependencies, type ServerDependencies } from '../wiring/composition-root';
import { createAccount } from './staff-accounts';

export const SITE = 'https://rescue.example.org';
export const PASSWORD = 'correct horse battery staple';

export interface StaffTestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  /** The server's parts, the sandbox standing in for Razorpay among them. */
  deps: ServerDependencies;
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
  const deps = await buildDependencies(config, db.orm);
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({ config, deps, logger: pino({ level: 'trace' }, stream) });
  return {
    app,
    db,
    config,
    deps,
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
      await deps.close();
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
