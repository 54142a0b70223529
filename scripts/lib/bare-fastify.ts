// The ceiling of `npm run bench:api`: a bare Fastify server answering a JSON POST with a small
// JSON body, no database and no provider. What this machine gives any Fastify route right now.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/api/donations', async (request) => {
  const { amount } = request.body as { amount?: number };
  return { donation: { id: 1, amount }, razorpayKeyId: 'rzp_test_bench', order: { id: 'order_bench' } };
});
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`bare fastify on ${address}`);
