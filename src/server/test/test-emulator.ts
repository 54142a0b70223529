import knex from 'knex';
import Razorpay from 'razorpay';
import {
  type RazorpayEmulator,
  type RazorpayEmulatorOptions,
  startRazorpayEmulator,
} from '../gifts/payments/sandbox/emulator';
import { createEmptyDatabase } from './empty-database';

/** For the sandbox's tests: an emulator on a fresh database, and the official SDK pointed at it. */
export interface TestEmulator {
  emulator: RazorpayEmulator;
  client: Razorpay;
  close(): Promise<void>;
}

export function sdkClient(url: string, keyId: string, keySecret: string): Razorpay {
  const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
  const defaults = (client as unknown as { api: { rq: { defaults: { baseURL: string; adapter: string } } } }).api.rq
    .defaults;
  defaults.baseURL = url;
  // Under jsdom axios would pick XMLHttpRequest (and CORS); the SDK runs on a server, so use Node's http.
  defaults.adapter = 'http';
  return client;
}

/** An empty database of its own, through plain knex, and how to drop it. */
export async function startSandboxDatabase(): Promise<{ database: knex.Knex; drop(): Promise<void> }> {
  const empty = await createEmptyDatabase('sandbox');
  const database = knex({ client: 'pg', connection: empty.url, pool: { min: 0, max: 4 } });
  return {
    database,
    async drop() {
      await database.destroy();
      await empty.drop();
    },
  };
}

/**
 * An emulator on an empty database of its own. Plain knex, not the app's ORM: the checkout test
 * runs under jsdom, where the ORM's settings cannot load.
 */
export async function startTestEmulator(options: Omit<RazorpayEmulatorOptions, 'database'>): Promise<TestEmulator> {
  const { database, drop } = await startSandboxDatabase();
  const emulator = await startRazorpayEmulator({ ...options, database });
  return {
    emulator,
    client: sdkClient(emulator.url, options.keyId, options.keySecret),
    async close() {
      await emulator.close();
      await drop();
    },
  };
}

/** The SDK's error: `{ statusCode, error }`, thrown as a plain object. */
export async function sdkError(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { statusCode: number; error: { code: string; description: string; field?: string } };
  }
  throw new Error('expected the SDK call to fail');
}

/** A monthly plan and a subscription to it, as the gateway creates them. */
export async function monthlySubscription(client: Razorpay, amount = 50000, total_count = 120) {
  const item = { name: 'Monthly donation', amount, currency: 'INR' };
  const plan = await client.plans.create({ period: 'monthly', interval: 1, item });
  const notes = { donation_id: '42' };
  return client.subscriptions.create({ plan_id: plan.id, total_count, customer_notify: 1, notes });
}
