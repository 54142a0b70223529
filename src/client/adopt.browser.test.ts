import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Orm, openDatabase } from '../server/platform/db/orm';
import { storeImage } from '../server/platform/images/images';
import { seedAnimal } from '../server/test/animal-fixtures';
import { phonePhoto } from '../server/test/image-fixtures';
import { ENTITIES } from '../server/wiring/entities';
import { axeViolations } from './test/axe';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, layoutShift, waitForHydration } from './test/page-helpers';

const suite = startBrowserSuite();
/** Where the screenshots go, to be looked at. */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';
const LAPTOP = { width: 1366, height: 657 };

let orm: Orm;
let bruno: { slug: string };

beforeAll(async () => {
  orm = await openDatabase(suite.db.url, ENTITIES, { migrate: false });
  const em = orm.em.fork();
  const actor = { userId: null, username: 'volunteer', ip: '127.0.0.1' };
  const photo = async (width: number, height: number, alt: string) =>
    (await storeImage(em, { storage: { dir: undefined }, actor }, { bytes: await phonePhoto(width, height), alt }))
      .image.id;
  bruno = await seedAnimal(em, {
    name: 'Bruno',
    species: 'dog',
    sex: 'male',
    bornOn: '2024-05-01',
    bornEstimated: true,
    goodWithChildren: 'yes',
    goodWithDogs: 'yes',
    sterilised: true,
    photoImageIds: [await photo(1600, 1200, 'Bruno on the beach at Besant Nagar')],
    translations: {
      ta: {
        oneLine: 'புரூனோவுக்குக் கடற்கரையில் நடப்பது மிகவும் பிடிக்கும்.',
        story: 'புரூனோ மெரினா அருகே காயத்துடன் கிடைத்தான்.\n\nஇப்போது அவன் அமைதியாகவும் அன்பாகவும் இருக்கிறான்.',
      },
    },
  });
  await seedAnimal(em, {
    name: 'Snowy',
    species: 'cat',
    sex: 'female',
    goodWithChildren: 'yes',
    photoImageIds: [await photo(1200, 1200, 'Snowy asleep on a chair')],
  });
  await seedAnimal(em, { name: 'Tiger', species: 'dog', goodWithChildren: 'no' });
  await seedAnimal(em, { name: 'Laddu', species: 'dog', goodWithChildren: 'yes', status: 'reserved' });
}, 600_000);
afterAll(() => orm?.close());

/**
 * A family on a phone, in Tamil, looks for a dog that is good with children: the list's filters
 * are a plain form (the page loads no React), the one dog that fits is listed (not the reserved one),
 * and its page says what a family asks in Tamil, with the way to apply in Tamil. Both pages are
 * looked at on a phone and a laptop; axe finds nothing.
 */
describe('/ta/adopt on a phone', () => {
  it('filters dogs good with children, opens one, and shows its page', async () => {
    const context = await suite.browser.newContext({
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${suite.server.url}/ta/adopt`);
    await waitForHydration(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('ta-IN');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('நாய் அல்லது பூனையைத் தத்தெடுங்கள்');
    const cards = page.locator('.adopt-card h2');
    expect((await cards.allTextContents()).sort()).toEqual(['Bruno', 'Snowy', 'Tiger']);

    await page.getByLabel('நாயா, பூனையா').selectOption('dog');
    await page.getByLabel('குழந்தைகளுடன் நன்றாகப் பழகும்').check();
    await page.getByRole('button', { name: 'காட்டுங்கள்' }).click();
    await page.waitForURL(/\/ta\/adopt\?species=dog&age=&sex=&needs=&children=yes$/);
    await waitForHydration(page);
    expect(await cards.allTextContents()).toEqual(['Bruno']);
    expect(await page.getByText('1 உயிர் ஒரு வீட்டுக்காகக் காத்திருக்கிறது.').isVisible()).toBe(true);
    expect(await page.getByText('நாய் · ஆண் · சுமார் 2 வயது').isVisible()).toBe(true);
    // The form says what was asked for.
    expect(await page.getByLabel('நாயா, பூனையா').inputValue()).toBe('dog');
    expect(await page.getByLabel('குழந்தைகளுடன் நன்றாகப் பழகும்').isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/adopt-list-ta-phone.png`, fullPage: true });

    await page.getByRole('link', { name: 'Bruno' }).click();
    await page.waitForURL(`${suite.server.url}/ta/adopt/${bruno.slug}`);
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Bruno');
    expect(await page.getByText('புரூனோ மெரினா அருகே காயத்துடன் கிடைத்தான்.').isVisible()).toBe(true);
    const facts = page.locator('.adopt-facts');
    expect(await facts.getByText('குழந்தைகளுடன் பழகும்').isVisible()).toBe(true);
    const apply = page.getByRole('link', { name: 'Bruno-ஐத் தத்தெடுக்க விண்ணப்பியுங்கள்' });
    expect(await apply.getAttribute('href')).toBe(`/ta/adopt/${bruno.slug}/apply`);
    const share = page.getByRole('link', { name: 'Bruno-ஐ வாட்ஸ்அப்பில் பகிருங்கள்' });
    expect(await share.getAttribute('href')).toContain(
      encodeURIComponent(`/ta/adopt/${bruno.slug}`).replace(/%2F/g, '/'),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/adopt-animal-ta-phone.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads well on a laptop too, and a reserved animal’s page says it found a home', async () => {
    const context = await suite.browser.newContext({ viewport: LAPTOP });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/ta/adopt?species=dog&children=yes`);
    await tamilFontLoaded(page);
    await page.screenshot({ path: `${SHOTS}/adopt-list-ta-laptop.png`, fullPage: true });
    await page.goto(`${suite.server.url}/ta/adopt/${bruno.slug}`);
    await tamilFontLoaded(page);
    await page.screenshot({ path: `${SHOTS}/adopt-animal-ta-laptop.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(LAPTOP.width);
    await page.goto(`${suite.server.url}/adopt/${(await seedReservedSlug()) ?? ''}`);
    expect(await page.getByRole('heading', { name: 'Laddu has found a home' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'See the animals waiting for a home' }).click();
    await page.waitForURL(`${suite.server.url}/adopt`);
    await context.close();
  });
});

/** The page's Tamil font in (the entry loads it after the first paint): a screenshot shows the words. */
async function tamilFontLoaded(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.waitForFunction(() =>
    [...document.fonts].some((face) => face.family.includes('Noto Sans Tamil') && face.status === 'loaded'),
  );
}

async function seedReservedSlug(): Promise<string | undefined> {
  const [row] = await orm.em.fork().execute<{ slug: string }[]>(`select slug from animals where name = 'Laddu'`);
  return row?.slug;
}
