/**
 * `npm run bench:web`: Lighthouse 12 with its default (mobile) profile — a mid-range phone on a
 * slow 4G link, simulated — against the built site served by the real server in sandbox mode.
 * Prints, for `/`, `/donate`, `/ta/`, `/ta/donate`, `/hi/donate` and an appeal's page (seeded with a photo), the four category scores, LCP, CLS, TBT, and the bytes of the
 * JavaScript the page loads before it is interactive, as gzip (what a browser without brotli gets;
 * without the checkout script), FCP, and the CSS each page's HTML links (render-blocking or not) and inlines.
 *
 * Each figure is the median of BENCH_WEB_RUNS (or BENCH_RUNS) runs (default 3): this machine is shared and noisy.
 * BENCH_WEB_DETAILS=1 also lists the audits that did not pass.
 * Uses DATABASE_URL when set, else a throwaway embedded PostgreSQL. Builds the site if needed.
 */
import type { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { openDatabase } from '../src/server/db/orm';
import { storeImage } from '../src/server/images/images';
import { ENTITIES } from '../src/server/wiring/entities';
import { launchDevtoolsChromium } from './lib/chromium';
import { ensureClientBuilt, type RunningServer, startServer } from './lib/site-server';

const APPEAL_SLUG = 'brunos-surgery';
/** The English pages, the Tamil ones (a language must add nothing to another's load: /ta/donate against /donate), an appeal's. */
const PAGES = ['/', '/donate', '/ta/', '/ta/donate', '/hi/donate', `/appeals/${APPEAL_SLUG}`];

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
  networkRequestTime?: number;
  networkEndTime?: number;
}

async function main() {
  await ensureClientBuilt();
  let embedded: EmbeddedPostgres | undefined;
  const dataDir = join(tmpdir(), `bench-web-postgres-${process.pid}`);
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    databaseUrl = embedded.url;
  }
  let server: RunningServer | undefined;
  let browser: ReturnType<typeof spawn> | undefined;
  try {
    server = await startServer(databaseUrl, { LOG_LEVEL: 'info' });
    await seedAppeal(databaseUrl);
    // The home and donate pages list it from their next check (every 15 s).
    await new Promise((resolve) => setTimeout(resolve, 16_000));
    browser = await launchDevtoolsChromium(DEBUG_PORT, join(tmpdir(), `bench-web-chromium-${process.pid}`));
    const rows: Row[] = [];
    for (const path of PAGES) {
      const samples: Row[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(`${server.url}${path}`, {
          port: DEBUG_PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        const { categories, audits } = result.lhr;
        // The scripts the page loaded during the run, measured as gzip.
        // The checkout script (Razorpay's, or the sandbox's stand-in) is not the site's own.
        const requests = ((audits['network-requests']?.details as { items?: NetworkRequest[] })?.items ?? []).filter(
          (request) =>
            request.resourceType === 'Script' &&
            request.url.startsWith(server?.url ?? '') &&
            !new URL(request.url).pathname.startsWith('/sandbox/'),
        );
        let jsGzip = 0;
        for (const request of requests) jsGzip += await gzipBytes(request.url);
        if (process.env.BENCH_WEB_DETAILS) {
          // What the LCP is and where its time goes (time to first byte, load delay, load time, render delay).
          const lcp = audits['largest-contentful-paint-element']?.details as { items?: unknown[] } | undefined;
          for (const item of lcp?.items ?? []) console.log(`${path} LCP: ${JSON.stringify(item).slice(0, 600)}`);
          // The requests of the real (unthrottled) load: the simulated LCP waits for every one that
          // ended before the real LCP, except low-priority images.
          const all = (audits['network-requests']?.details as { items?: NetworkRequest[] })?.items ?? [];
          for (const request of all)
            console.log(
              `${path} request: ${request.url.slice(0, 80)} ${request.resourceType} ${request.priority} ` +
                `${Math.round(request.networkRequestTime ?? 0)}–${Math.round(request.networkEndTime ?? 0)} ms`,
            );
          // What keeps a category under 100: the audits that did not pass.
          for (const [id, category] of Object.entries(categories)) {
            for (const ref of category.auditRefs) {
              const audit = audits[ref.id];
              if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
                console.log(`${path} ${id}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
                const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
                for (const item of items.slice(0, 5)) console.log(`    ${JSON.stringify(item).slice(0, 300)}`);
              }
            }
          }
        }
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        samples.push({
          page: path,
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
          'LCP ms': Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          'FCP ms': Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
          CLS: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
          'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? 0),
          'first-load JS gzip KB': Number((jsGzip / 1024).toFixed(1)),
          ...(await cssFigures(`${server.url}${path}`)),
          scripts: requests.map((request) => new URL(request.url).pathname.replace(/^\/assets\//, '')).join(' '),
        });
      }
      rows.push(medianRow(samples));
    }
    console.log(`Lighthouse 12, mobile profile (simulated slow 4G, 4× CPU slowdown), median of ${RUNS} runs:`);
    console.table(rows);
  } finally {
    browser?.kill('SIGTERM');
    await server?.stop();
    await embedded?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(join(tmpdir(), `bench-web-chromium-${process.pid}`), { recursive: true, force: true });
  }
}

await main();
process.exit(0);
