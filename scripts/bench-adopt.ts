// A quick measurement of the adoptable animals' pages at a large shelter's size (issue 42 item 7:
// `/adopt` served within 20 ms at 5,000 animals). Seeds BENCH_ANIMALS animals (default 5,000: two
// in five adoptable, the rest reserved, adopted, in care, resident or died, each with a photo of
// five widths) into a fresh embedded PostgreSQL, starts the built server on it, and prints the
// median and 95th percentile time of BENCH_RUNS requests (default 50) to `/adopt` with and without
// filters, in Tamil, a later page, an animal's page and the feed, each beside the goal. Every
// request reads the database (a reserved animal leaves the list at once); the first of each is a
// render, the others the kept page. The exit code is 1 when `/adopt` misses its goal.
// Run: node --import tsx scripts/bench-adopt.ts
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../src/server/platform/db/embedded-postgres';
import { openDatabase } from '../src/server/platform/db/orm';
import { ENTITIES } from '../src/server/wiring/entities';
import { ensureClientBuilt, startServer } from './lib/site-server';

const ANIMALS = Number(process.env.BENCH_ANIMALS ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const GOAL_MS = 20;

async function seed(databaseUrl: string): Promise<string> {
  const orm = await openDatabase(databaseUrl, ENTITIES, { migrate: false });
  const em = orm.em.fork();
  await em.execute(
    `insert into images (hash, width, height, alt, source_format, source_bytes, created_by)
       select md5('photo' || i), 1600, 1200, 'A rescued animal, photo ' || i, 'jpeg', 400000, 'bench'
         from generate_series(1, ?) i`,
    [ANIMALS],
  );
  await em.execute(
    `insert into image_variants (image_id, format, width, height, bytes)
       select i.id, f, w, w * 3 / 4, 20000 from images i, unnest(array['webp', 'avif']) f,
         unnest(array[320, 640, 960, 1280, 1600]) w`,
  );
  await em.execute(
    `insert into animals (slug, name, species, sex, born_on, born_estimated, one_line, story, translations,
        intake_on, intake_kind, photo_image_ids, special_needs, good_with_children, good_with_dogs, status, status_on,
        sponsor_monthly_amount, created_by, updated_by)
     select 'animal-' || i, 'Animal ' || i, case when i % 3 = 0 then 'cat' else 'dog' end,
        case i % 4 when 0 then 'unknown' when 1 then 'male' else 'female' end,
        date '2026-11-01' - (i * 37 % 4380), i % 2 = 0, 'A gentle soul who loves a nap in the sun, number ' || i,
        'Found near the Marina.' || chr(10) || chr(10) || 'Calm and friendly.',
        jsonb_build_object('ta', jsonb_build_object('oneLine', 'அமைதியான, அன்பான உயிர் ' || i)),
        date '2025-01-01' + (i % 600), 'rescued', jsonb_build_array(i),
        case when i % 7 = 0 then '["blind"]'::jsonb else '[]'::jsonb end,
        (array['yes', 'no', 'unknown'])[1 + i % 3], (array['yes', 'no', 'unknown'])[1 + (i / 3) % 3],
        (array['adoptable', 'adoptable', 'adoptable', 'adoptable', 'reserved', 'adopted', 'adopted', 'in-care', 'resident', 'died'])[1 + i % 10],
        date '2025-06-01' + (i % 500), case when i % 10 = 8 then 350000 end, 'bench', 'bench'
       from generate_series(1, ?) i`,
    [ANIMALS],
  );
  await em.execute('analyze animals; analyze images; analyze image_variants');
  const [row] = await em.execute<{ slug: string }[]>(
    `select slug from animals where status = 'adoptable' order by id limit 1`,
  );
  await orm.close();
  return row?.slug ?? '';
}

async function time(url: string): Promise<{ first: number; median: number; p95: number; bytes: number }> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return { ms: performance.now() - started, bytes: body.byteLength };
  };
  const first = await once();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) times.push((await once()).ms);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { first: first.ms, median: at(0.5), p95: at(0.95), bytes: first.bytes };
}

async function main() {
  await ensureClientBuilt();
  const embedded = await startEmbeddedPostgres({
    dataDir: join(tmpdir(), `bench-adopt-postgres-${process.pid}`),
    ephemeral: true,
  });
  // The feed's per-address limit would stop a bench's requests from one address.
  const server = await startServer(embedded.url, { LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000' });
  let missed = false;
  try {
    const slug = await seed(embedded.url);
    console.log(`${ANIMALS} animals, ${RUNS} requests each (after the first, which renders):`);
    const paths: [string, number | null][] = [
      ['/adopt', GOAL_MS],
      ['/adopt?species=dog&children=yes', GOAL_MS],
      ['/adopt?species=cat&age=senior&needs=has', GOAL_MS],
      ['/ta/adopt?species=dog&age=young&sex=female', GOAL_MS],
      ['/adopt?page=40', GOAL_MS],
      [`/adopt/${slug}`, GOAL_MS],
      ['/api/animals/adoptable', null],
      ['/api/animals/adoptable?perPage=100&page=5', null],
    ];
    for (const [path, goal] of paths) {
      const { first, median, p95, bytes } = await time(`${server.url}${path}`);
      const mark = goal === null ? '' : median <= goal ? `  ✓ ≤ ${goal} ms` : `  ✗ over ${goal} ms`;
      if (goal !== null && median > goal) missed = true;
      console.log(
        `${path.padEnd(46)} median ${median.toFixed(1).padStart(5)} ms  p95 ${p95.toFixed(1).padStart(5)} ms  first ${first.toFixed(0).padStart(4)} ms  ${(bytes / 1024).toFixed(1)} KB${mark}`,
      );
    }
  } finally {
    await server.stop();
    await embedded.stop();
  }
  process.exitCode = missed ? 1 : 0;
}

await main();
