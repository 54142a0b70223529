/**
 * `npm run docs:screenshots`: remakes the PNGs under docs/images/ that docs/going-live.md and
 * docs/staff-guide.md show. Starts the built site on a throwaway embedded PostgreSQL, walks it as a
 * trustee would (the setup link from the log, the first admin, a few gifts through the sandbox,
 * sample donations), and shoots each page with Chromium at a laptop's or a phone's size. Each PNG
 * is reduced to a small palette with sharp, so the guides stay light. Run it after changing a page.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { giveMonthly, query, seedDonations } from '../src/client/test/staff-setup';
import { startEmbeddedPostgres } from '../src/server/platform/db/embedded-postgres';
import { launchBrowser } from './lib/chromium';
import { ensureClientBuilt, startServer } from './lib/site-server';

const OUT = fileURLToPath(new URL('../docs/images/', import.meta.url));
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'a trustee picks four words';

/** Shoots what the page shows (not the whole scroll) and writes it as a small palette PNG. */
async function shoot(page: Page, name: string): Promise<void> {
  // Let fonts, charts and the notifications' entrance settle. The stand-in Indic fonts load only
  // when asked for: asked here, so a Tamil name in a table is not shot before its font arrives.
  await page.evaluate(() =>
    Promise.all([document.fonts.load('16px "Docs Indic"', 'தமிழ்'), document.fonts.load('16px "Docs Indic"', 'हिन्दी')]),
  );
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  const png = await sharp(await page.screenshot())
    .png({ palette: true, colours: 16, compressionLevel: 9, effort: 10 })
    .toBuffer();
  await writeFile(join(OUT, `${name}.png`), png);
  console.log(`docs/images/${name}.png: ${Math.round(png.length / 1024)} KB`);
}

/**
 * The console draws Tamil and Hindi in the computer's own fonts, which a staff member's computer has
 * and this server's Chromium may not: the site's own Noto files stand in, as a first family that
 * covers only those scripts (Latin text falls through to the theme's own stack, unchanged), so the
 * screenshots show Tamil and Hindi rather than empty boxes.
 */
const INDIC_FONTS = `
  @font-face { font-family: "Docs Indic"; src: url(/fonts/noto-sans-tamil-400.woff2); unicode-range: U+0B80-0BFF; }
  @font-face { font-family: "Docs Indic"; src: url(/fonts/noto-sans-devanagari-400.woff2); unicode-range: U+0900-097F; }
  body *:not(code):not(pre) {
    font-family: "Docs Indic", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif !important;
  }`;

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  // The stand-in fonts are an inline style, which the console's CSP rightly refuses.
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    bypassCSP: true,
    // Dates as staff in Chennai see them (28/11/2026, India time), not Chromium's en-US default.
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  await context.addInitScript((css) => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    });
  }, INDIC_FONTS);
  return context.newPage();
}

async function main(): Promise<void> {
  await ensureClientBuilt();
  await mkdir(OUT, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'rescue-docs-screenshots-'));
  const embedded = await startEmbeddedPostgres({ dataDir: join(dataDir, 'postgres'), ephemeral: true });
  const server = await startServer(embedded.url, {
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '1000',
    // As setup-server.sh writes it: the health list then shows what a real server would.
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  });
  const browser = await launchBrowser();
  try {
    const url = server.url;
    const link = /setup link \(create the first admin; works once, for 24 hours\): (\S+?token=[\w-]+)/.exec(
      server.output(),
    )?.[1];
    if (!link) throw new Error(`no setup link in the server's log:\n${server.output()}`);

    // going-live.md: the first admin, made from the link in the log, on a phone.
    const phone = await newPage(browser, PHONE);
    await phone.goto(link);
    await phone.getByRole('heading', { name: 'Set up the staff console' }).waitFor();
    await phone.getByLabel('Your name').fill('Lakshmi Raman');
    await phone.getByLabel('Username').fill('lakshmi');
    await phone.getByLabel('Your e-mail address').fill('lakshmi@trust.example.org');
    await phone.getByLabel(/^Password/).fill(PASSWORD);
    await phone.getByLabel('Repeat the password').fill(PASSWORD);
    await shoot(phone, 'setup-first-admin');
    await phone.getByRole('button', { name: 'Create the admin account' }).click();
    await phone.getByRole('heading', { name: 'Overview' }).waitFor();

    // Sample data: donations of a few days, a monthly gift through the sandbox, an appeal.
    await seedDonations(embedded.url);
    await giveMonthly(phone, url, 'monthly.donor@example.org');
    await query(
      embedded.url,
      `insert into appeals (slug, title, story, goal, status, photo_image_ids, created_by, updated_by, published_at)
       values ('brunos-surgery', 'Bruno’s surgery', $1, 4500000, 'published', '[]'::jsonb, 'lakshmi', 'lakshmi', now())`,
      [
        'Bruno was hit by a truck on the Adyar bridge. His hind leg needs surgery and six weeks of care.\n\nThe vet has estimated ₹45,000; every rupee beyond it goes to the general fund.',
      ],
    );

    // The animals: one adoptable, one permanent resident open for sponsorship, one just in;
    // a family's application for the first, sent through the site's form as a family would.
    for (const [slug, name, species, status, sponsor] of [
      ['moti', 'Moti', 'dog', 'adoptable', null],
      ['rani', 'Rani', 'cat', 'resident', 350000],
      ['kutty', 'Kutty', 'dog', 'in-care', null],
    ] as const) {
      await query(
        embedded.url,
        `insert into animals (slug, name, species, sex, born_on, born_estimated, one_line, story, intake_on, intake_kind,
           photo_image_ids, good_with_children, status, status_on, sponsor_monthly_amount, created_by, updated_by)
         values ($1, $2, $3, 'female', '2022-03-01', true, $4, $5, '2026-05-01', 'rescued', '[]'::jsonb, 'yes', $6,
           '2026-06-01', $7, 'lakshmi', 'lakshmi')`,
        [
          slug,
          name,
          species,
          `${name} is calm, gentle and loves the beach.`,
          `${name} was found near the Marina with a hurt paw.`,
          status,
          sponsor,
        ],
      );
    }
    const applied = await fetch(`${url}/api/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'adopt',
        animal: 'moti',
        name: 'Priya Venkatesan',
        email: 'priya@example.org',
        phone: '98400 12345',
        language: 'ta',
        consent: true,
        home: 'own',
        household: 'Two adults and our daughter of 9',
        hoursAlone: 3,
        sleepsWhere: 'Inside, in the hall',
        homeVisit: true,
      }),
    });
    if (!applied.ok) throw new Error(`the sample application was refused: ${await applied.text()}`);

    // staff-guide.md: signing in on a phone.
    const signIn = await newPage(browser, PHONE);
    await signIn.goto(`${url}/staff/login`);
    await signIn.getByRole('button', { name: 'Sign in' }).waitFor();
    await signIn.getByLabel('Username').fill('lakshmi');
    await shoot(signIn, 'sign-in-phone');

    const laptop = await newPage(browser, LAPTOP);
    await laptop.goto(`${url}/staff/login`);
    await laptop.getByLabel('Username').fill('lakshmi');
    await laptop.getByLabel(/^Password/).fill(PASSWORD);
    await laptop.getByRole('button', { name: 'Sign in' }).click();
    await laptop.getByRole('heading', { name: 'Overview' }).waitFor();

    const [refunded] = await query<{ id: number }>(embedded.url, `select id from donations where status = 'refunded'`);
    const [appeal] = await query<{ id: number }>(embedded.url, `select id from appeals`);
    const [moti] = await query<{ id: number }>(embedded.url, `select id from animals where slug = 'moti'`);
    const [application] = await query<{ id: number }>(embedded.url, `select id from applications`);
    const pages: [name: string, path: string, heading: string | RegExp][] = [
      ['overview', '/staff', 'Overview'],
      ['settings', '/staff/settings', 'Settings'],
      ['donations', '/staff/donations', 'Donations'],
      ['gifts-received', '/staff/gifts-received', 'Gifts received'],
      ['receipts', '/staff/receipts', 'Receipts'],
      ['refunded-donation', `/staff/donations/${refunded?.id}`, /^Donation/],
      ['monthly-donors', '/staff/subscriptions', 'Monthly donors'],
      ['erasure-requests', '/staff/erasure', 'Erasure requests'],
      ['appeal', `/staff/appeals/${appeal?.id}`, /Bruno/],
      ['animals', '/staff/animals', 'Animals'],
      ['animal', `/staff/animals/${moti?.id}`, /Moti/],
      ['applications', '/staff/applications', 'Applications'],
      ['application', `/staff/applications/${application?.id}`, /Priya/],
      ['sponsorships', '/staff/sponsorships', /Sponsor/],
      ['site-content', '/staff/site-content', 'Site content'],
      ['settlements', '/staff/settlements', 'Settlements'],
      ['annual-statement', '/staff/statement', /statement of donations/i],
      ['certificates', '/staff/certificates', /certificates/],
      ['backups', '/staff/backups', 'Backups'],
      ['staff-accounts', '/staff/accounts', 'Staff accounts'],
    ];
    for (const [name, path, heading] of pages) {
      await laptop.goto(`${url}${path}`);
      await laptop.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      await laptop.waitForLoadState('networkidle');
      await shoot(laptop, name);
    }
  } finally {
    await browser.close();
    await server.stop();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
