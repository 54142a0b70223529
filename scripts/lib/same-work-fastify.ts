// The same-work floor of `npm run bench:api`: a bare Fastify server doing the work a create does in
// sandbox mode, and nothing more, on the same PostgreSQL (DATABASE_URL, migrated by the benchmarked
// server first): the donation's INSERT … RETURNING "id"; the provider's order, asked over HTTP of
// the sandbox's Razorpay emulator started in this process as the real server starts it (its own
// row in `razorpay_sandbox`, its latency SANDBOX_LATENCY_MS); then the UPDATE that gives the row its
// order id. One pool of the app's size (10) for the server's statements and the sandbox's, as the
// app shares its own; a kept-alive HTTP agent as the app's (gifts/payments/keep-alive.ts). No
// validation, no limits, no SDK, no tRPC, no batching of the server's own statements: what any
// create doing this work can reach on this machine right now (scripts/lib/bare-fastify.ts leaves
// the provider out).
import http from 'node:http';
import { knex } from '@mikro-orm/knex';
import Fastify from 'fastify';
import { providerAgents } from '../../src/server/gifts/payments/keep-alive';
import { startRazorpayEmulator } from '../../src/server/gifts/payments/sandbox/emulator';
import { pooledQuery } from '../../src/server/platform/db/pooled-query';

const KEY_ID = 'rzp_test_floor';
const KEY_SECRET = 'floor-secret';

const database = knex({
  client: 'pg',
  connection: process.env.DATABASE_URL,
  pool: { min: 0, max: 10 },
});
const emulator = await startRazorpayEmulator({
  keyId: KEY_ID,
  keySecret: KEY_SECRET,
  database,
  latencyMs: Number(process.env.SANDBOX_LATENCY_MS ?? 0),
});
const { httpAgent } = providerAgents();
const authorization = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;

/** POST /v1/orders to the emulator with what the app sends (its receipt and notes), as the SDK does; the order's id. */
function createOrder(amount: number, donationId: number, purpose: string): Promise<string> {
  const notes = { donation_id: String(donationId), purpose };
  const payload = JSON.stringify({ amount, currency: 'INR', receipt: `donation_${donationId}`, notes });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${emulator.url}/v1/orders`,
      {
        method: 'POST',
        agent: httpAgent,
        headers: {
          authorization,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`the sandbox answered ${response.statusCode}: ${text}`));
          else resolve((JSON.parse(text) as { id: string }).id);
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const INSERT = `insert into "donations" ("name", "email", "phone", "amount", "donation_type", "purpose", "status", "language")
  values ($1, $2, $3, $4, $5, $6, 'pending', 'en') returning "id"`;
const UPDATE = `update "donations" set "razorpay_order_id" = $2
  where "id" = $1 and "status" = 'pending' and "razorpay_order_id" is null`;

interface Body {
  name: string;
  email: string;
  phone: string;
  amount: number;
  donationType: string;
  purpose?: string;
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
app.post('/api/donations', async (request) => {
  const { name, email, phone, amount, donationType, purpose } = request.body as Body;
  const { rows } = await pooledQuery<{ id: number }>(database, INSERT, [
    name,
    email,
    phone,
    amount,
    donationType,
    purpose ?? null,
  ]);
  const id = rows[0]?.id as number;
  const orderId = await createOrder(amount, id, purpose ?? 'general');
  await pooledQuery(database, UPDATE, [id, orderId]);
  return { donation: { id, name, email, phone, amount, donationType, purpose }, order: { id: orderId } };
});
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`same-work fastify floor on ${address}`);
