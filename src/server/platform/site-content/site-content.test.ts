import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../../../scripts/lib/site-server';
import { DEFAULT_CONTENT } from '../../../shared/default-content';
import type { EditableContent } from '../../../shared/site-content';
import { phonePhoto } from '../../test/image-fixtures';
import { callProcedure, createTestApp, SITE, type TestApp } from '../../test/test-app';
import { storeImage } from '../images/images';

/**
 * The console's Site content: a draft saved, previewed as the page it would make, published by an
 * admin, each step in the audit trail; the served page follows at once on this instance.
 */

const CLIENT_DIR = fileURLToPath(new URL('../../../../dist/client', import.meta.url));
const NEW_PHONE = '+91 44 2345 6789';

let t: TestApp;
let staff: string;
let admin: string;

beforeAll(async () => {
  await ensureClientBuilt();
  t = await createTestApp({}, { clientDir: CLIENT_DIR });
  await t.addAccount('volunteer', 'staff');
  await t.addAccount('secretary', 'admin');
  staff = await t.signIn('volunteer');
  admin = await t.signIn('secretary');
}, 600_000);
afterAll(() => t?.close());

function edited(edit: (content: EditableContent) => void): EditableContent {
  const content = structuredClone(DEFAULT_CONTENT);
  edit(content);
  return content;
}

const call = async (path: string, type: 'query' | 'mutation', token: string, input?: unknown) => {
  const response = await callProcedure(t.app, `staff.siteContent.${path}`, type, { token, input });
  return { status: response.statusCode, body: response.json() };
};

const auditEntries = () =>
  t.db.orm.em
    .fork()
    .execute<{ action: string; username: string; details: Record<string, unknown> }[]>(
      `select action, username, details from staff_audit where action like 'site_content_%' order by id`,
    );

const servedHome = async () => (await t.app.inject({ url: '/' })).body;

describe("the site's content, from draft to published", () => {
  let draftId: number;

  it('opens with the defaults, nothing published, no draft; only for staff', async () => {
    const state = await call('get', 'query', staff);
    expect(state.status).toBe(200);
    expect(state.body.result.data).toMatchObject({ published: null, draft: null, content: DEFAULT_CONTENT });
    const stranger = await callProcedure(t.app, 'staff.siteContent.get', 'query', {});
    expect(stranger.statusCode).toBe(401);
  });

  it('refuses a draft with HTML or a text too long, saying where, and stores nothing', async () => {
    const refused = await call(
      'saveDraft',
      'mutation',
      staff,
      edited((c) => {
        c.hero.headline = '<h1>Every Animal</h1>';
        c.about.call = 'x'.repeat(1_201);
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.data.issues).toEqual([
      { path: 'hero.headline', message: 'must be plain text: no HTML tags' },
      { path: 'about.call', message: 'must be at most 1200 characters' },
    ]);
    expect(await auditEntries()).toEqual([]);
  });

  it('saves a draft, in the audit trail with what it changes; the site does not change', async () => {
    const saved = await call(
      'saveDraft',
      'mutation',
      staff,
      edited((c) => {
        c.contact.phone = NEW_PHONE;
        c.impact.figures[0] = { value: '2500+', label: 'Dogs and cats sterilized in the past 11 years' };
      }),
    );
    expect(saved.status).toBe(200);
    draftId = saved.body.result.data.id;
    expect(saved.body.result.data).toMatchObject({ author: 'volunteer', publishedAt: null });
    expect(await auditEntries()).toEqual([
      {
        action: 'site_content_draft_saved',
        username: 'volunteer',
        details: {
          version: draftId,
          changes: {
            'contact.phone': { before: '+91 98765 43210', after: NEW_PHONE },
            'impact.figures.0.value': { before: '2000+', after: '2500+' },
            'impact.figures.0.label': {
              before: 'Dogs and cats sterilized in the past 10 years',
              after: 'Dogs and cats sterilized in the past 11 years',
            },
          },
        },
      },
    ]);
    const state = (await call('get', 'query', staff)).body.result.data;
    expect(state.draft).toMatchObject({ id: draftId, author: 'volunteer' });
    expect(state.content.contact.phone).toBe(NEW_PHONE);
    expect(await servedHome()).not.toContain(NEW_PHONE);
  });

  it('previews the draft as the page it would make, the live page unchanged', async () => {
    const home = await call('preview', 'query', staff, { id: draftId, page: '/' });
    expect(home.status).toBe(200);
    const html: string = home.body.result.data.html;
    expect(html).toContain(`<a href="tel:+914423456789">${NEW_PHONE}</a>`);
    expect(html).toContain('2500+');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/" />`);
    const donate = await call('preview', 'query', staff, { id: draftId, page: '/donate' });
    expect(donate.body.result.data.html).toContain(DEFAULT_CONTENT.donate.rescueStory[0]);
    // Looked at, not run: the preview has no scripts (nor the page's JSON).
    expect(html).not.toContain('<script');
    expect(donate.body.result.data.html).not.toContain('<script');
    expect(await servedHome()).not.toContain(NEW_PHONE);
    const missing = await call('preview', 'query', staff, { id: draftId + 100, page: '/' });
    expect(missing.status).toBe(404);
  });

  it('is published by an admin only; the page changes before the call answers, and the trail says what changed', async () => {
    const refused = await call('publish', 'mutation', staff, { id: draftId });
    expect(refused.status).toBe(403);
    expect(await servedHome()).not.toContain(NEW_PHONE);

    const before = await t.app.inject({ url: '/' });
    const published = await call('publish', 'mutation', admin, { id: draftId });
    expect(published.status).toBe(200);
    expect(published.body.result.data).toMatchObject({ id: draftId, author: 'volunteer', publishedBy: 'secretary' });
    const after = await t.app.inject({ url: '/' });
    expect(after.body).toContain(NEW_PHONE);
    expect(after.headers.etag).not.toBe(before.headers.etag);

    const entries = await auditEntries();
    expect(entries).toHaveLength(2);
    expect(entries[1]).toEqual({
      action: 'site_content_published',
      username: 'secretary',
      details: {
        version: draftId,
        replaces: null,
        changes: expect.objectContaining({ 'contact.phone': { before: '+91 98765 43210', after: NEW_PHONE } }),
      },
    });
    const again = await call('publish', 'mutation', admin, { id: draftId });
    expect(again.status).toBe(409);
    const state = (await call('get', 'query', staff)).body.result.data;
    expect(state).toMatchObject({ published: { id: draftId, publishedBy: 'secretary' }, draft: null });
  });

  it('never publishes a draft saved before the version now published: it would undo that one unseen', async () => {
    const older = (
      await call(
        'saveDraft',
        'mutation',
        staff,
        edited((c) => (c.hero.headline = 'Older draft')),
      )
    ).body.result.data.id;
    const newer = (
      await call(
        'saveDraft',
        'mutation',
        staff,
        edited((c) => {
          c.contact.phone = NEW_PHONE;
          c.hero.headline = 'Newer draft';
        }),
      )
    ).body.result.data.id;
    expect((await call('publish', 'mutation', admin, { id: newer })).status).toBe(200);
    const stale = await call('publish', 'mutation', admin, { id: older });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(
      `Version ${newer} was published after this draft was saved: open the page again to start from it`,
    );
    expect(await servedHome()).toContain('Newer draft');
    const last = (await auditEntries()).at(-1);
    expect(last).toMatchObject({
      action: 'site_content_published',
      details: {
        version: newer,
        replaces: draftId,
        changes: {
          'hero.headline': { before: DEFAULT_CONTENT.hero.headline, after: 'Newer draft' },
          'impact.figures.0.value': { before: '2500+', after: '2000+' },
          'impact.figures.0.label': {
            before: 'Dogs and cats sterilized in the past 11 years',
            after: 'Dogs and cats sterilized in the past 10 years',
          },
        },
      },
    });
  });

  it("takes photos from the Photos library: the hero's and the link preview's, in use once published", async () => {
    const em = t.db.orm.em.fork();
    const actor = { userId: null, username: 'volunteer', ip: '127.0.0.1' };
    const storage = { dir: undefined };
    const { image: hero } = await storeImage(
      em,
      { storage, actor },
      { bytes: await phonePhoto(2400, 1600), alt: 'Bruno asleep in the sun' },
    );
    const { image: share } = await storeImage(
      em,
      { storage, actor },
      { bytes: await phonePhoto(1600, 1200), alt: 'Bruno in his wheelchair' },
    );
    const missing = await call(
      'saveDraft',
      'mutation',
      staff,
      edited((c) => (c.photos.hero.imageId = share.id + 1000)),
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('A chosen photo no longer exists: choose another');

    const draft = (
      await call(
        'saveDraft',
        'mutation',
        staff,
        edited((c) => {
          c.photos.hero.imageId = hero.id;
          c.photos.share.imageId = share.id;
        }),
      )
    ).body.result.data.id;
    const preview: string = (await call('preview', 'query', staff, { id: draft, page: '/' })).body.result.data.html;
    expect(preview).toMatch(
      new RegExp(
        `<div class="hero-picture"><picture><source type="image/avif" srcSet="/images/${hero.hash}-320.avif 320w`,
      ),
    );
    expect(preview).toContain('alt="Bruno asleep in the sun"');
    expect(preview).toContain(`<meta property="og:image" content="${SITE}/images/${share.hash}-${share.width}.jpg" />`);
    expect(preview).toContain('<meta property="og:image:alt" content="Bruno in his wheelchair" />');

    expect((await call('publish', 'mutation', admin, { id: draft })).status).toBe(200);
    const home = await servedHome();
    expect(home).toContain(`/images/${hero.hash}-1600.webp 1600w`);
    expect(home).not.toContain('/attached-assets/hero-');
    const uses = await em.execute<{ image_id: number; used_by: string }[]>(
      'select image_id, used_by from image_uses order by image_id',
    );
    expect(uses).toEqual([
      { image_id: hero.id, used_by: 'content:site' },
      { image_id: share.id, used_by: 'content:site' },
    ]);
  });
});
