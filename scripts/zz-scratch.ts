import { rm } from 'node:fs/promises';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { openDatabase } from '../src/server/db/orm';
import { ENTITIES } from '../src/server/wiring/entities';
import { segmentRows } from '../src/server/donor-retention/segments';
import { retentionFigures } from '../src/server/donor-retention/retention-rates';
import { financialYearOf, financialYearStarting } from '../src/shared/india-time';

const dataDir = '/tmp/retention-scratch-pg';
await rm(dataDir, { recursive: true, force: true });
const embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true });
const orm = await openDatabase(embedded.url, ENTITIES);
const x = (sql: string) => orm.em.execute(sql);
const first = financialYearStarting(financialYearOf(new Date()).startYear - 9).start.toISOString();
await x(`alter table donations disable trigger user`);
await x(`insert into donors (id, email_key) select i, 'd' || i || '@example.com' from generate_series(1, 300000) i`);
await x(`select setval(pg_get_serial_sequence('donors','id'), 300000)`);
// Each donor gives ~3.3 gifts, clustered: a donor starts in a random year and gives for a few years.
await x(`insert into donations (name, email, phone, amount, donation_type, status, created_at, donor_id, language)
  select 'Donor ' || d, 'd' || d || '@example.com', '98' || lpad(d::text, 8, '0'), 100000, 'one-time',
         case when i % 97 = 0 then 'refunded' when i % 50 = 0 then 'failed' else 'paid' end,
         least(now() - interval '1 minute', timestamptz '${first}' + ((d::bigint * 7919) % 3650) * interval '1 day' + (i / 300000) * interval '300 days'),
         case when i % 50 = 0 then null else d end, 'en'
    from generate_series(0, 999999) i, lateral (select 1 + (i % 300000) as d) dd`);
await x(`alter table donations enable trigger user`);
await x('analyze');
const em = () => orm.em.fork();
const year = financialYearOf(new Date()).label;
async function t(label: string, work: () => Promise<unknown>) {
  await work();
  const ds: number[] = [];
  for (let r = 0; r < 3; r++) { const s = performance.now(); await work(); ds.push(performance.now() - s); }
  ds.sort((a, b) => a - b);
  console.log(label, ds[1]?.toFixed(1), 'ms');
}
await t('lybunt 200', async () => console.log((await segmentRows(em(), { kind: 'lybunt', year }, { limit: 200 })).totals.donors));
await t('retention', () => retentionFigures(em()));
if (process.env.KEEP) { console.log(embedded.url); await new Promise((r) => process.once('SIGINT', r)); }
await orm.close();
await embedded.stop();
