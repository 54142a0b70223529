// `npm run bench:staff`: seeds 200,000 donations (and monthly donors with their charges) into a
// fresh embedded PostgreSQL, then prints the median time of the staff console's common queries
// over BENCH_RUNS runs (default 5): the first page, a filter, searches, a story, the overview,
// the monthly donors and the whole CSV export. BENCH_DONATIONS changes the count.
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { openDatabase } from '../src/server/db/orm';
import { donationsCsv } from '../src/server/staff/csv-export';
import { listDonations } from '../src/server/staff/donation-list';
import { donationStory } from '../src/server/staff/donation-story';
import { getOverview } from '../src/server/staff/overview';
import { listSubscriptions } from '../src/server/staff/subscriptions';
import { ENTITIES } from '../src/server/wiring/entities';
import { donationListInputSchema } from '../src/shared/staff.schema';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 200_000);

const FIRST = [
  'Asha',
  'Ravi',
  'Kavya',
  'Murugan',
  'Lakshmi',
  'Arjun',
  'Devi',
  'Karthik',
  'Meena',
  'Suresh',
  'Priya',
  'Vijay',
  'Anita',
  'Rahul',
  'Divya',
  'Ganesh',
  'Sneha',
  'Ramesh',
  'Nila',
  'Senthil',
];
const LAST = [
  'Raman',
  'Kumar',
  'Iyer',
  'Subramanian',
  'Nair',
  'Reddy',
  'Pillai',
  'Krishnan',
  'Sharma',
  'Menon',
  'Rao',
  'Das',
  'Gupta',
  'Natarajan',
  'Balaji',
  'Chandran',
  'Mohan',
  'Selvam',
  'Joseph',
  'Fernandes',
];
const list = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(', ')}]`;

async function seed(execute: (sql: string) => Promise<unknown>) {
  // Ids and dates spread over three years, newest highest; ~5% monthly, statuses as a real mix.
  await execute(`
    insert into donations (name, email, phone, amount, donation_type, purpose, status, razorpay_order_id,
                           razorpay_payment_id, created_at)
    select n.first || ' ' || n.last,
           lower(n.first) || '.' || lower(n.last) || i || '@example.com',
           '9' || lpad((i * 7919 % 1000000000)::text, 9, '0'),
           (array[50000, 100000, 25000, 200000, 10000, 500000])[1 + i % 6],
           case when i % 20 = 0 then 'monthly' else 'one-time' end,
           (array['general', 'medical', 'rescue', 'food', 'vaccination', null])[1 + i % 6],
           case when i % 50 = 0 then 'failed' when i % 97 = 0 then 'refunded' when i % 31 = 0 then 'expired'
                when i % 211 = 0 then 'pending' else 'paid' end,
           case when i % 20 = 0 then null else 'order_B' || i end,
           case when i % 50 = 0 or i % 31 = 0 or i % 211 = 0 then null else 'pay_B' || i end,
           now() - (interval '3 years') * (1 - i::float / ${DONATIONS})
      from generate_series(1, ${DONATIONS}) i,
           lateral (select (${list(FIRST)})[1 + i % 20] as first, (${list(LAST)})[1 + (i / 20) % 20] as last) n`);
  await execute(`
    insert into subscriptions (donation_id, razorpay_subscription_id, razorpay_plan_id, status, created_at)
    select id, 'sub_B' || id, 'plan_B', case when id % 7 = 0 then 'cancelled' else 'active' end, created_at
      from donations where donation_type = 'monthly' and status = 'paid' and razorpay_order_id is null
       and subscription_id is null and id % 40 = 0`);
  await execute(`
    insert into donations (name, email, phone, amount, donation_type, status, razorpay_payment_id, subscription_id, created_at)
    select d.name, d.email, d.phone, d.amount, 'monthly', 'paid', 'pay_C' || s.id || '_' || m, s.id,
           s.created_at + interval '1 month' * m
      from subscriptions s join donations d on d.id = s.donation_id, generate_series(1, 6) m
     where s.created_at + interval '1 month' * m < now()`);
  await execute('analyze');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function time(label: string, work: () => Promise<unknown>) {
  await work(); // warm-up: plans and caches
  const durations: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    await work();
    durations.push(performance.now() - start);
  }
  console.log(`${label.padEnd(46)} ${median(durations).toFixed(1).padStart(8)} ms`);
}

const dataDir = join(tmpdir(), `bench-staff-postgres-${process.pid}`);
const embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true });
try {
  const orm = await openDatabase(embedded.url, ENTITIES);
  const em = () => orm.em.fork();
  const execute = (sql: string) => orm.em.execute(sql);
  const seeding = performance.now();
  await seed(execute);
  const [counts] = (await execute(
    'select (select count(*) from donations) as donations, (select count(*) from subscriptions) as subscriptions',
  )) as { donations: string; subscriptions: string }[];
  console.log(
    `seeded ${counts?.donations} donations, ${counts?.subscriptions} subscriptions in ${((performance.now() - seeding) / 1000).toFixed(1)} s; median of ${RUNS} runs:`,
  );

  const donations = (input: unknown) => () => listDonations({ em: em(), input: donationListInputSchema.parse(input) });
  await time('donations: first page (50, newest first)', donations({}));
  await time('donations: page 100, sorted by amount', donations({ page: 100, sort: 'amount', direction: 'asc' }));
  await time(
    'donations: filter paid + monthly + a month',
    donations({ filter: { status: ['paid'], type: 'monthly', from: '2025-01-01', to: '2025-01-31' } }),
  );
  await time(
    'donations: filter 1,000-5,000 rupees',
    donations({ filter: { minAmountRupees: 1000, maxAmountRupees: 5000 } }),
  );
  await time('donations: search a name ("subramanian")', donations({ filter: { search: 'subramanian' } }));
  await time('donations: search an e-mail ("kavya.nair1")', donations({ filter: { search: 'kavya.nair1' } }));
  await time('donations: search a phone ("9001234")', donations({ filter: { search: '9001234' } }));
  await time('donations: search a payment id', donations({ filter: { search: 'pay_B12345' } }));
  await time('donations: search a subscription id', donations({ filter: { search: 'sub_B4000' } }));
  await time("a donation's story (monthly, with charges)", () => donationStory({ em: em(), input: { id: 4000 } }));
  await time('overview', () => getOverview({ em: em() }));
  await time('monthly donors: first page', () => listSubscriptions({ em: em(), input: { page: 1, pageSize: 50 } }));
  await time('CSV export of every donation (streamed)', async () => {
    let bytes = 0;
    await pipeline(
      donationsCsv(em(), {}),
      new Writable({
        write(chunk, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
    return bytes;
  });
  await orm.close();
} finally {
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}
