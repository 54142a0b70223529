import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../../../scripts/lib/site-server';
import { PAGE_DATA_ELEMENT_ID } from '../../../shared/page-render';
import { donationBody } from '../../test/donation-fixtures';
import { phonePhoto, photoForm } from '../../test/image-fixtures';
import { callProcedure, createTestApp, deliverSandboxWebhooks, SITE, type TestApp } from '../../test/test-app';

/**
 * An appeal's page, `/appeals/<slug>`: rendered by the server in the site's layout with the
 * appeal's story and figures (readable without script), its own canonical link and link preview,
 * kept for a short window and rendered again after it; a draft or an unknown slug is the 404 page.
 * Its Open Graph card is a 1200×630 JPEG at an address with its version.
 */
const CLIENT_DIR = fileURLToPath(new URL('../../../../dist/client', import.meta.url));
const WINDOW_MS = 400;

let t: TestApp;
let clerk: string;

beforeAll(async () => {
  await ensureClientBuilt();
  t = await createTestApp({}, { clientDir: CLIENT_DIR, appealPageMaxAgeMs: WINDOW_MS, contentCheckIntervalMs: 200 });
  deliverSandboxWebhooks(t);
  await t.addAccount('meena', 'staff');
  clerk = await t.signIn('meena');
}, 600_000);
afterAll(() => t?.close());

const staff = async <T>(path: string, input: unknown) => {
  const response = await callProcedure(t.app, `staff.appeals.${path}`, 'mutation', { token: clerk, input });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as T;
};

async function uploadPhoto(alt: string): Promise<number> {
  const form = photoForm(alt, { data: await phonePhoto(1600, 1200) });
  const response = await t.app.inject({
    method: 'POST',
    url: '/staff/api/images',
    headers: { 'content-type': form.contentType, origin: SITE, cookie: `staff_session=${clerk}` },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return (response.json() as { image: { id: number } }).image.id;
}

async function paidGift(appealId: number, amount: number, email: string) {
  const created = await t.caller.donation.create(donationBody({ amount, email, appealId }));
  await t.emulator.completePayment({ orderId: created.order.id });
  await t.emulator.webhooksIdle();
}

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
const meta = (html: string, property: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];
const progress = (html: string) => html.match(/role="progressbar"[^>]*aria-valuetext="([^"]*)"/)?.[1];

describe('an appeal’s page', () => {
  let slug: string;
  let id: number;

  beforeAll(async () => {
    const photo = await uploadPhoto('Bruno in his cone after the surgery');
    ({ id, slug } = await staff<{ id: number; slug: string }>('create', {
      title: 'Bruno’s surgery',
      story:
        'Bruno was hit by a truck on the Adyar bridge.\n\nHis hind leg needs surgery & six weeks of care; the vet has estimated the cost.',
      goal: 4_500_000,
      photoImageIds: [photo],
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    }));
  });

  it('is the 404 page while a draft, and for an unknown slug', async () => {
    for (const url of [`/appeals/${slug}`, '/appeals/no-such-appeal', '/appeals/Not_A_Slug']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('renders, published, with its story, figures, canonical link and link preview', async () => {
    await staff('publish', { id });
    await paidGift(id, 150_000, 'asha@example.org');

    const response = await page(`/appeals/${slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toMatch(/^"/);
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const html = response.body;
    expect(html).toContain('<title>Bruno’s surgery | ');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/appeals/${slug}" />`);
    expect(meta(html, 'og:title')).toMatch(/^Bruno’s surgery \| /);
    expect(meta(html, 'og:description')).toBe('Bruno was hit by a truck on the Adyar bridge.');
    expect(meta(html, 'og:url')).toBe(`${SITE}/appeals/${slug}`);
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^${SITE}/appeals/${slug}/card-[0-9a-f]{16}\\.jpg$`));
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    // The story, escaped as text; the figures; the bar; the video as a link until tapped.
    expect(html).toContain('His hind leg needs surgery &amp; six weeks of care; the vet has estimated the cost.');
    expect(progress(html)).toBe('₹1,500 of ₹45,000 (3%)');
    expect(html).toContain('aria-valuenow="3"');
    expect(html).toMatch(/1<!-- --> <!-- -->donor</);
    expect(html).not.toContain('<iframe');
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(html).toContain('Giving to: <strong>Bruno’s surgery</strong>');
    // ':' and '/' as they are: the browser builds the same href (shared/share-links.ts).
    expect(html).toContain(`https://wa.me/?text=Help%20Bruno%E2%80%99s%20surgery:%20${SITE}/appeals/${slug}"`);
    // The photo with its size, the appeal in the page's data for hydration.
    expect(html).toMatch(/<img [^>]*alt="Bruno in his cone after the surgery"[^>]*width="\d+" height="\d+"/);
    const data = html.match(
      new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`),
    )?.[1];
    expect(JSON.parse(data ?? '{}').appeal).toMatchObject({ id, slug, raised: 150_000, donors: 1 });

    // Compressed and revalidated as the other pages.
    const br = await t.app.inject({ method: 'GET', url: `/appeals/${slug}`, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    // Rendered again after its window with the same figures: the same bytes, so the browser's copy still serves.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 50));
    const again = await t.app.inject({
      method: 'GET',
      url: `/appeals/${slug}`,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('asks for its photo from the head: the AVIF the <picture> takes, at the phone’s width, at high priority', async () => {
    const html = (await page(`/appeals/${slug}`)).body;
    const head = html.slice(0, html.indexOf('</head>'));
    const preload = head.match(/<link rel="preload" as="image"[^>]*>/)?.[0] ?? '';
    const avif = html.match(/<picture><source type="image\/avif" srcSet="([^"]+)" sizes="([^"]+)"/);
    expect(avif).not.toBeNull();
    expect(preload).toContain(`imagesrcset="${avif?.[1]}"`);
    expect(preload).toContain(`imagesizes="${avif?.[2]}"`);
    expect(preload).toContain('type="image/avif"');
    expect(preload).toContain('fetchpriority="high"');
    // A 390-pixel phone (at 2×) picks a variant no wider than it needs: 640 or 960, not the master.
    expect(avif?.[1]).toMatch(/-640\.avif 640w/);
    // Before the page's own CSS: the first bytes of the document name it.
    expect(head.indexOf(preload)).toBeLessThan(head.indexOf('<style>'));
    // Its file is served at once from then on, the same bytes every time.
    const file = avif?.[1]?.split(' ')[0] ?? '';
    const first = await t.app.inject({ url: file });
    const second = await t.app.inject({ url: file });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/avif');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('is listed, open, on the home page and /donate, server-rendered with its figures', async () => {
    const listed = async (url: string) =>
      (await page(url)).body.includes(`<a href="/appeals/${slug}">Bruno’s surgery</a>`);
    for (let tries = 0; !((await listed('/')) && (await listed('/donate'))); tries++) {
      expect(tries).toBeLessThan(60);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const home = (await page('/')).body;
    expect(home).toContain('Animals who need you now');
    // Its totals as counted at most half a minute before (the gift above may not be in them yet).
    expect(progress(home)).toMatch(/^₹[\d,]+ of ₹45,000 \(\d+%\)$/);
    // The home page stays static: no page data, no React page chunk.
    expect(home).not.toContain(`id="${PAGE_DATA_ELEMENT_ID}"`);
  });

  it('shows a new gift once its short window has passed, with a new card', async () => {
    const before = await page(`/appeals/${slug}`);
    const card = meta(before.body, 'og:image');
    await paidGift(id, 300_000, 'ravi@example.org');
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 50));
    const after = await page(`/appeals/${slug}`);
    expect(progress(after.body)).toBe('₹4,500 of ₹45,000 (10%)');
    expect(after.body).toMatch(/2<!-- --> <!-- -->donors</);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(meta(after.body, 'og:image')).not.toBe(card);
    // The old card's address sends on to the new one.
    const old = await page(String(card).replace(SITE, ''));
    expect(old.statusCode).toBe(302);
    expect(`${SITE}${old.headers.location}`).toBe(meta(after.body, 'og:image'));
  });

  it('shows a staff change at once (an update, then closing it)', async () => {
    await staff('postUpdate', { appealId: id, text: 'Bruno stood up on his own today!' });
    const updated = await page(`/appeals/${slug}`);
    expect(updated.body).toContain('Bruno stood up on his own today!');
    await staff('close', { id });
    const closed = await page(`/appeals/${slug}`);
    expect(closed.statusCode).toBe(200);
    expect(closed.body).toContain('This appeal is closed');
    expect(closed.body).toContain('href="/donate"');
    expect(closed.body).not.toContain('Giving to:');
    // Closed, it leaves the home page's list within the check.
    for (let tries = 0; (await page('/')).body.includes(`/appeals/${slug}"`); tries++) {
      expect(tries).toBeLessThan(60);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('has an Open Graph card: a 1200×630 JPEG at its versioned address, cached a year', async () => {
    const html = (await page(`/appeals/${slug}`)).body;
    const url = String(meta(html, 'og:image')).replace(SITE, '');
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A file, not a document: nosniff, without the pages' CSP (issue 34).
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeUndefined();
    const info = await sharp(response.rawPayload).metadata();
    expect(info).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect((await page(`/appeals/${slug}/card-0000000000000000.jpg`)).statusCode).toBe(302);
    expect((await page('/appeals/no-such-appeal/card-0000000000000000.jpg')).statusCode).toBe(404);
  });
});
