// `npm run bench:staff`: the staff console on an old trust. Seeds 1,000,000 donations over ten
// financial years into a fresh embedded PostgreSQL (online gifts with their Razorpay webhooks and
// monthly donors' charges; cheques, drafts, bank transfers, cash and gifts in kind recorded by
// staff; a receipt for every gift received; Razorpay's daily settlements), all in SQL
// (generate_series, indexes built after the rows), then prints the median time of the console's
// queries over BENCH_RUNS runs (default 7), each beside its goal with a pass/fail mark: the first
// page, each filter, name / e-mail / phone / reference / id searches, a donation's story, the
// overview, the monthly donors, the receipt register, the Razorpay settlements and the full CSV
// export (rows a second, and the process's peak RSS and heap while it runs); and a large shelter's
// 5,000 animals and 50,000 applications (scripts/lib/bench-applications.ts: the applications list,
// its filters and searches; BENCH_ANIMALS, BENCH_APPLICATIONS change the counts). BENCH_DONATIONS
// changes the count; the exit code is 1 when a goal is missed. BENCH_KEEP=1 leaves the seeded
// database up (its URL printed) until Ctrl-C, to EXPLAIN.
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { HealthCheckContext } from '../src/server/console/health/health-context';
import { healthList } from '../src/server/console/health/health-list';
import { getOverview } from '../src/server/console/overview/overview';
import { donationsCsv } from '../src/server/gifts/gift-lists/csv-export';
import { listDonations } from '../src/server/gifts/gift-lists/donation-list';
import { donationStory } from '../src/server/gifts/gift-story/donation-story';
import { listReceipts } from '../src/server/gifts/gift-story/receipt-register';
import { listSubscriptions } from '../src/server/gifts/gift-story/subscriptions';
import {
  listSettlements,
  settlementLines,
  settlementYears,
  unsettledPayments,
} from '../src/server/gifts/razorpay-settlements/settlement-report';
import { startEmbeddedPostgres } from '../src/server/platform/db/embedded-postgres';
import { openDatabase } from '../src/server/platform/db/orm';
import { ENTITIES } from '../src/server/wiring/entities';
import { financialYearOf, financialYearStarting } from '../src/shared/india-time';
import { receiptListInputSchema } from '../src/shared/receipts.schema';
import { donationListInputSchema } from '../src/shared/staff.schema';
import { benchApplications, seedAnimalsAndApplications } from './lib/bench-applications';
import { benchDonors, seedDonors } from './lib/bench-donors';
import { benchRetention, withDonorYearsRebuilt } from './lib/bench-retention';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 1_000_000);
/** The goals of issue 22: lists, filters and searches; the overview; the export's rows a second. */
const LIST_MS = 50;
const OVERVIEW_MS = 100;
const EXPORT_ROWS_PER_SECOND = 50_000;
/** The health list as a live server in razorpay mode reads it (only the mode and the key id matter to it). */
const BENCH_LIVE_KEYS = {
  environment: { provider: 'razorpay' },
  effective: { razorpay: { keyId: 'rzp_live_bench', keySecret: '', webhookSecret: '' }, smtp: null, from: null },
} as unknown as HealthCheckContext['settings'];

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
const BANKS = ['State Bank of India', 'Indian Bank', 'HDFC Bank', 'ICICI Bank', 'Canara Bank', 'Indian Overseas Bank'];
const list = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(', ')}]`;

/** The first base row's time: ten financial years, the current one included. */
const FIRST_DAY = financialYearStarting(financialYearOf(new Date()).startYear - 9).start;

/**
 * Of every 100 base rows (by `i % 100`): 0–74 online (0, 20, 40, 60 monthly), 75–82 cheques,
 * 83–84 drafts, 85–92 bank transfers, 93–97 cash, 98–99 in kind. Base rows are 97% of the total;
 * monthly donors' later charges make up the rest, exactly.
 */
const MODE_OF_I = `case when i % 100 < 75 then 'online' when i % 100 < 83 then 'cheque' when i % 100 < 85 then 'demand-draft'
                        when i % 100 < 93 then 'bank-transfer' when i % 100 < 98 then 'cash' else 'kind' end`;

async function seed(execute: (sql: string) => Promise<unknown>) {
  const base = Math.round(DONATIONS * 0.97);
  await execute(`
    insert into donations (name, email, phone, amount, donation_type, purpose, status, razorpay_order_id,
                           razorpay_payment_id, razorpay_signature, created_at, mode, received_on, reference, bank,
                           instrument_date, kind_description, recorded_by, offline_key, bounced_at, bounce_reason)
    select name, email, phone, amount, donation_type, purpose, status, order_id, payment_id,
           case when payment_id is not null and i % 3 = 0 then 'sig' end,
           at, mode, case when mode <> 'online' then (at at time zone 'Asia/Kolkata')::date end,
           reference, bank, case when mode in ('cheque', 'demand-draft') then (at at time zone 'Asia/Kolkata')::date - 2 end,
           case when mode = 'kind' then 'Rice, 25 kg and dog food' end,
           case when mode <> 'online' then 'accountant' end,
           case mode when 'online' then null
                     when 'bank-transfer' then 'bank-transfer:' || reference
                     when 'cheque' then 'cheque:' || reference || ':' || i
                     when 'demand-draft' then 'demand-draft:' || reference || ':' || i
                     when 'cash' then coalesce('cash:voucher:' || reference, 'cash:' || i)
                     else 'kind:' || i end,
           case when status = 'bounced' then at + interval '5 days' end,
           case when status = 'bounced' then 'Insufficient funds' end
      from (
        select i, n.first || ' ' || n.last as name,
               case when m.mode = 'cash' and i % 3 = 0 then ''
                    else lower(n.first) || '.' || lower(n.last) || i || '@example.com' end as email,
               case when m.mode = 'cash' and i % 3 = 0 then '' else '9' || lpad((i::bigint * 7919 % 1000000000)::text, 9, '0') end as phone,
               (array[50000, 100000, 25000, 200000, 10000, 500000])[1 + i % 6] as amount,
               case when m.mode = 'online' and i % 20 = 0 then 'monthly' else 'one-time' end as donation_type,
               (array['general', 'medical', 'rescue', 'food', 'vaccination', null])[1 + i / 100 % 6] as purpose,
               case when m.mode <> 'online' then case when m.mode in ('cheque', 'demand-draft') and i % 53 = 0 then 'bounced' else 'paid' end
                    when i % 50 = 0 then 'failed' when i % 97 = 0 then 'refunded' when i % 31 = 0 then 'expired'
                    when i % 211 = 0 then 'pending' else 'paid' end as status,
               case when m.mode = 'online' and i % 20 <> 0 then 'order_B' || i end as order_id,
               case when m.mode <> 'online' or i % 50 = 0 or i % 31 = 0 or i % 211 = 0 then null else 'pay_B' || i end as payment_id,
               timestamptz '${FIRST_DAY.toISOString()}' + (now() - timestamptz '${FIRST_DAY.toISOString()}') * (i::float / ${base}) as at,
               m.mode,
               case m.mode when 'cheque' then lpad((i::bigint * 7919 % 1000000)::text, 6, '0')
                           when 'demand-draft' then lpad((i::bigint * 104729 % 100000000)::text, 8, '0')
                           when 'bank-transfer' then 'SBIN' || lpad(i::text, 12, '0')
                           when 'cash' then case when i % 2 = 0 then 'V' || i end end as reference,
               case when m.mode in ('cheque', 'demand-draft', 'bank-transfer') then (${list(BANKS)})[1 + i % 6] end as bank
          from generate_series(1, ${base}) i,
               lateral (select (${list(FIRST)})[1 + i % 20] as first, (${list(LAST)})[1 + (i / 20) % 20] as last) n,
               lateral (select ${MODE_OF_I} as mode) m
      ) g`);
  // Every monthly donor's first gift that was paid started a subscription; those of the last two
  // years are still active (one in seven cancelled), older ones cancelled.
  await execute(`
    insert into subscriptions (donation_id, razorpay_subscription_id, razorpay_plan_id, status, created_at)
    select id, 'sub_B' || id, 'plan_B',
           case when id % 7 <> 0 and created_at > now() - interval '2 years' then 'active' else 'cancelled' end, created_at
      from donations where donation_type = 'monthly' and status = 'paid'`);
  await execute(`
    insert into donations (name, email, phone, amount, donation_type, status, razorpay_payment_id, subscription_id, created_at)
    select d.name, d.email, d.phone, d.amount, 'monthly', 'paid', 'pay_C' || s.id || '_' || m, s.id,
           s.created_at + interval '1 month' * m
      from subscriptions s join donations d on d.id = s.donation_id, generate_series(1, 24) m
     where s.created_at + interval '1 month' * m < now()
     order by m, s.id
     limit greatest(0, ${DONATIONS} - (select count(*) from donations))`);
  // Razorpay's webhooks about the online gifts, shaped as Razorpay sends them.
  const payment = (id: string, extra = '') =>
    `jsonb_build_object('payment', jsonb_build_object('entity', jsonb_build_object('id', ${id}, 'order_id',
       d.razorpay_order_id, 'amount', d.amount, 'currency', 'INR', 'method', 'upi', 'email', d.email, 'contact',
       d.phone${extra})))`;
  await execute(`
    insert into webhook_events (id, type, received_at, payload, outcome)
    select 'evt_' || kind || '_' || d.id, type, d.created_at + interval '40 seconds',
           jsonb_build_object('entity', 'event', 'event', type, 'payload', payload), outcome
      from donations d, lateral (
        select 'cap' as kind, 'payment.captured' as type, ${payment('d.razorpay_payment_id', ", 'status', 'captured'")} as payload,
               case when d.id % 5003 = 0 then 'amount_mismatch' else 'paid' end as outcome
         where d.status in ('paid', 'refunded') and d.razorpay_order_id is not null

        union all
        select 'fail' || attempt, 'payment.failed', ${payment("'pay_F' || d.id || '_' || attempt", ", 'status', 'failed'")},
               case when attempt = 1 then 'failed' else 'unchanged' end
          from generate_series(1, case when d.id % 250 = 0 then 2 else 1 end) attempt
         where d.status = 'failed'
        union all
        select 'rfnd', 'refund.processed',
               jsonb_build_object('refund', jsonb_build_object('entity', jsonb_build_object('id', 'rfnd_' || d.id,
                 'payment_id', d.razorpay_payment_id, 'amount', d.amount))) || ${payment('d.razorpay_payment_id', ", 'status', 'refunded'")},
               'refunded'
         where d.status = 'refunded'
      ) e(kind, type, payload, outcome)
     where d.mode = 'online'`);
  await execute(`
    insert into webhook_events (id, type, received_at, payload, outcome)
    select 'evt_chg_' || d.id, 'subscription.charged', d.created_at + interval '40 seconds',
           jsonb_build_object('entity', 'event', 'event', 'subscription.charged', 'payload',
             jsonb_build_object('subscription', jsonb_build_object('entity', jsonb_build_object('id', s.razorpay_subscription_id)))
               || ${payment('d.razorpay_payment_id', ", 'status', 'captured'")}), 'charge_recorded'
      from (select donation_id as id, razorpay_subscription_id from subscriptions
            union all
            select c.id, s.razorpay_subscription_id from donations c join subscriptions s on s.id = c.subscription_id) s
      join donations d on d.id = s.id`);
  // A receipt for every gift received, numbered per financial year in the order of the gifts.
  await execute(`
    insert into receipts (number, financial_year, sequence, payment_id, donation_id, amount, purpose, donor_name,
                          donor_email, trust, status, issued_at, cancelled_at, cancellation_reason, mode)
    select 'ART/' || fy || '/' || seq, fy, seq, coalesce(razorpay_payment_id, 'offline-' || id), id, amount, purpose, name,
           email, '{}', case when status = 'paid' then 'issued' else 'cancelled' end, created_at + interval '1 minute',
           case when status <> 'paid' then created_at + interval '5 days' end,
           case when status = 'refunded' then 'Refunded' when status = 'bounced' then 'Cheque bounced' end, mode
      from (select d.*, fy, row_number() over (partition by fy order by d.id) as seq
              from donations d,
                   lateral (select extract(year from (d.created_at at time zone 'Asia/Kolkata') - interval '3 months')::int as y) y,
                   lateral (select y.y || '-' || lpad(((y.y + 1) % 100)::text, 2, '0') as fy) f
             where d.status in ('paid', 'refunded', 'bounced')) r`);
  await execute(`
    insert into receipt_counters (financial_year, last_number)
    select financial_year, max(sequence) from receipts group by 1`);
  // Razorpay settles each India day's online payments two days later (2% fee, 18% GST on it), and
  // takes refunds back; the last two days are not settled yet.
  await execute(`
    with entries as (
      select entity_id, 'setl_' || to_char(day + 2, 'YYYYMMDD') as settlement_id, type, payment_id, gross, fee, tax,
             gross - fee - tax as net, at
        from (select d.razorpay_payment_id as entity_id, 'payment' as type, d.razorpay_payment_id as payment_id,
                     d.amount as gross, d.amount / 50 as fee, d.amount / 50 * 18 / 100 as tax, d.created_at as at,
                     (d.created_at at time zone 'Asia/Kolkata')::date as day
                from donations d where d.mode = 'online' and d.status in ('paid', 'refunded') and d.razorpay_payment_id is not null
              union all
              select 'rfnd_' || d.id, 'refund', d.razorpay_payment_id, -d.amount, 0, 0, d.created_at + interval '3 days',
                     (d.created_at at time zone 'Asia/Kolkata')::date + 3
                from donations d where d.mode = 'online' and d.status = 'refunded' and d.razorpay_payment_id is not null) e
       where day + 2 < (now() at time zone 'Asia/Kolkata')::date),
    settled as (
      insert into settlements (id, settled_at, utr, amount, fee, tax, adjustments, entries_fetched_at)
      select settlement_id, to_date(substr(settlement_id, 6), 'YYYYMMDD')::timestamp at time zone 'Asia/Kolkata' + interval '10 hours',
             'UTIB' || substr(settlement_id, 6), sum(net), sum(fee), sum(tax), 0,
             to_date(substr(settlement_id, 6), 'YYYYMMDD')::timestamp at time zone 'Asia/Kolkata' + interval '11 hours'
        from entries group by settlement_id)
    insert into settlement_entries (entity_id, settlement_id, type, payment_id, gross, fee, tax, adjustment, net, occurred_at)
    select entity_id, settlement_id, type, payment_id, gross, fee, tax, 0, net, at from entries`);
  // What storing the lines writes beside them (gifts/razorpay-settlements/record-settlement.ts): each
  // settlement's sums, each payment's settlement.
  await execute(`
    update settlements s set lines_payments = t.payments, lines_refunds = t.refunds, lines_gross = t.gross,
           lines_fee = t.fee, lines_tax = t.tax, lines_net = t.net
      from (select settlement_id, count(*) filter (where type = 'payment') as payments,
                   count(*) filter (where type = 'refund') as refunds, sum(gross) as gross, sum(fee) as fee,
                   sum(tax) as tax, sum(net) as net
              from settlement_entries group by settlement_id) t
     where t.settlement_id = s.id`);
  await execute(`
    update donations d set settlement_id = e.settlement_id
      from settlement_entries e where e.type = 'payment' and e.entity_id = d.razorpay_payment_id`);
}

/** The indexes that are not constraints, dropped while the rows go in and built after (much faster). */
async function withIndexesBuiltAfter(
  execute: <T>(sql: string) => Promise<T[]>,
  tables: string[],
  work: () => Promise<void>,
) {
  const indexes = await execute<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = 'public' and i.tablename in (${tables.map((table) => `'${table}'`).join(', ')})
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const index of indexes) await execute(`drop index "${index.name}"`);
  await work();
  await execute(`set maintenance_work_mem = '512MB'`);
  for (const index of indexes) await execute(index.definition);
  await execute('vacuum analyze');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

let missed = 0;
function report(label: string, figure: string, goal: string, pass: boolean, note = '') {
  if (!pass) missed++;
  console.log(
    `${label.padEnd(56)} ${figure.padStart(14)}   goal ${goal.padEnd(16)} ${pass ? 'pass' : 'FAIL'}${note ? `   ${note}` : ''}`,
  );
}

/** Median milliseconds of RUNS runs after a warm-up (plans and caches), and the warm-up's result. */
async function measure<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const result = await work();
  const durations: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    await work();
    durations.push(performance.now() - start);
  }
  return { ms: median(durations), result };
}

/** What a list found: its total (`+` when the count stopped at its cap), or a story's steps. */
function found(result: unknown): string {
  const value = result as { total?: number; totalIsLowerBound?: boolean; steps?: unknown[]; charges?: unknown[] };
  if (value?.total !== undefined)
    return `${value.total.toLocaleString('en-IN')}${value.totalIsLowerBound ? '+' : ''} found`;
  if (value?.steps) return `${value.steps.length} steps, ${value.charges?.length ?? 0} charges`;
  return '';
}

async function time(label: string, goalMs: number, work: () => Promise<unknown>) {
  const { ms, result } = await measure(work);
  report(label, `${ms.toFixed(1)} ms`, `≤ ${goalMs} ms`, ms <= goalMs, found(result));
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

const dataDir = join(tmpdir(), `bench-staff-postgres-${process.pid}`);
const embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true });
try {
  const orm = await openDatabase(embedded.url, ENTITIES);
  const em = () => orm.em.fork();
  const execute = <T>(sql: string) => orm.em.execute<T[]>(sql);
  const seeding = performance.now();
  await withIndexesBuiltAfter(
    execute,
    [
      'donations',
      'subscriptions',
      'webhook_events',
      'receipts',
      'settlements',
      'settlement_entries',
      'donors',
      'animals',
      'applications',
      'application_events',
    ],
    async () => {
      await seedAnimalsAndApplications(execute);
      // The overview's rollup and donor_years are counted once after the load, not row by row by their triggers.
      await execute('alter table donations disable trigger donations_day_totals_insert');
      await withDonorYearsRebuilt(execute, () => seed(execute).then(() => seedDonors(execute)));
      await execute('alter table donations enable trigger donations_day_totals_insert');
      await execute('select rebuild_donation_day_totals()');
    },
  );
  const [counts] = await execute<Record<string, string>>(
    `select (select count(*) from donations) as donations, (select count(*) from donations where mode <> 'online') as offline,
            (select count(*) from subscriptions) as subscriptions, (select count(*) from webhook_events) as events,
            (select count(*) from receipts) as receipts, (select count(*) from settlements) as settlements,
            (select count(*) from settlement_entries) as entries,
            (select to_char(min(created_at), 'YYYY-MM-DD') || ' to ' || to_char(max(created_at), 'YYYY-MM-DD') from donations) as span`,
  );
  console.log(
    `seeded ${counts?.donations} donations (${counts?.offline} offline), ${counts?.subscriptions} subscriptions, ` +
      `${counts?.events} webhook events, ${counts?.receipts} receipts, ${counts?.settlements} settlements of ` +
      `${counts?.entries} payments and refunds (${counts?.span}) in ` +
      `${((performance.now() - seeding) / 1000).toFixed(1)} s; median of ${RUNS} runs:`,
  );

  if (process.env.BENCH_KEEP) {
    // For EXPLAIN: the seeded cluster stays up until Ctrl-C.
    console.log(`BENCH_KEEP: the seeded database is ${embedded.url}; Ctrl-C stops it`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }

  // The animals and their applications first: they need nothing of the donations.
  await benchApplications({ em, execute, time, goalMs: LIST_MS });

  const [sample] = await execute<Record<string, string | number>>(
    `select (select reference from donations where mode = 'bank-transfer' order by id desc offset 100 limit 1) as utr,
            (select reference from donations where mode = 'cheque' order by id desc offset 200 limit 1) as cheque,
            (select razorpay_payment_id from donations where razorpay_payment_id like 'pay_B%' order by id desc offset 300 limit 1) as payment,
            (select id from donations where razorpay_order_id is not null and status = 'refunded' order by id desc limit 1) as refunded,
            (select donation_id from subscriptions where status = 'active' order by id desc offset 10 limit 1) as monthly,
            (select id from donations where mode = 'cheque' and status = 'bounced' order by id desc limit 1) as bounced,
            (select razorpay_subscription_id from subscriptions order by id desc offset 50 limit 1) as subscription`,
  );
  if (!sample) throw new Error('nothing seeded');
  const lastMonth = new Date(Date.now() - 45 * 24 * 60 * 60 * 1000).toISOString().slice(0, 7);
  const monthEnd = new Date(Date.UTC(Number(lastMonth.slice(0, 4)), Number(lastMonth.slice(5, 7)), 0))
    .toISOString()
    .slice(0, 10);
  const thisYear = financialYearOf(new Date());

  const donations = (input: unknown) => () => listDonations({ em: em(), input: donationListInputSchema.parse(input) });
  await time('donations: first page (50, newest first)', LIST_MS, donations({}));
  await time(
    'donations: page 100, sorted by amount',
    LIST_MS,
    donations({ page: 100, sort: 'amount', direction: 'asc' }),
  );
  await time('donations: first page sorted by name', LIST_MS, donations({ sort: 'name', direction: 'asc' }));
  await time('donations: first page sorted by status', LIST_MS, donations({ sort: 'status', direction: 'desc' }));
  await time('donations: filter status paid', LIST_MS, donations({ filter: { status: ['paid'] } }));
  await time(
    'donations: filter status failed + refunded',
    LIST_MS,
    donations({ filter: { status: ['failed', 'refunded'] } }),
  );
  await time('donations: filter status bounced', LIST_MS, donations({ filter: { status: ['bounced'] } }));
  await time('donations: filter type monthly', LIST_MS, donations({ filter: { type: 'monthly' } }));
  await time('donations: filter mode cheque', LIST_MS, donations({ filter: { mode: 'cheque' } }));
  await time(
    'donations: filter mode cash, this financial year',
    LIST_MS,
    donations({ filter: { mode: 'cash', from: `${thisYear.startYear}-04-01` } }),
  );
  await time('donations: filter purpose vaccination', LIST_MS, donations({ filter: { purpose: 'vaccination' } }));
  await time(
    'donations: filter a month (from, to)',
    LIST_MS,
    donations({ filter: { from: `${lastMonth}-01`, to: monthEnd } }),
  );
  await time(
    'donations: filter this financial year',
    LIST_MS,
    donations({ filter: { from: `${thisYear.startYear}-04-01` } }),
  );
  await time(
    'donations: filter paid + monthly + a month',
    LIST_MS,
    donations({ filter: { status: ['paid'], type: 'monthly', from: `${lastMonth}-01`, to: monthEnd } }),
  );
  await time(
    'donations: filter 1,000-5,000 rupees',
    LIST_MS,
    donations({ filter: { minAmountRupees: 1000, maxAmountRupees: 5000 } }),
  );
  await time(
    'donations: filter refunded, medical, over 4,000 rupees',
    LIST_MS,
    donations({ filter: { status: ['refunded'], purpose: 'medical', minAmountRupees: 4000 } }),
  );
  await time('donations: search a name ("subramanian")', LIST_MS, donations({ filter: { search: 'subramanian' } }));
  await time(
    'donations: search a full name ("Nila Fernandes")',
    LIST_MS,
    donations({ filter: { search: 'Nila Fernandes' } }),
  );
  await time('donations: search an e-mail ("kavya.nair1")', LIST_MS, donations({ filter: { search: 'kavya.nair1' } }));
  await time('donations: search a phone ("9001234")', LIST_MS, donations({ filter: { search: '9001234' } }));
  await time(`donations: search a UTR ("${sample.utr}")`, LIST_MS, donations({ filter: { search: sample.utr } }));
  await time(
    `donations: search a cheque number ("${sample.cheque}")`,
    LIST_MS,
    donations({ filter: { search: sample.cheque } }),
  );
  await time(`donations: search a payment id`, LIST_MS, donations({ filter: { search: sample.payment } }));
  await time('donations: search a subscription id', LIST_MS, donations({ filter: { search: sample.subscription } }));
  await time('donations: search a name nobody has ("zzyzx")', LIST_MS, donations({ filter: { search: 'zzyzx' } }));
  await time("a donation's story (refunded online gift)", LIST_MS, () =>
    donationStory({ em: em(), input: { id: Number(sample.refunded) } }),
  );
  await time("a donation's story (monthly donor, with charges)", LIST_MS, () =>
    donationStory({ em: em(), input: { id: Number(sample.monthly) } }),
  );
  await time("a donation's story (bounced cheque)", LIST_MS, () =>
    donationStory({ em: em(), input: { id: Number(sample.bounced) } }),
  );
  await time('overview', OVERVIEW_MS, () => getOverview({ em: em() }));
  await time('overview: the health list', LIST_MS, () =>
    healthList({
      em: em(),
      environment: {
        siteUrl: 'https://bench.example.org',
        dataEncryptionKeyFromEnvironment: true,
        dataDir,
        inProcessMailbox: false,
      },
      settings: BENCH_LIVE_KEYS,
    }),
  );
  await time('monthly donors: first page', LIST_MS, () =>
    listSubscriptions({ em: em(), input: { page: 1, pageSize: 50 } }),
  );
  const receipts = (input: unknown) => () => listReceipts({ em: em(), input: receiptListInputSchema.parse(input) });
  await time('receipt register: first page', LIST_MS, receipts({}));
  await time(
    'receipt register: a financial year, cancelled',
    LIST_MS,
    receipts({ financialYear: thisYear.label, status: 'cancelled' }),
  );
  await time('receipt register: search a donor ("nila fernandes")', LIST_MS, receipts({ donor: 'nila fernandes' }));
  await time('receipt register: search a number ("/1234")', LIST_MS, receipts({ number: '/1234' }));
  // What the Settlements page asks (staff.settlements.list): the year's settlements, the years, the
  // payments not settled yet; then one settlement's lines.
  const [settlement] = await execute<{ id: string }>(
    'select id from settlements order by settled_at desc offset 5 limit 1',
  );
  await time('Razorpay settlements: the year, with what is unsettled', LIST_MS, async () => {
    const settlements = await listSettlements(em(), thisYear.label);
    return { settlements, years: await settlementYears(em()), unsettled: await unsettledPayments(em()) };
  });
  await time("Razorpay settlements: a settlement's lines", LIST_MS, () =>
    settlementLines(em(), String(settlement?.id)),
  );

  await benchDonors({ em, execute, time, goalMs: LIST_MS });
  await benchRetention({ em, time, listMs: LIST_MS, overviewMs: OVERVIEW_MS });

  // The export: rows a second from the median run, and the process's peak memory while it ran.
  const rows = Number(counts?.donations);
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 10);
  let bytes = 0;
  const { ms: exportMs } = await measure(async () => {
    bytes = 0;
    await pipeline(
      donationsCsv(em(), {}),
      new Writable({
        write(chunk, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
  });
  clearInterval(sampler);
  const perSecond = rows / (exportMs / 1000);
  report(
    `CSV export of every donation (${(bytes / 1024 / 1024).toFixed(0)} MiB, ${(exportMs / 1000).toFixed(1)} s)`,
    `${Math.round(perSecond).toLocaleString('en-IN')} rows/s`,
    `≥ ${EXPORT_ROWS_PER_SECOND.toLocaleString('en-IN')} rows/s`,
    perSecond >= EXPORT_ROWS_PER_SECOND,
  );
  console.log(
    `  memory while exporting: peak RSS ${mib(peakRss)} (${mib(baseline.rss)} before), ` +
      `peak heap ${mib(peakHeap)} (${mib(baseline.heapUsed)} before)`,
  );
  console.log(missed ? `${missed} goal(s) missed` : 'every goal met');
  process.exitCode = missed ? 1 : 0;
  await orm.close();
} finally {
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}
