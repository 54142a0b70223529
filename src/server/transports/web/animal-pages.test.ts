import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../../../scripts/lib/site-server';
import { moveAnimal } from '../../animals/records/move-animal';
import { seedAnimal } from '../../test/animal-fixtures';
import { phonePhoto, photoForm } from '../../test/image-fixtures';
import { createTestApp, SITE, type TestApp } from '../../test/test-app';

/**
 * `/adopt` and `/adopt/<slug>` in English, Tamil and Hindi: server-rendered in the site's layout
 * with the filters as a plain GET form, the animal's page with its facts, Open Graph card and
 * WhatsApp link; reserved animals off the list at once and their page saying they found a home;
 * no page for an animal still in care; hostile query strings never a 500. And the feed,
 * `GET /api/animals/adoptable`, in the OpenAPI document.
 */
const CLIENT_DIR = fileURLToPath(new URL('../../../../dist/client', import.meta.url));
const actor = { userId: null, username: 'volunteer', ip: '127.0.0.1' };

let t: TestApp;
let clerk: string;
let bruno: { id: number; slug: string };
let photoHash: string;

beforeAll(async () => {
  await ensureClientBuilt();
  t = await createTestApp({}, { clientDir: CLIENT_DIR, contentCheckIntervalMs: 200 });
  await t.addAccount('meena', 'staff');
  clerk = await t.signIn('meena');
  const form = photoForm('Bruno sitting on the beach', { data: await phonePhoto(1600, 1200) });
  const upload = await t.app.inject({
    method: 'POST',
    url: '/staff/api/images',
    headers: { 'content-type': form.contentType, origin: SITE, cookie: `staff_session=${clerk}` },
    payload: form.payload,
  });
  expect(upload.statusCode, upload.body).toBeLessThan(300);
  const { image } = upload.json() as { image: { id: number; hash: string } };
  photoHash = image.hash;
  const em = t.db.orm.em.fork();
  bruno = await seedAnimal(em, {
    name: 'Bruno',
    species: 'dog',
    sex: 'male',
    bornOn: '2024-05-01',
    bornEstimated: true,
    goodWithChildren: 'yes',
    goodWithDogs: 'no',
    photoImageIds: [image.id],
    oneLine: 'Bruno loves a walk by the sea & a nap.',
    translations: {
      ta: { oneLine: 'புரூனோவுக்குக் கடற்கரையில் நடப்பது பிடிக்கும்.', story: 'மெரினா அருகே கிடைத்தான்.' },
    },
  });
  await seedAnimal(em, { name: 'Snowy', species: 'cat', sex: 'female', goodWithChildren: 'yes' });
  await seedAnimal(em, { name: 'Tiger', species: 'dog', sex: 'male', goodWithChildren: 'no' });
}, 600_000);
afterAll(() => t?.close());

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
const meta = (html: string, property: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];
const cardNames = (html: string) => [...html.matchAll(/<h2 class="h3"><a href="[^"]*">([^<]*)<\/a>/g)].map((m) => m[1]);

describe('/adopt', () => {
  it('lists the adoptable animals with their age, sex and one line, and the filters as a GET form', async () => {
    const response = await page('/adopt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const html = response.body;
    expect(cardNames(html)).toEqual(expect.arrayContaining(['Bruno', 'Snowy', 'Tiger']));
    expect(html).toContain(`<a href="/adopt/${bruno.slug}">Bruno</a>`);
    expect(html).toContain('Dog · Male · about 2 years');
    expect(html).toContain('Bruno loves a walk by the sea &amp; a nap.');
    expect(html).toMatch(/<form [^>]*action="\/adopt" method="get">/);
    expect(html).toContain('<select');
    expect(html).toContain('name="children" value="yes"');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/adopt" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="ta" href="${SITE}/ta/adopt" />`);
    // The first card's photo is fetched first; no React chunk, no page data.
    expect(html).toMatch(/<img [^>]*alt="Bruno sitting on the beach"[^>]*loading="eager" fetchPriority="high"/);
    expect(html).not.toContain('id="page-data"');
    // The footer's Adopt link leads here.
    expect(html).toMatch(/<a href="\/adopt">Adopt<\/a>/);
  });

  it('filters dogs good with children, in Tamil, from the query string', async () => {
    const response = await page('/ta/adopt?species=dog&children=yes');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<html lang="ta-IN"');
    expect(cardNames(html)).toEqual(['Bruno']);
    expect(html).toContain('நாய் · ஆண் · சுமார் 2 வயது');
    expect(html).toContain('புரூனோவுக்குக் கடற்கரையில் நடப்பது பிடிக்கும்.');
    expect(html).toContain('1 உயிர் ஒரு வீட்டுக்காகக் காத்திருக்கிறது.');
    expect(html).toContain(`<a href="/ta/adopt/${bruno.slug}">Bruno</a>`);
    expect(html).toMatch(/<option value="dog" selected="">நாய்கள்<\/option>/);
    expect(html).toMatch(/<a href="\/ta\/adopt">தத்தெடுங்கள்<\/a>/);
  });

  it('speaks Hindi, with the English line marked where none is written', async () => {
    const html = (await page('/hi/adopt?species=cat')).body;
    expect(html).toContain('<html lang="hi-IN"');
    expect(cardNames(html)).toEqual(['Snowy']);
    expect(html).toContain('कुत्ता या बिल्ली गोद लें');
    expect(html).toContain('<p lang="en-IN">Snowy loves a walk by the sea.</p>');
  });

  it('ignores hostile and unknown query strings: the list, never a 500', async () => {
    for (const query of [
      "?species=dog'%20or%201=1--",
      '?species=dog&species=cat',
      `?age=${'x'.repeat(5000)}`,
      '?page=-3',
      '?page=99999999999999999999',
      '?needs[$ne]=1',
      '?children=%00',
      '?%E0%A4=1',
      '?sex=<script>alert(1)</script>',
    ]) {
      const response = await page(`/adopt${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(response.body, query).not.toContain('<script>alert');
      expect(cardNames(response.body).length, query).toBeGreaterThan(0);
    }
    // A page past the last shows the last.
    expect(cardNames((await page('/adopt?page=50')).body).length).toBeGreaterThan(0);
  });
});

describe("an animal's page", () => {
  it('shows its facts, story, the way to apply and share, and its card', async () => {
    const response = await page(`/adopt/${bruno.slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Bruno is looking for a home | ');
    expect(meta(html, 'og:url')).toBe(`${SITE}/adopt/${bruno.slug}`);
    expect(meta(html, 'og:description')).toBe('Bruno loves a walk by the sea &amp; a nap.');
    expect(meta(html, 'og:image')).toBe(`${SITE}/adopt/${bruno.slug}/card-${photoHash}.jpg`);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(html).toContain(`href="/adopt/${bruno.slug}/apply"`);
    expect(html).toContain('Apply to adopt Bruno');
    expect(html).toContain(`https://wa.me/?text=Bruno%20is%20looking%20for%20a%20home:%20${SITE}/adopt/${bruno.slug}"`);
    expect(html).toMatch(/<dt>Good with children<\/dt><dd>Yes<\/dd>/);
    expect(html).toMatch(/<dt>Good with dogs<\/dt><dd>No<\/dd>/);
    expect(html).toMatch(/<dt>Vaccinated<\/dt><dd>Not yet<\/dd>/);
    expect(html).toContain('Bruno was found near the Marina.');

    const card = await t.app.inject({ method: 'GET', url: `/adopt/${bruno.slug}/card-${photoHash}.jpg` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/jpeg');
    expect(card.headers['cache-control']).toContain('immutable');
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
    const wrong = await t.app.inject({ method: 'GET', url: `/adopt/${bruno.slug}/card-${'0'.repeat(32)}.jpg` });
    expect(wrong.statusCode).toBe(404);
  });

  it('is in Tamil with its Tamil story and the apply link in Tamil', async () => {
    const html = (await page(`/ta/adopt/${bruno.slug}`)).body;
    expect(html).toContain('மெரினா அருகே கிடைத்தான்.');
    expect(html).toContain(`href="/ta/adopt/${bruno.slug}/apply"`);
    expect(html).toContain('Bruno-ஐத் தத்தெடுக்க விண்ணப்பியுங்கள்');
    expect(html).toContain(`<link rel="alternate" hreflang="hi" href="${SITE}/hi/adopt/${bruno.slug}" />`);
  });

  it('is the 404 page for an animal in care, an unknown or impossible slug', async () => {
    const { slug } = await seedAnimal(t.db.orm.em.fork(), { name: 'Patient', status: 'in-care' });
    for (const url of [
      `/adopt/${slug}`,
      '/ta/adopt/no-such-animal',
      '/adopt/Not_A_Slug',
      `/adopt/${'a'.repeat(300)}`,
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('leaves the list the moment it is reserved, and then says it found a home', async () => {
    const em = t.db.orm.em.fork();
    const laddu = await seedAnimal(em, { name: 'Laddu', species: 'dog', goodWithChildren: 'yes' });
    expect(cardNames((await page('/adopt?species=dog&children=yes')).body)).toContain('Laddu');
    await em.transactional((tx) => moveAnimal(tx, actor, { animalId: laddu.id, to: 'reserved' }));
    expect(cardNames((await page('/adopt?species=dog&children=yes')).body)).not.toContain('Laddu');
    const html = (await page(`/ta/adopt/${laddu.slug}`)).body;
    expect(html).toContain('Laddu-க்கு ஒரு வீடு கிடைத்துவிட்டது');
    expect(html).toContain('<a href="/ta/adopt">வீட்டுக்காகக் காத்திருக்கும் விலங்குகளைப் பாருங்கள்</a>');
    expect(html).not.toContain('/apply');
    const feed = (await t.app.inject({ method: 'GET', url: '/api/animals/adoptable?perPage=100' })).json();
    expect(feed.animals.map((animal: { slug: string }) => animal.slug)).not.toContain(laddu.slug);
  });
});

describe('a resident open for sponsorship', () => {
  it('has a page that asks for sponsors at its monthly amount, in Hindi too, and no way to adopt it', async () => {
    const moti = await seedAnimal(t.db.orm.em.fork(), {
      name: 'Moti',
      status: 'resident',
      sponsorMonthlyAmount: 350_000,
    });
    const english = (await page(`/adopt/${moti.slug}`)).body;
    expect(english).toContain('Sponsor Moti: ₹3,500 a month');
    expect(english).toContain('Be the first to sponsor Moti.');
    expect(english).toContain(`animal=${moti.slug}`);
    expect(english).not.toContain(`/adopt/${moti.slug}/apply`);
    expect((await page(`/hi/adopt/${moti.slug}`)).body).toContain('Moti को सहारा दें: ₹3,500 महीना');
    // Closed to new sponsors (and not adoptable): no page at all.
    await t.db.orm.em.fork().execute('update animals set sponsor_monthly_amount = null where id = ?', [moti.id]);
    expect((await page(`/adopt/${moti.slug}`)).statusCode).toBe(404);
  });
});

describe('GET /api/animals/adoptable', () => {
  it('answers the adoptable animals as JSON with cache headers, and 304 to its ETag', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/animals/adoptable?species=dog&children=yes' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const feed = response.json();
    expect(feed).toMatchObject({ page: 1, pages: 1, total: 1, perPage: 50 });
    expect(feed.animals[0]).toMatchObject({
      id: bruno.id,
      slug: bruno.slug,
      name: 'Bruno',
      species: 'dog',
      sex: 'male',
      age: { bornOn: '2024-05-01', estimated: true },
      oneLine: { en: 'Bruno loves a walk by the sea & a nap.', hi: 'Bruno loves a walk by the sea & a nap.' },
      pageUrl: `${SITE}/adopt/${bruno.slug}`,
      goodWithChildren: 'yes',
      goodWithDogs: 'no',
      specialNeeds: [],
    });
    expect(feed.animals[0].photos[0]).toMatchObject({ url: expect.stringMatching(`^${SITE}/images/${photoHash}-`) });
    expect(Date.parse(feed.animals[0].updatedAt)).not.toBeNaN();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/animals/adoptable?species=dog&children=yes',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses an unknown filter value with 400 naming the field, never a 500', async () => {
    for (const [query, field] of [
      ['species=horse', 'species'],
      ['species=dog&species=cat', 'species'],
      ['page=0', 'page'],
      ['perPage=5000', 'perPage'],
      [`age=${'x'.repeat(5000)}`, 'age'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/animals/adoptable?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(
        response.json().issues.map((issue: { path: string }) => issue.path),
        query,
      ).toContain(field);
    }
  });

  it('is in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const feed = document.paths['/animals/adoptable'].get;
    expect(feed.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['species', 'age', 'sex', 'children', 'needs', 'page', 'perPage']),
    );
    const item = feed.responses['200'].content['application/json'].schema.properties.animals.items;
    expect(Object.keys(item.properties)).toEqual(
      expect.arrayContaining(['slug', 'name', 'age', 'oneLine', 'photos', 'pageUrl', 'goodWithChildren', 'updatedAt']),
    );
  });
});
