/**
 * `npm run bench:web`: Lighthouse 12 with its default (mobile) profile — a mid-range phone on a
 * slow 4G link, simulated — against the built site served by the real server in sandbox mode.
 *
 * The floor, in the same run: an empty page (a title and one word, so that something paints) served
 * by a bare node:http server on this machine. Not by the site's server, so that the floor is the
 * same for both builds (BENCH_BASE) and holds nothing of either: what Lighthouse's simulation gives
 * any document on this machine. Each page's LCP and FCP are printed as ratios to the floor's,
 * beside the goals of issue 44 (every page LCP ≤ 1.15 × the floor, TBT ≤ 50 ms, CLS ≤ 0.005,
 * performance 100) and issue 34's `/donate` first-load script transfer ≤ 90 KB, PASS or FAIL on
 * each line.
 *
 * The pages are ALL_PAGES (one line each; a page the build does not have is listed as missing).
 * For each it also prints the four category scores, CLS, the bytes of the JavaScript the page loads before
 * it is interactive as gzip (what a browser without brotli gets), and the CSS each page's HTML
 * links (render-blocking or not) and inlines. Transfer is bytes on the wire, headers included: of
 * the site's scripts (the goal's figure: issue 34 counted `/donate`'s 17 scripts, 79 KB of bodies
 * and 1.1 KB of headers each, as 97 KB), and of every request of the load; neither counts the
 * checkout script (Razorpay's, or the sandbox's stand-in).
 *
 * BENCH_BASE=<directory of another checkout, built (dist/) and with node_modules> runs that build
 * too, on its own database, in the same run: its figures are printed beside today's. The runs
 * take turns (floor, today, base; again), so the machine's noise falls on all alike.
 *
 * Each figure is the median of BENCH_WEB_RUNS (or BENCH_RUNS) runs (default 3): this machine is shared and noisy.
 * BENCH_WEB_DETAILS=1 also lists the audits that did not pass and the main thread's long tasks.
 * Uses DATABASE_URL when set, else a throwaway embedded PostgreSQL (the base build gets a database
 * of its own beside it). Builds the site if needed.
 */
import type { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/server/platform/db/embedded-postgres';
import { openDatabase } from '../src/server/platform/db/orm';
import { storeImage } from '../src/server/platform/images/images';
import { ENTITIES } from '../src/server/wiring/entities';
import { launchDevtoolsChromium } from './lib/chromium';
import { ensureClientBuilt, type RunningServer, startServer } from './lib/site-server';

const APPEAL_SLUG = 'brunos-surgery';
const APPEAL_PAGE = `/appeals/${APPEAL_SLUG}`;
const ANIMAL_SLUG = 'moti';
const ANIMAL_PAGE = `/adopt/${ANIMAL_SLUG}`;

/**
 * Every public page a link leads to, in every language (issue 44): one line each. A page this
 * build does not have (a 404) is listed as "missing", never measured.
 */
const ALL_PAGES: readonly string[] = [
  '/',
  '/ta/',
  '/hi/',
  '/donate',
  '/ta/donate',
  '/hi/donate',
  APPEAL_PAGE,
  `/ta${APPEAL_PAGE}`,
  `/hi${APPEAL_PAGE}`,
  '/adopt',
  '/ta/adopt',
  '/hi/adopt',
  ANIMAL_PAGE,
  `/ta${ANIMAL_PAGE}`,
  `/hi${ANIMAL_PAGE}`,
];
/** BENCH_WEB_PAGES=/donate,/ta/donate measures only those ("appeal" and "animal" name those pages): quicker while tuning one page. */
const PAGES = process.env.BENCH_WEB_PAGES
  ? process.env.BENCH_WEB_PAGES.split(',').map((page) =>
      page.trim() === 'appeal' ? APPEAL_PAGE : page.trim() === 'animal' ? ANIMAL_PAGE : page.trim(),
    )
  : ALL_PAGES;

/**
 * An open appeal with a photo (the hero's, as staff would upload it) and a few gifts' worth of
 * progress: the appeal page's LCP is its photo, and the home and donate pages list it.
 */
async function seedAppeal(databaseUrl: string): Promise<void> {
  const orm = await openDatabase(databaseUrl, ENTITIES, { migrate: false });
  try {
    const em = orm.em.fork();
    const { image } = await storeImage(
      em,
      { storage: { dir: undefined }, actor: { userId: null, username: 'bench', ip: '127.0.0.1' } },
      { bytes: await readFile('public/attached-assets/hero-1920.jpg'), alt: 'Bruno resting after his surgery' },
    );
    await em.execute(
      `insert into appeals (slug, title, story, goal, status, photo_image_ids, created_by, updated_by, published_at)
       values (?, 'Bruno’s surgery', ?, 4500000, 'published', ?::jsonb, 'bench', 'bench', now())
       on conflict (slug) do nothing`,
      [
        APPEAL_SLUG,
        'Bruno was hit by a truck on the Adyar bridge. His hind leg needs surgery and six weeks of care.\n\nThe vet has estimated ₹45,000; every rupee beyond it goes to the general fund.',
        JSON.stringify([image.id]),
      ],
    );
    // An adoptable dog with the same photo: /adopt lists it, its page's LCP is the photo. A base
    // build older than the animals has no table for it: its /adopt pages are listed as missing.
    await em
      .execute(
        `insert into animals (slug, name, species, sex, born_on, born_estimated, one_line, story, intake_on, intake_kind,
           photo_image_ids, good_with_children, status, status_on, created_by, updated_by)
         values (?, 'Moti', 'dog', 'male', '2023-06-01', true, 'A calm old friend who loves the beach.', ?, '2026-05-01',
           'rescued', ?::jsonb, 'yes', 'adoptable', '2026-06-01', 'bench', 'bench')
         on conflict (slug) do nothing`,
        [
          ANIMAL_SLUG,
          'Moti was found near the Marina with a hurt paw.\n\nHe is gentle with children and walks well on a lead.',
          JSON.stringify([image.id]),
        ],
      )
      .catch(() => undefined);
  } finally {
    await orm.close();
  }
}
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? process.env.BENCH_RUNS ?? 3);

type Row = Record<string, string | number>;

/** The median of each numeric column across runs; text columns come from the first run. */
function medianRow(samples: Row[]): Row {
  const first = samples[0] ?? {};
  return Object.fromEntries(
    Object.entries(first).map(([key, value]) => {
      if (typeof value !== 'number') return [key, value];
      const sorted = samples.map((sample) => Number(sample[key])).sort((a, b) => a - b);
      return [key, sorted[Math.floor(sorted.length / 2)] ?? value];
    }),
  );
}
const DEBUG_PORT = 9333 + Math.floor(Math.random() * 500);

/** Bytes on the wire with gzip (node:http, since fetch() would count them decompressed). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * The CSS a page's HTML asks for: stylesheets linked without a non-screen media query block the
 * first paint; inline <style> blocks ride in the HTML. Raw (uncompressed) KB.
 */
async function cssFigures(pageUrl: string): Promise<Row> {
  const html = await (await fetch(pageUrl)).text();
  const links = [...html.matchAll(/<link\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => /rel="stylesheet"/.test(tag));
  const blocking = links.filter((tag) => !/media="(?!all|screen)[^"]*"/.test(tag));
  const size = async (tag: string) => {
    const href = tag.match(/href="([^"]+)"/)?.[1];
    return href ? (await (await fetch(new URL(href, pageUrl))).arrayBuffer()).byteLength : 0;
  };
  const sum = async (tags: string[]) => (await Promise.all(tags.map(size))).reduce((a, b) => a + b, 0);
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].reduce((a, m) => a + (m[1]?.length ?? 0), 0);
  const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
  return {
    'CSS linked KB': kb(await sum(links)),
    'render-blocking CSS KB': kb(await sum(blocking)),
    'inline CSS KB': kb(inline),
  };
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  priority?: string;
  transferSize?: number;
  networkRequestTime?: number;
  networkEndTime?: number;
}

/** The goals of issue 44: LCP as a multiple of the empty page's, TBT in ms, CLS, the performance score. */
const LCP_GOAL = 1.15;
const TBT_GOAL_MS = 50;
const CLS_GOAL = 0.005;
const PERFORMANCE_GOAL = 100;
/** Issue 34's: first-load script transfer in KB. */
const TRANSFER_GOAL_KB: Record<string, number> = { '/donate': 90 };

/** The empty page: the floor every page is measured against (see the module's comment). */
const EMPTY_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Empty</title></head>' +
  '<body><p>Empty</p></body></html>';

async function startEmptyPageServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(EMPTY_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A build under test: this checkout's, or BENCH_BASE's. */
interface Site {
  name: string;
  server: RunningServer;
}

/** The checkout script is not the site's own: Razorpay's, or the sandbox's stand-in. */
const isCheckoutScript = (url: string) =>
  url.startsWith('https://checkout.razorpay.com/') || new URL(url).pathname.startsWith('/sandbox/');

/** One Lighthouse run of `url`: its figures, and with BENCH_WEB_DETAILS what keeps them from better. */
async function measure(url: string, origin: string, label: string): Promise<Row> {
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const all = (audits['network-requests']?.details as { items?: NetworkRequest[] })?.items ?? [];
  const ownScripts = all.filter(
    (request) => request.resourceType === 'Script' && request.url.startsWith(origin) && !isCheckoutScript(request.url),
  );
  let jsGzip = 0;
  for (const request of ownScripts) jsGzip += await gzipBytes(request.url);
  const transferred = (requests: NetworkRequest[]) =>
    requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  const transfer = transferred(all.filter((request) => !isCheckoutScript(request.url)));
  if (process.env.BENCH_WEB_DETAILS) printDetails(label, audits, categories, all);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    'LCP ms': Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    'FCP ms': Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
    CLS: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    'JS transfer KB': Number((transferred(ownScripts) / 1024).toFixed(1)),
    'transfer KB': Number((transfer / 1024).toFixed(1)),
    'JS gzip KB': Number((jsGzip / 1024).toFixed(1)),
    'scripts (count)': ownScripts.length,
    scripts: ownScripts.map((request) => new URL(request.url).pathname.replace(/^\/assets\//, '')).join(' '),
  };
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function printDetails(
  label: string,
  audits: Lhr['audits'],
  categories: Lhr['categories'],
  all: NetworkRequest[],
): void {
  // What the LCP is and where its time goes (time to first byte, load delay, load time, render delay).
  const lcp = audits['largest-contentful-paint-element']?.details as { items?: unknown[] } | undefined;
  for (const item of lcp?.items ?? []) console.log(`${label} LCP: ${JSON.stringify(item).slice(0, 600)}`);
  // When the real (unthrottled) load painted: what ended before these is in the simulation's graph.
  const observed = (audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
  if (observed)
    console.log(
      `${label} observed: FCP ${Math.round(observed.observedFirstContentfulPaint ?? 0)} ms, ` +
        `LCP ${Math.round(observed.observedLargestContentfulPaint ?? 0)} ms, load ${Math.round(observed.observedLoad ?? 0)} ms`,
    );
  // The requests of the real (unthrottled) load: the simulated LCP waits for every one that
  // ended before the real LCP, except low-priority images.
  for (const request of all)
    console.log(
      `${label} request: ${request.url.slice(0, 80)} ${request.resourceType} ${request.priority} ` +
        `${request.transferSize ?? 0} B ${Math.round(request.networkRequestTime ?? 0)}–${Math.round(request.networkEndTime ?? 0)} ms`,
    );
  // The main thread's long tasks and each script's start-up cost: where TBT comes from.
  for (const id of ['long-tasks', 'bootup-time', 'mainthread-work-breakdown']) {
    const items = (audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
    for (const item of items.slice(0, 8)) console.log(`${label} ${id}: ${JSON.stringify(item).slice(0, 300)}`);
  }
  // What keeps a category under 100: the audits that did not pass.
  for (const [id, category] of Object.entries(categories)) {
    for (const ref of category.auditRefs) {
      const audit = audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        console.log(`${label} ${id}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
        const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
        for (const item of items.slice(0, 5)) console.log(`    ${JSON.stringify(item).slice(0, 300)}`);
      }
    }
  }
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** A page's median figures against the floor's, with the goals and a verdict on each. */
function goalsRow(page: string, build: string, row: Row, floor: Row): Row {
  const lcpRatio = Number(row['LCP ms']) / Number(floor['LCP ms']);
  const fcpRatio = Number(row['FCP ms']) / Number(floor['FCP ms']);
  const transferGoal = TRANSFER_GOAL_KB[page];
  return {
    page,
    build,
    'LCP ms': row['LCP ms'] ?? 0,
    'LCP × floor': Number(lcpRatio.toFixed(2)),
    'LCP goal': `≤ ${LCP_GOAL} × ${verdict(lcpRatio <= LCP_GOAL)}`,
    'FCP ms': row['FCP ms'] ?? 0,
    'FCP × floor': Number(fcpRatio.toFixed(2)),
    'TBT ms': row['TBT ms'] ?? 0,
    'TBT goal': `≤ ${TBT_GOAL_MS} ${verdict(Number(row['TBT ms']) <= TBT_GOAL_MS)}`,
    CLS: row.CLS ?? 0,
    'CLS goal': `≤ ${CLS_GOAL} ${verdict(Number(row.CLS) <= CLS_GOAL)}`,
    performance: row.performance ?? 0,
    'perf goal': `${PERFORMANCE_GOAL} ${verdict(Number(row.performance) >= PERFORMANCE_GOAL)}`,
    'JS transfer KB': row['JS transfer KB'] ?? 0,
    'JS transfer goal': transferGoal
      ? `≤ ${transferGoal} ${verdict(Number(row['JS transfer KB']) <= transferGoal)}`
      : '',
    'all transfer KB': row['transfer KB'] ?? 0,
  };
}

/** A fresh database beside `url`'s, on the same PostgreSQL, for the base build; dropped at the end. */
async function createSiblingDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_web_base_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const sibling = new URL(url);
  sibling.pathname = `/${name}`;
  return {
    url: sibling.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The machine's load average (1, 5, 15 minutes): the figures mean little on a busy machine. */
const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

async function main() {
  await ensureClientBuilt();
  const loadBefore = loadAverage();
  const baseDir = process.env.BENCH_BASE ? resolvePath(process.env.BENCH_BASE) : undefined;
  if (baseDir && !existsSync(join(baseDir, 'dist/client')))
    throw new Error(`BENCH_BASE=${baseDir} has no dist/client: build it first`);
  let embedded: EmbeddedPostgres | undefined;
  const dataDir = join(tmpdir(), `bench-web-postgres-${process.pid}`);
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    databaseUrl = embedded.url;
  }
  const sites: Site[] = [];
  let baseDatabase: Awaited<ReturnType<typeof createSiblingDatabase>> | undefined;
  let emptyPage: Awaited<ReturnType<typeof startEmptyPageServer>> | undefined;
  let browser: ReturnType<typeof spawn> | undefined;
  try {
    const today = await startServer(databaseUrl, { LOG_LEVEL: 'info' });
    sites.push({ name: 'today', server: today });
    await seedAppeal(databaseUrl);
    if (baseDir) {
      baseDatabase = await createSiblingDatabase(databaseUrl);
      const base = await startServer(baseDatabase.url, { LOG_LEVEL: 'info' }, baseDir);
      sites.push({ name: 'base', server: base });
      // This checkout's seeding, on the base build's schema: an older one may lack what it writes.
      await seedAppeal(baseDatabase.url).catch((error: unknown) =>
        console.warn(`the base build's appeal could not be seeded (its page will be a 404): ${error}`),
      );
    }
    emptyPage = await startEmptyPageServer();
    // The home and donate pages list the appeal from their next check (every 15 s).
    await new Promise((resolve) => setTimeout(resolve, 16_000));
    browser = await launchDevtoolsChromium(DEBUG_PORT, join(tmpdir(), `bench-web-chromium-${process.pid}`));

    const floorSamples: Row[] = [];
    const samples = new Map<string, Row[]>();
    const missing = new Set<string>();
    for (let run = 0; run < RUNS; run += 1) {
      floorSamples.push(await measure(`${emptyPage.url}/`, emptyPage.url, 'empty page'));
      for (const path of PAGES) {
        for (const site of sites) {
          const key = `${site.name} ${path}`;
          if (missing.has(key)) continue;
          // Asked once first: a page this build lacks is listed as missing; an appeal's page is
          // rendered on its first request and kept (transports/web/appeal-pages.ts), as it is for
          // the donors who follow a shared link after the first one.
          const { status } = await fetch(`${site.server.url}${path}`);
          if (status === 404) {
            missing.add(key);
            continue;
          }
          const row = await measure(`${site.server.url}${path}`, site.server.url, key);
          Object.assign(row, await cssFigures(`${site.server.url}${path}`));
          samples.set(key, [...(samples.get(key) ?? []), row]);
        }
      }
    }

    const floor = medianRow(floorSamples);
    const goals: Row[] = [];
    const figures: Row[] = [];
    for (const path of PAGES) {
      for (const site of sites) {
        if (missing.has(`${site.name} ${path}`)) {
          goals.push({ page: path, build: site.name, 'LCP goal': 'missing (404)' });
          continue;
        }
        const row = medianRow(samples.get(`${site.name} ${path}`) ?? []);
        goals.push(goalsRow(path, site.name, row, floor));
        const {
          'LCP ms': _lcp,
          'FCP ms': _fcp,
          'TBT ms': _tbt,
          'JS transfer KB': _js,
          'transfer KB': _all,
          CLS: _cls,
          performance: _performance,
          ...rest
        } = row;
        figures.push({ page: path, build: site.name, ...rest });
      }
    }
    console.log(`Lighthouse 12, mobile profile (simulated slow 4G, 4× CPU slowdown), median of ${RUNS} runs.`);
    console.log(`Load average before: ${loadBefore}; after: ${loadAverage()}.`);
    console.log(
      `The floor, an empty page from a bare node:http server: LCP ${floor['LCP ms']} ms, FCP ${floor['FCP ms']} ms, ` +
        `TBT ${floor['TBT ms']} ms, transfer ${floor['transfer KB']} KB.`,
    );
    if (baseDir) console.log(`base = ${baseDir}, on a database of its own`);
    console.table(goals);
    console.table(figures);
  } finally {
    browser?.kill('SIGTERM');
    await emptyPage?.close();
    for (const site of sites) await site.server.stop();
    await baseDatabase?.drop().catch(() => undefined);
    await embedded?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(join(tmpdir(), `bench-web-chromium-${process.pid}`), { recursive: true, force: true });
  }
}

await main();
process.exit(0);
