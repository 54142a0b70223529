// The animals part of `npm run bench:staff` (scripts/bench-staff.ts), issue 42 item 7: a large
// shelter's 5,000 animals and 50,000 applications, seeded in SQL, then the console's applications
// list with each of its filters and searches, an application's page, and the overview's count of
// applications waiting; the console's animals list with its filters, and the /adopt list's query
// (the page served, rendering included, is scripts/bench-adopt.ts's).
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  applicationDetail,
  applicationsWaiting,
  listApplications,
} from '../../src/server/animals/applications/application-list';
import { adoptableList } from '../../src/server/animals/records/adoptable-animals';
import { listAnimals } from '../../src/server/animals/records/animal-list';
import { applicationListInputSchema } from '../../src/shared/application-work.schema';

type Time = (label: string, goalMs: number, work: () => Promise<unknown>) => Promise<void>;
type Execute = <T>(sql: string) => Promise<T[]>;

export const BENCH_ANIMALS = Number(process.env.BENCH_ANIMALS ?? 5_000);
export const BENCH_APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 50_000);

const NAMES = ['Bruno', 'Raja', 'Lakshmi', 'Kutty', 'Rani', 'Tiger', 'Jimmy', 'Chotu', 'Meenu', 'Sundari'];
const PEOPLE = ['Asha', 'Ravi', 'Kavya', 'Murugan', 'Devi', 'Karthik', 'Meena', 'Suresh', 'Priya', 'Nila'];
const list = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(', ')}]`;

/**
 * 5,000 animals over five years (a tenth adoptable, a tenth reserved, most adopted, returned or
 * resident), and 50,000 applications over the same years: half adoptions (most naming an animal),
 * the rest foster, volunteer and partner; most closed, about 4% open (one in 23), each with two steps.
 */
export async function seedAnimalsAndApplications(execute: Execute): Promise<void> {
  await execute(`
    insert into animals (slug, name, species, sex, born_on, one_line, story, intake_on, intake_kind, status, status_on,
                         good_with_children, special_needs, created_by, updated_by)
    select lower(n.name) || '-' || i, n.name, case when i % 3 = 0 then 'cat' else 'dog' end,
           case when i % 2 = 0 then 'female' else 'male' end, current_date - (200 + i % 3000),
           n.name || ' loves a walk by the sea.', n.name || ' was found near the Marina.', d.day,
           (array['rescued', 'handed-over', 'sterilisation-drive', 'born-in-care'])[1 + i % 4],
           (array['adoptable', 'reserved', 'adopted', 'adopted', 'adopted', 'returned', 'resident', 'in-care', 'fostered', 'adopted'])[1 + i % 10],
           d.day, (array['yes', 'no', 'unknown'])[1 + i % 3],
           case when i % 17 = 0 then '["blind"]'::jsonb else '[]'::jsonb end, 'bench', 'bench'
      from generate_series(1, ${BENCH_ANIMALS}) i,
           lateral (select (${list(NAMES)})[1 + i % 10] as name) n,
           lateral (select current_date - (1825 * (${BENCH_ANIMALS} - i) / ${BENCH_ANIMALS}) as day) d`);
  await execute(`
    insert into applications (kind, status, animal_id, wanted_species, name, email, phone, language, answers,
                              created_at, status_at, updated_at)
    select kind, case when i % 23 = 0 then (array['new', 'contacted', 'home-visit', 'approved'])[1 + i / 23 % 4]
                      else (array['completed', 'declined', 'withdrawn', 'declined'])[1 + i % 4] end,
           case when kind = 'adopt' and i % 5 <> 0 then 1 + (i * 7919) % ${BENCH_ANIMALS} end,
           case when kind = 'adopt' and i % 5 = 0 then 'either' end,
           p.name || ' ' || i, lower(p.name) || '.' || i || '@example.in', '98' || lpad(i::text, 8, '0'),
           (array['en', 'ta', 'hi'])[1 + i % 3], '{"home":"own","hoursAlone":"4"}'::jsonb, at, at + interval '2 days', at
      from generate_series(1, ${BENCH_APPLICATIONS}) i,
           lateral (select (${list(PEOPLE)})[1 + i % 10] as name,
                           (array['adopt', 'adopt', 'foster', 'volunteer', 'partner', 'adopt', 'foster', 'volunteer', 'adopt', 'adopt'])[1 + i % 10] as kind,
                           now() - interval '1825 days' * (${BENCH_APPLICATIONS} - i) / ${BENCH_APPLICATIONS} as at) p`);
  await execute(`
    insert into application_events (application_id, kind, from_status, to_status, text, by_user, at)
    select id, 'status', 'new', 'contacted', 'Called', 'bench', created_at + interval '1 day' from applications
    union all
    select id, 'note', null, null, 'A kind family', 'bench', created_at + interval '2 days' from applications`);
}

export async function benchApplications({
  em,
  execute,
  time,
  goalMs,
}: {
  em: () => EntityManager;
  execute: Execute;
  time: Time;
  goalMs: number;
}): Promise<void> {
  const [counts] = await execute<{ animals: string; applications: string; open: string }>(
    `select (select count(*) from animals) as animals, (select count(*) from applications) as applications,
            (select count(*) from applications where status in ('new', 'contacted', 'home-visit', 'approved')) as open`,
  );
  console.log(`animals: ${counts?.animals} animals, ${counts?.applications} applications (${counts?.open} open)`);
  const applications = (input: unknown) => () => listApplications(em(), applicationListInputSchema.parse(input));
  await time('applications: first page (50, newest first)', goalMs, applications({}));
  await time('applications: page 200', goalMs, applications({ page: 200 }));
  await time('applications: kind adopt', goalMs, applications({ kind: 'adopt' }));
  await time('applications: kind foster, status new', goalMs, applications({ kind: 'foster', status: 'new' }));
  await time('applications: every open one', goalMs, applications({ status: 'open' }));
  await time('applications: kind volunteer, open', goalMs, applications({ kind: 'volunteer', status: 'open' }));
  await time('applications: status declined', goalMs, applications({ status: 'declined' }));
  await time('applications: waiting over three days', goalMs, applications({ waiting: true }));
  await time('applications: search a name ("kavya")', goalMs, applications({ search: 'kavya' }));
  await time('applications: search an e-mail ("meena.4216@")', goalMs, applications({ search: 'meena.4216@' }));
  await time('applications: kind adopt, search "priya"', goalMs, applications({ kind: 'adopt', search: 'priya' }));
  await time('applications: search nobody ("zzyzx")', goalMs, applications({ search: 'zzyzx' }));
  const [sample] = await execute<{ id: number }>(
    `select id from applications where kind = 'adopt' and animal_id is not null order by id desc offset 30 limit 1`,
  );
  await time("an application's page", goalMs, () => applicationDetail(em(), Number(sample?.id)));
  await time('overview: applications waiting over three days', goalMs, () => applicationsWaiting(em()));
  await time('animals: first page (50, newest intake first)', goalMs, () => listAnimals(em(), {}));
  await time('animals: page 40', goalMs, () => listAnimals(em(), { page: 40 }));
  await time('animals: adoptable dogs', goalMs, () => listAnimals(em(), { status: 'adoptable', species: 'dog' }));
  await time('animals: status adopted', goalMs, () => listAnimals(em(), { status: 'adopted' }));
  await time('animals: search a name ("lakshmi")', goalMs, () => listAnimals(em(), { search: 'lakshmi' }));
  const adopt =
    (filters: Parameters<typeof adoptableList>[1], page = 1) =>
    () =>
      adoptableList(em(), filters, { page, perPage: 12, language: 'en' });
  await time('/adopt list query: first page', 20, adopt({}));
  await time('/adopt list query: dogs good with children', 20, adopt({ species: 'dog', children: 'yes' }));
  await time('/adopt list query: page 20', 20, adopt({}, 20));
}
