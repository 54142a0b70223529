import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DevMailbox, startDevMailbox } from '../server/platform/mail/dev-mailbox';
import { seedAnimal } from '../server/test/animal-fixtures';
import { axeViolations } from './test/axe';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, waitForHydration } from './test/page-helpers';

/**
 * The application forms in a real Chromium on the built site: a Tamil family on a 390×844 phone
 * applies to adopt a named dog (the field errors first, then the thanks, then the mail in Tamil in
 * a real SMTP mailbox); an animal that has found a home meanwhile; the footer's links; axe; and
 * the four forms looked at on a phone and a laptop (screenshots in /tmp).
 */

const env: Record<string, string> = {};
let mailbox: DevMailbox;
beforeAll(async () => {
  mailbox = await startDevMailbox();
  env.SMTP_URL = `smtp://127.0.0.1:${mailbox.port}`;
});
afterAll(async () => mailbox?.close());

const suite = startBrowserSuite(env);
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 657 };
const EMAIL = 'selvi.murugan@example.org';

let raja: { id: number; slug: string };
let kutty: { id: number; slug: string };
let phone: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  const em = suite.db.orm.em.fork();
  raja = await seedAnimal(em, { name: 'Raja', status: 'adoptable', goodWithChildren: 'yes' });
  kutty = await seedAnimal(em, { name: 'Kutty', status: 'adoptable' });
  phone = await suite.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
});
afterAll(async () => phone?.close());
beforeEach(async () => {
  page = await phone.newPage();
  errors = collectErrors(page);
});

const noSidewaysScroll = (on: Page) =>
  on.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('a Tamil family on a phone', () => {
  it('applies to adopt Raja: sees the field errors first, then the thanks, and the mail arrives in Tamil', async () => {
    await page.goto(`${suite.server.url}/ta/adopt/${raja.slug}/apply`);
    await waitForHydration(page);
    await expect(page.title()).resolves.toMatch(/^தத்தெடுக்க விண்ணப்பியுங்கள் \|/);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ta-IN');
    await page.getByText('Raja-ஐத் தத்தெடுக்க விண்ணப்பிக்கிறீர்கள்.').waitFor();
    // A dog is named: the form does not ask which species.
    await expect(page.getByRole('group', { name: 'உங்களுக்கு எது பொருந்தும்?' }).count()).resolves.toBe(0);

    const form = page.getByRole('form', { name: 'உங்கள் விண்ணப்பம்' });
    const send = form.getByRole('button', { name: 'என் விண்ணப்பத்தை அனுப்புங்கள்' });
    await send.click();
    // The errors, in Tamil, under their fields; the first of them has the focus.
    await form.getByRole('alert').filter({ hasText: 'கீழே குறிக்கப்பட்டுள்ள இடங்களைத் திருத்துங்கள்.' }).waitFor();
    const homeGroup = form.getByRole('group', { name: 'உங்கள் வீடு சொந்த வீடா, வாடகை வீடா?' });
    await expect(homeGroup.textContent()).resolves.toContain('ஒன்றைத் தேர்ந்தெடுங்கள்');
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).resolves.toBe('own');
    const household = form.getByLabel('வீட்டில் யார் யார் இருக்கிறார்கள், அவர்களின் வயது');
    await expect(household.getAttribute('aria-invalid')).resolves.toBe('true');
    await form.getByText('ஒவ்வொரு தத்தெடுப்புக்கும் முன் வீட்டுக்கு வந்து பார்ப்போம்: அதற்கு ஒப்புதல் தாருங்கள்').waitFor();
    await form.getByText('சரியான மின்னஞ்சல் முகவரியை உள்ளிடுங்கள் (எ.கா. name@example.com)').waitFor();
    await form.getByText('தனியுரிமை அறிவிப்புக்கு ஒப்புதல் தாருங்கள்').waitFor();
    await page.screenshot({ path: '/tmp/apply-adopt-tamil-errors-phone.png', fullPage: true });

    // What the family answers.
    await homeGroup.getByLabel('வாடகை வீடு').check();
    await form.getByRole('group', { name: 'வீட்டு உரிமையாளர் நாய் அல்லது பூனை வளர்க்க அனுமதிக்கிறாரா?' }).getByLabel('ஆம்').check();
    await household.fill('நான் (38), என் கணவர் (41), மகள் (9), என் அம்மா (66)');
    await form.getByLabel('நாள்தோறும் விலங்கு தனியாக இருக்கும் மணி நேரம்').fill('2');
    await form.getByLabel('விலங்கு எங்கே தூங்கும்?').fill('எங்களுடன் கூடத்தில்');
    await form.getByLabel('தத்தெடுப்புக்கு முன் எங்கள் வீட்டுக்கு வந்து பார்க்க ஒப்புக்கொள்கிறேன்').check();
    await form.getByLabel('உங்கள் பெயர்').fill('செல்வி முருகன்');
    await form.getByLabel('மின்னஞ்சல் முகவரி').fill(EMAIL);
    await form.getByLabel('கைபேசி எண்').fill('98401 23456');
    await form.getByLabel(/என் விண்ணப்பத்தைக் கவனிப்பதற்காக/).check();
    await expect(form.getByRole('link', { name: 'தனியுரிமை அறிவிப்பைப் படியுங்கள்' }).getAttribute('href')).resolves.toBe(
      '/ta/privacy',
    );
    await send.click();

    const thanks = page.getByRole('status').filter({ hasText: 'நன்றி! உங்கள் விண்ணப்பம் கிடைத்தது' });
    await thanks.waitFor();
    await expect(thanks.textContent()).resolves.toContain(EMAIL);
    await expect(noSidewaysScroll(page)).resolves.toBe(true);
    await page.screenshot({ path: '/tmp/apply-adopt-tamil-thanks-phone.png', fullPage: true });

    // The application as staff will find it, and the mail as the family's phone gets it.
    const [row] = await suite.db.orm.em
      .fork()
      .execute('select id, animal_id, language, name, answers from applications where email = ?', [EMAIL]);
    expect(row).toMatchObject({
      animal_id: raja.id,
      language: 'ta',
      name: 'செல்வி முருகன்',
      answers: { home: 'rent', landlordAgrees: 'yes', hoursAlone: 2, homeVisit: true },
    });
    await expect.poll(() => mailbox.messages.filter((mail) => mail.to === EMAIL).length, { timeout: 20_000 }).toBe(1);
    const mail = mailbox.messages.find((message) => message.to === EMAIL);
    expect(mail?.subject).toBe('தத்தெடுப்பதற்கான உங்கள் விண்ணப்பம் கிடைத்தது');
    expect(mail?.text).toContain('அன்புள்ள செல்வி முருகன்,');
    expect(mail?.text).toContain('Raja-ஐத் தத்தெடுக்க விண்ணப்பித்ததற்கு நன்றி');
    expect(errors).toEqual([]);
  });

  it('a dog reserved while the form was open: the form says it has found a home and offers the others', async () => {
    await page.goto(`${suite.server.url}/ta/apply/adopt?animal=${kutty.slug}`);
    await waitForHydration(page);
    await page.getByText('Kutty-ஐத் தத்தெடுக்க விண்ணப்பிக்கிறீர்கள்.').waitFor();
    await suite.db.orm.em.fork().execute(`update animals set status = 'reserved' where id = ?`, [kutty.id]);

    const form = page.getByRole('form', { name: 'உங்கள் விண்ணப்பம்' });
    await form.getByLabel('சொந்த வீடு').check();
    await form.getByLabel('வீட்டில் யார் யார் இருக்கிறார்கள், அவர்களின் வயது').fill('நாங்கள் இருவர் (30, 32)');
    await form.getByLabel('நாள்தோறும் விலங்கு தனியாக இருக்கும் மணி நேரம்').fill('4');
    await form.getByLabel('விலங்கு எங்கே தூங்கும்?').fill('வீட்டுக்குள்');
    await form.getByLabel('தத்தெடுப்புக்கு முன் எங்கள் வீட்டுக்கு வந்து பார்க்க ஒப்புக்கொள்கிறேன்').check();
    await form.getByLabel('உங்கள் பெயர்').fill('அருண்');
    await form.getByLabel('மின்னஞ்சல் முகவரி').fill('arun@example.org');
    await form.getByLabel('கைபேசி எண்').fill('9840112233');
    await form.getByLabel(/என் விண்ணப்பத்தைக் கவனிப்பதற்காக/).check();
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/applications'));
    await form.getByRole('button', { name: 'என் விண்ணப்பத்தை அனுப்புங்கள்' }).click();
    expect((await refused).status()).toBe(400);

    const notice = page.getByTestId('named-animal');
    await notice.getByText('Kutty-க்கு ஒரு வீடு கிடைத்துவிட்டது.', { exact: false }).waitFor();
    await expect(notice.getByRole('link', { name: 'வீடு தேடும் விலங்குகளைப் பாருங்கள்' }).count()).resolves.toBe(1);
    // The form now asks which animal would suit them: "any dog or cat".
    await form.getByRole('group', { name: 'உங்களுக்கு எது பொருந்தும்?' }).getByLabel('நாய்').check();
    await form.getByRole('button', { name: 'என் விண்ணப்பத்தை அனுப்புங்கள்' }).click();
    await page.getByRole('status').filter({ hasText: 'நன்றி! உங்கள் விண்ணப்பம் கிடைத்தது' }).waitFor();
    const [row] = await suite.db.orm.em
      .fork()
      .execute('select animal_id, wanted_species from applications where email = ?', ['arun@example.org']);
    expect(row).toEqual({ animal_id: null, wanted_species: 'dog' });
    // The one refusal is the 400 the test waited for.
    expect(errors.filter((error) => !error.endsWith('/api/applications'))).toEqual([]);
  });

  it('the footer’s Volunteer, Foster and Partner links lead to the Tamil forms', async () => {
    await page.goto(`${suite.server.url}/ta/`);
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'தன்னார்வலர் ஆகுங்கள்' }).getAttribute('href')).resolves.toBe(
      '/ta/volunteer',
    );
    await expect(footer.getByRole('link', { name: 'தற்காலிகமாக அடைக்கலம் தாருங்கள்' }).getAttribute('href')).resolves.toBe(
      '/ta/foster',
    );
    await footer.getByRole('link', { name: 'எங்களுடன் கைகோருங்கள்' }).click();
    await page.waitForURL(`${suite.server.url}/ta/partner`);
    await page.getByRole('heading', { level: 1, name: 'எங்களுடன் கைகோருங்கள்' }).waitFor();
  });
});

describe('the four forms', () => {
  it('in English and Hindi, on a phone and a laptop: nothing cut, no sideways scroll, axe finds nothing', async () => {
    const laptop = await suite.browser.newContext({ viewport: LAPTOP, bypassCSP: true });
    const small = await suite.browser.newContext({ viewport: PHONE, isMobile: true, bypassCSP: true });
    try {
      for (const [context, name] of [
        [small, 'phone'],
        [laptop, 'laptop'],
      ] as const) {
        const view = await context.newPage();
        const seen = collectErrors(view);
        for (const [path, heading] of [
          ['/apply/adopt', 'Apply to adopt'],
          ['/foster', 'Foster an animal'],
          ['/volunteer', 'Volunteer with us'],
          ['/partner', 'Partner with us'],
          ['/hi/volunteer', 'स्वयंसेवक बनें'],
        ] as const) {
          await view.goto(`${suite.server.url}${path}`);
          await waitForHydration(view);
          await view.getByRole('heading', { level: 1, name: heading }).waitFor();
          // The errors shown too, so the screenshots and axe see them.
          await view.getByRole('button', { name: /Send my application|मेरा आवेदन भेजें/ }).click();
          await view.getByRole('alert').first().waitFor();
          await expect(noSidewaysScroll(view), `${path} on a ${name}`).resolves.toBe(true);
          expect(await axeViolations(view), `${path} on a ${name}`).toEqual([]);
          await view.screenshot({ path: `/tmp/apply${path.replaceAll('/', '-')}-${name}.png`, fullPage: true });
        }
        expect(seen).toEqual([]);
      }
    } finally {
      await laptop.close();
      await small.close();
    }
  });
});
