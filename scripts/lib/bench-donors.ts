// The donor records of `npm run bench:staff` (issue 35): 300,000 donors (BENCH_DONORS) for the
// million gifts bench-staff.ts seeds, and the median times of the Donors page, its searches and a
// donor's page. The seeding is set-based, as the rest of the bench's: the rollups' trigger is off
// while the gifts get their donors, and the rollups are then written in one statement by the same
// rules as refresh_donor_rollups (Migration20261128030000).
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { donorList } from '../../src/server/donors/records/donor-list';
import { donorRecord } from '../../src/server/donors/records/donor-record';
import { createFieldCipher } from '../../src/server/platform/personal-data/field-cipher';
import { donorListInputSchema } from '../../src/shared/donors.schema';

const DONORS = Number(process.env.BENCH_DONORS ?? 300_000);
const TRIGGERS = ['donations_donor_rollups_insert', 'donations_donor_rollups_update', 'donations_donor_rollups_delete'];
const GIFT_AT = `coalesce(received_on::timestamp at time zone 'Asia/Kolkata', created_at)`;

type Execute = <T>(sql: string) => Promise<T[]>;

/**
 * Every gift to one of DONORS donors, by its e-mail (a monthly donor's charges share their first
 * gift's; a cash gift without an e-mail is spread by its id); one gift in ten with a PAN (masked
 * and keyed-hashed, as settled gifts carry them). Runs while bench-staff.ts has the indexes dropped.
 */
export async function seedDonors(execute: Execute): Promise<void> {
  for (const trigger of TRIGGERS) await execute(`alter table donations disable trigger ${trigger}`);
  await execute(`
    insert into donors (id, email_key, created_at)
    select g, 'donor' || g || '@example.com', now() from generate_series(1, ${DONORS}) g`);
  await execute(`select setval(pg_get_serial_sequence('donors', 'id'), ${DONORS})`);
  await execute(`
    update donations set donor_id = 1 + abs(hashtext(coalesce(nullif(email, ''), id::text))) % ${DONORS},
           tax_id_kind = case when id % 10 = 0 then 'pan' end,
           tax_id_masked = case when id % 10 = 0
             then 'XXXXX' || lpad((abs(hashtext(coalesce(nullif(email, ''), id::text))) % 10000)::text, 4, '0') || 'F' end,
           tax_id_hash = case when id % 10 = 0 then md5(coalesce(nullif(email, ''), id::text)) end
     where (mode = 'online' and status in ('paid', 'refunded')) or mode <> 'online'`);
  await execute(`
    update donors o set gift_count = s.gift_count, lifetime_total = s.lifetime_total, largest_gift = s.largest_gift,
           first_gift_at = s.first_gift_at, last_gift_at = s.last_gift_at, name = s.name, email = s.email, phone = s.phone
      from (select donor_id, count(*) filter (where kept > 0) as gift_count, coalesce(sum(kept), 0) as lifetime_total,
                   coalesce(max(kept), 0) as largest_gift, min(gift_at) filter (where kept > 0) as first_gift_at,
                   max(gift_at) filter (where kept > 0) as last_gift_at,
                   (array_agg(name order by created_at desc, id desc))[1] as name,
                   (array_agg(nullif(email, '') order by created_at desc, id desc))[1] as email,
                   (array_agg(nullif(phone, '') order by created_at desc, id desc))[1] as phone
              from (select donor_id, id, name, email, phone, created_at, ${GIFT_AT} as gift_at,
                           case when status = 'paid' then amount - refunded_amount else 0 end as kept
                      from donations where donor_id is not null) g
             group by donor_id) s
     where s.donor_id = o.id`);
  // The search text as refresh_donor_rollups writes it (Migration20261129080000): every distinct name, e-mail and phone.
  await execute(`
    update donors o set search_text = s.search_text
      from (select donor_id, coalesce(string_agg(distinct v, chr(31) order by v), '') as search_text
              from donations, unnest(array[nullif(btrim(name), ''), nullif(btrim(email), ''), nullif(btrim(phone), '')]) v
             where v is not null and donor_id is not null group by donor_id) s
     where s.donor_id = o.id`);
  for (const trigger of TRIGGERS) await execute(`alter table donations enable trigger ${trigger}`);
}

/** The Donors page and a donor's page, each timed by bench-staff.ts's `time` against the list goal. */
export async function benchDonors(options: {
  em: () => EntityManager;
  execute: Execute;
  time: (label: string, goalMs: number, work: () => Promise<unknown>) => Promise<void>;
  goalMs: number;
}): Promise<void> {
  const { em, execute, time, goalMs } = options;
  const [counts] = await execute<{ donors: string; gifts: string }>(
    `select (select count(*) from donors) as donors, (select count(*) from donations where donor_id is not null) as gifts`,
  );
  console.log(`donors: ${counts?.donors} records for ${counts?.gifts} gifts`);
  const [sample] = await execute<{ most: number; typical: number; lastFour: string }>(
    `select (select id from donors order by gift_count desc limit 1) as most,
            -- A thousand in at full size; a small run (BENCH_DONATIONS) has fewer: its first, else anyone's.
            coalesce((select id from donors where gift_count = 3 order by id limit 1 offset 1000),
                     (select id from donors where gift_count = 3 order by id limit 1),
                     (select id from donors order by id limit 1)) as typical,
            (select right(tax_id_masked, 4) from donations where tax_id_masked is not null order by id desc limit 1) as "lastFour"`,
  );
  const cipher = createFieldCipher(randomBytes(32));
  const donors = (input: unknown) => () => donorList({ em: em(), input: donorListInputSchema.parse(input) });
  await time('donors: first page (last gift, newest first)', goalMs, donors({}));
  await time('donors: first page by given in all', goalMs, donors({ sort: 'lifetimeTotal' }));
  await time('donors: first page by number of gifts', goalMs, donors({ sort: 'giftCount' }));
  await time('donors: first page by name', goalMs, donors({ sort: 'name', direction: 'asc' }));
  await time('donors: page 100 by given in all', goalMs, donors({ sort: 'lifetimeTotal', page: 100 }));
  await time('donors: search a name ("subramanian")', goalMs, donors({ search: 'subramanian' }));
  await time('donors: search a full name ("Nila Fernandes")', goalMs, donors({ search: 'Nila Fernandes' }));
  await time('donors: search an e-mail ("kavya.nair1")', goalMs, donors({ search: 'kavya.nair1' }));
  await time('donors: search a phone ("9001234")', goalMs, donors({ search: '9001234' }));
  await time(`donors: search a PAN's last four ("${sample?.lastFour}")`, goalMs, donors({ search: sample?.lastFour }));
  await time('donors: search a name nobody has ("zzyzx")', goalMs, donors({ search: 'zzyzx' }));
  await time("a donor's page (three gifts)", goalMs, () => donorRecord(em(), cipher, Number(sample?.typical)));
  await time("a donor's page (the most gifts)", goalMs, () => donorRecord(em(), cipher, Number(sample?.most)));
}
