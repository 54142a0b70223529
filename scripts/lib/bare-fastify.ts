// The floor of `npm run bench:api`: a bare Fastify server doing what a create must do at the least,
// on the same PostgreSQL (DATABASE_URL, migrated by the benchmarked server first): the donation's
// INSERT … RETURNING "id", then the UPDATE that gives it an order id, one statement each, on a
// node-postgres pool of the app's size (10). No validation, no limits, no provider, no batching.
// What this machine and this database give any create right now.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
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
  const { rows } = await pool.query<{ id: number }>(INSERT, [
    name,
    email,
    phone,
    amount,
    donationType,
    purpose ?? null,
  ]);
  const id = rows[0]?.id;
  const orderId = `order_floor${id}`;
  await pool.query(UPDATE, [id, orderId]);
  return { donation: { id, name, email, phone, amount, donationType, purpose }, order: { id: orderId } };
});
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`bare fastify floor on ${address}`);
