import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../../shared/default-content';
import type { Language } from '../../../shared/languages';
import { APPEAL_PATH, splitLanguage } from '../../../shared/locale-paths';
import { countAppealTotals } from '../../gifts/appeals/appeal-totals';
import { seedAnimal } from '../../test/animal-fixtures';
import { donationBody } from '../../test/donation-fixtures';
import { photoForm } from '../../test/image-fixtures';
import { pdfPageImage } from '../../test/pdf-image';
import { pdfTextAsCopied } from '../../test/pdf-text';
import { callProcedure, createTestApp, deliverSandboxWebhooks, SITE, type TestApp } from '../../test/test-app';
import { POSTER_WORDS } from './poster-words';

/**
 * Posters for the counter and events: an appeal's and the general fund's, A4 and A5, in English,
 * Tamil and Hindi. Each is drawn by PDFium as a printer would, its QR code read back with jsQR and
 * compared with the page's address; its words read as a reader copies them (Tamil and Hindi as written).
 */
let t: TestApp;
let clerk: string;
let appeal: { id: number; slug: string };
const LANGUAGES: Language[] = ['en', 'ta', 'hi'];
const SIZES = ['A4', 'A5'] as const;
/** A4 and A5 in points (pdfkit's sizes). */
const PAGE_POINTS = { A4: [595.28, 841.89], A5: [419.53, 595.28] } as const;
const TITLES = { en: 'Bruno’s surgery', ta: 'புரூனோவின் அறுவை சிகிச்சை', hi: 'ब्रूनो की सर्जरी' };

beforeAll(async () => {
  t = await createTestApp();
  deliverSandboxWebhooks(t);
  await t.addAccount('meena', 'staff');
  clerk = await t.signIn('meena');
  // A real photograph (the site's own), uploaded through the Photos library as staff do.
  const form = photoForm('A rescued dog resting at the shelter', {
    data: await readFile(new URL('../../../../public/attached-assets/hero-1280.jpg', import.meta.url)),
  });
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/staff/api/images',
    headers: { 'content-type': form.contentType, origin: SITE, cookie: `staff_session=${clerk}` },
    payload: form.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const created = await appealCall('create', {
    title: TITLES.en,
    story: 'Bruno was hit by a truck on the Adyar bridge.\n\nHis hind leg needs surgery.',
    goal: 4_500_000,
    photoImageIds: [uploaded.json().image.id],
    translations: { ta: { title: TITLES.ta }, hi: { title: TITLES.hi } },
  });
  appeal = created as { id: number; slug: string };
  await appealCall('publish', { id: appeal.id });
});
afterAll(() => t.close());

async function appealCall(path: string, input: unknown): Promise<unknown> {
  const response = await callProcedure(t.app, `staff.appeals.${path}`, 'mutation', { token: clerk, input });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data;
}

const download = (url: string, token: string | null = clerk) =>
  t.app.inject({ method: 'GET', url, headers: token ? { cookie: `staff_session=${token}` } : {} });

/**
 * The QR code as a phone reads the printed page: drawn at a phone photo's resolutions, the first that
 * jsQR reads (jsQR misses a clean code at some module sizes in pixels that phones read at a glance).
 */
async function readQrCode(pdf: Uint8Array): Promise<string | undefined> {
  for (const dpi of [100, 72, 150]) {
    const page = await pdfPageImage(pdf, { dpi });
    const code = jsQR(page.data, page.width, page.height);
    if (code) return code.data;
  }
  return undefined;
}

/** The poster's PDF (checked to be one), drawn at 150 dpi, its QR code as read, and its text. */
async function poster(url: string) {
  const response = await download(url);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const pdf = new Uint8Array(response.rawPayload);
  const page = await pdfPageImage(pdf, { dpi: 150 });
  // To look at them: POSTER_PNG_DIR=/tmp/posters npx vitest run src/server/papers/posters/posters.test.ts
  if (process.env.POSTER_PNG_DIR) {
    const name = /filename="(.+)\.pdf"/.exec(String(response.headers['content-disposition']))?.[1];
    await sharp(Buffer.from(page.data), { raw: { width: page.width, height: page.height, channels: 4 } })
      .png()
      .toFile(`${process.env.POSTER_PNG_DIR}/${name}.png`);
  }
  return { response, page, qr: await readQrCode(pdf), text: await pdfTextAsCopied(pdf) };
}

const localized = (language: Language, path: string) => (language === 'en' ? path : `/${language}${path}`);

describe('an appeal’s poster', () => {
  for (const size of SIZES) {
    for (const language of LANGUAGES) {
      it(`${size} in ${language}: its QR code reads as the appeal's page in ${language}, marked as from a poster`, async () => {
        const { response, page, qr, text } = await poster(
          `/staff/api/appeals/${appeal.id}/poster.pdf?size=${size}&language=${language}`,
        );
        const address = `${SITE}${localized(language, `/appeals/${appeal.slug}`)}?src=poster`;
        expect(qr).toBe(address);
        expect(response.headers['content-disposition']).toBe(
          `attachment; filename="poster-appeal-${appeal.slug}-${size}-${language}.pdf"`,
        );
        // The paper asked for: at 150 dpi, A4 is 1240 pixels wide, A5 874.
        expect(page.width).toBe(Math.round((PAGE_POINTS[size][0] / 72) * 150));
        expect(page.height).toBe(Math.round((PAGE_POINTS[size][1] / 72) * 150));
        const words = POSTER_WORDS[language];
        const typed = `rescue.example.org${localized(language, `/appeals/${appeal.slug}`)}`;
        for (const expected of [TITLES[language], words.scan, words.amountsTitle, '₹500', '₹10,000', typed]) {
          expect(text).toContain(expected);
        }
        // The photo is on it: a band of the page under the trust's name is not plain white or green.
        expect(distinctColours(page, 0.2)).toBeGreaterThan(10);
      });
    }
  }
});

describe('the general fund’s poster (the donate page)', () => {
  for (const size of SIZES) {
    for (const language of LANGUAGES) {
      it(`${size} in ${language}: its QR code reads as /donate in ${language}; the donate page's heading and what gifts do`, async () => {
        const { qr, text } = await poster(`/staff/api/posters/donate.pdf?size=${size}&language=${language}`);
        expect(qr).toBe(`${SITE}${localized(language, '/donate')}?src=poster`);
        const donate = language === 'en' ? DEFAULT_CONTENT.donate : DEFAULT_CONTENT.translations?.[language]?.donate;
        expect(donate?.heading).toBeTruthy();
        expect(text).toContain(donate?.heading);
        const first = donate?.impactItems?.[0]?.text as string;
        expect(text).toContain(first);
        expect(text).toContain(DEFAULT_CONTENT.donate.impactItems[0]?.amount);
        expect(text).toContain(POSTER_WORDS[language].ladderTitle);
      });
    }
  }
});

describe('a sponsored animal’s poster', () => {
  it('reads as its page in Hindi, with its monthly amount; an animal not open for sponsorship gets none', async () => {
    const { id, slug } = await seedAnimal(t.db.orm.em.fork(), {
      name: 'Moti',
      status: 'resident',
      sponsorMonthlyAmount: 350_000,
    });
    for (const size of SIZES) {
      const { qr, text } = await poster(`/staff/api/animals/${id}/poster.pdf?size=${size}&language=hi`);
      expect(qr).toBe(`${SITE}/hi/adopt/${slug}?src=poster`);
      expect(text).toContain('Moti को सहारा दें: ₹3,500 महीना');
      expect(text).toContain(POSTER_WORDS.hi.scan);
    }
    const english = await poster(`/staff/api/animals/${id}/poster.pdf?size=A5&language=en`);
    expect(english.qr).toBe(`${SITE}/adopt/${slug}?src=poster`);
    expect(english.text).toContain('Sponsor Moti: ₹3,500 a month');

    const closed = await seedAnimal(t.db.orm.em.fork(), { name: 'Raja', status: 'adoptable' });
    const refused = await download(`/staff/api/animals/${closed.id}/poster.pdf`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: 'id', message: expect.stringContaining('not open for sponsorship') },
    ]);
    expect((await download('/staff/api/animals/999999/poster.pdf')).statusCode).toBe(404);
    expect((await download('/staff/api/animals/abc/poster.pdf')).statusCode).toBe(400);
    expect((await download(`/staff/api/animals/${id}/poster.pdf`, null)).statusCode).toBe(401);
  });
});

/** How many distinct colours (coarsely) a horizontal band at `at` (a fraction of the height) has. */
function distinctColours(page: { data: Uint8ClampedArray; width: number; height: number }, at: number): number {
  const colours = new Set<number>();
  const y = Math.round(page.height * at);
  for (let x = 0; x < page.width; x++) {
    const i = (y * page.width + x) * 4;
    colours.add(
      ((page.data[i] as number) >> 4) * 256 +
        ((page.data[i + 1] as number) >> 4) * 16 +
        ((page.data[i + 2] as number) >> 4),
    );
  }
  return colours.size;
}

describe('bad requests', () => {
  it('a size or language not offered is a 400 naming the field; an unknown appeal a 404; a draft a 400; no session a 401', async () => {
    const badSize = await download(`/staff/api/appeals/${appeal.id}/poster.pdf?size=A3&language=en`);
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json().issues).toEqual([{ path: 'size', message: 'must be one of A4, A5' }]);
    const badLanguage = await download('/staff/api/posters/donate.pdf?size=A4&language=fr');
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json().issues).toEqual([{ path: 'language', message: 'must be one of en, ta, hi' }]);
    expect((await download('/staff/api/appeals/999999/poster.pdf?size=A4')).statusCode).toBe(404);
    const notANumber = await download('/staff/api/appeals/bruno/poster.pdf');
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json().issues[0].path).toBe('id');
    const draft = (await appealCall('create', {
      title: 'Not yet published',
      story: 'A story still being written by staff.',
      goal: 100_000,
    })) as { id: number };
    const refused = await download(`/staff/api/appeals/${draft.id}/poster.pdf`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/not published yet/);
    expect((await download('/staff/api/posters/donate.pdf', null)).statusCode).toBe(401);
  });
});

describe('a gift through the poster', () => {
  it('counts for the appeal: the address leads to the appeal’s page, whose form gives to it', async () => {
    const { qr } = await poster(`/staff/api/appeals/${appeal.id}/poster.pdf?size=A5&language=hi`);
    const url = new URL(qr as string);
    expect(url.origin).toBe(SITE);
    expect(url.searchParams.get('src')).toBe('poster');
    // What the site does with the address: the page's language and path, the appeal by its slug.
    const { language, path } = splitLanguage(url.pathname);
    const slug = APPEAL_PATH.exec(path)?.[1] as string;
    const page = await t.caller.appeals.get({ slug, language });
    expect(page.title).toBe(TITLES.hi);
    const before = (await countAppealTotals(t.db.orm.em.fork(), [appeal.id])).get(appeal.id);

    const created = await t.caller.donation.create(donationBody({ appealId: page.id, language, amount: 200_000 }));
    await t.emulator.completePayment({ orderId: created.order.id });
    await t.emulator.webhooksIdle();

    const after = (await countAppealTotals(t.db.orm.em.fork(), [appeal.id])).get(appeal.id);
    expect(after?.raised).toBe((before?.raised ?? 0) + 200_000);
    expect(after?.donors).toBe((before?.donors ?? 0) + 1);
  });
});
