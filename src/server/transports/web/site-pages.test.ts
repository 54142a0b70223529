import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../../../scripts/lib/site-server';
import { DEFAULT_CONTENT } from '../../../shared/default-content';
import { PAGE_DATA_ELEMENT_ID } from '../../../shared/page-render';
import { publishSiteContent, saveSiteContentDraft } from '../../platform/site-content/site-content-versions';
import { createTestApp, SITE, type TestApp } from '../../test/test-app';

/**
 * The pages are rendered by the server from the published site content: a version published on
 * the database (here straight into it, as another instance's console would) shows on every
 * instance within the check interval, with a new ETag, and no build or restart.
 */

const CLIENT_DIR = fileURLToPath(new URL('../../../../dist/client', import.meta.url));
const CHECK_MS = 300;
const NEW_PHONE = '+91 44 2345 6789';
const NEW_STORY = 'Bruno walks again: his wheelchair is back in the cupboard, and he is looking for a home.';

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  await ensureClientBuilt();
  first = await createTestApp({}, { clientDir: CLIENT_DIR, contentCheckIntervalMs: CHECK_MS });
  second = await createTestApp({}, { clientDir: CLIENT_DIR, contentCheckIntervalMs: CHECK_MS, sameDatabaseAs: first });
}, 600_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** The page data a React page embeds for its hydration. */
function pageData(html: string) {
  const json = html.match(
    new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`),
  )?.[1];
  return json ? JSON.parse(json) : undefined;
}

async function waitFor(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

describe('pages rendered from the published site content', () => {
  it('serve the defaults until a version is published, as the build prerendered them', async () => {
    for (const t of [first, second]) {
      const home = await t.app.inject({ url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain(`<a href="tel:+919876543210">${DEFAULT_CONTENT.contact.phone}</a>`);
      expect(home.body).toContain(`<link rel="canonical" href="${SITE}/" />`);
      // The home page never hydrates: it carries no data.
      expect(pageData(home.body)).toBeUndefined();
      const donate = await t.app.inject({ url: '/donate' });
      expect(pageData(donate.body).content.donate.rescueStory).toEqual(DEFAULT_CONTENT.donate.rescueStory);
    }
  });

  it('follow a publication on every instance within the check interval: new text, new ETag, same headers', async () => {
    const before = await Promise.all([first, second].map((t) => t.app.inject({ url: '/' })));
    const beforeDonate = await first.app.inject({ url: '/donate' });
    expect(before[0]?.headers.etag).toBe(before[1]?.headers.etag);

    const em = first.db.orm.em.fork();
    const actor = { userId: null, username: 'secretary', ip: '127.0.0.1' };
    const content = structuredClone(DEFAULT_CONTENT);
    content.contact.phone = NEW_PHONE;
    content.donate.rescueStory = [NEW_STORY];
    const draft = await saveSiteContentDraft(em, actor, content);
    await publishSiteContent(em, actor, draft.id);

    // Nobody told the instances: each finds the version on its own check, rendering takes the rest.
    const waited = await Promise.all(
      [first, second].map((t) =>
        waitFor(async () => (await t.app.inject({ url: '/' })).body.includes(NEW_PHONE), CHECK_MS + 5_000),
      ),
    );
    expect(Math.max(...waited)).toBeLessThan(CHECK_MS + 5_000);

    for (const [index, t] of [first, second].entries()) {
      const home = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
      expect(home.statusCode).toBe(200);
      expect(home.headers.etag).not.toBe(before[index]?.headers.etag);
      expect(home.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(home.headers['content-encoding']).toBe('br');
      const html = brotliDecompressSync(home.rawPayload).toString();
      expect(html).toContain(`<a href="tel:+914423456789">${NEW_PHONE}</a>`);
      expect(html).not.toContain(DEFAULT_CONTENT.contact.phone);
      expect(html).toContain(`<link rel="canonical" href="${SITE}/" />`);
      expect(html).not.toContain('__SITE_URL__');
      // A browser holding the old page gets the new one; one holding the new one, 304.
      const stale = await t.app.inject({ url: '/', headers: { 'if-none-match': String(before[index]?.headers.etag) } });
      expect(stale.statusCode).toBe(200);
      const fresh = await t.app.inject({ url: '/', headers: { 'if-none-match': String(home.headers.etag) } });
      expect(fresh.statusCode).toBe(304);
    }
    // Both instances serve the same bytes, so a browser's ETag is good on either behind a balancer.
    const etags = await Promise.all([first, second].map(async (t) => (await t.app.inject({ url: '/' })).headers.etag));
    expect(etags[0]).toBe(etags[1]);

    // The donate page shows the new story, and embeds what it was rendered with for its hydration.
    const donate = await second.app.inject({ url: '/donate' });
    expect(donate.headers.etag).not.toBe(beforeDonate.headers.etag);
    expect(donate.body).toContain(NEW_STORY);
    expect(pageData(donate.body).content.donate.rescueStory).toEqual([NEW_STORY]);
    expect(pageData(donate.body).content.contact.phone).toBe(NEW_PHONE);
    expect(donate.body).toContain(`<link rel="canonical" href="${SITE}/donate" />`);
    // The 404 page has the new footer as well (its layout is the site's).
    const missing = await second.app.inject({ url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page Not Found');
  });
});
