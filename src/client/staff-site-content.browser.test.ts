import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../scripts/lib/site-server';
import { phonePhoto } from '../server/test/image-fixtures';
import { DEFAULT_CONTENT } from '../shared/default-content';
import { DEFAULT_TRANSLATIONS } from '../shared/site-content-default-translations';
import { axeViolations } from './test/axe';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, waitForHydration } from './test/page-helpers';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

const PASSWORD = 'correct horse battery staple';
const NEW_PHONE = '+91 44 2345 6789';
const NEW_FIGURE = '2500+';

const suite = startBrowserSuite();
/** A second server on the same database, as behind a load balancer: it finds the publication on its own. */
let other: RunningServer;

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'secretary', 'admin', PASSWORD);
  other = await startServer(suite.db.url);
}, 120_000);
afterAll(async () => other?.stop());

/** The home page as a donor's browser gets it: its contact card's phone link and the first figure. */
async function homeShows(baseUrl: string) {
  const html = await (await fetch(`${baseUrl}/`)).text();
  return {
    phone: html.match(/<a href="tel:([^"]+)">([^<]+)<\/a>/)?.slice(1),
    figure: html.match(/<span class="figure-value">([^<]+)<\/span>/)?.[1],
  };
}

/** A phone signed in as the secretary on the Site content page; the site's CSP holds unless `bypassCSP` (axe is an inline script). */
async function openSiteContent(browser: Browser, bypassCSP = false) {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, bypassCSP });
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/staff/site-content`);
  await page.waitForURL(/\/staff\/login/);
  await signInAs(page, 'secretary', PASSWORD);
  await page.getByRole('heading', { name: 'Site content', level: 1 }).waitFor();
  return { context, page };
}

async function waitFor(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Date.now() - started;
}

/**
 * The trust's secretary on her phone: this year's figures and the new phone number, edited in the
 * console, looked at in the preview, published; the site shows them at once on this server and
 * within the check on the other, with no build and no restart.
 */
describe('the Site content page on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ context, page } = await openSiteContent(suite.browser));
    errors = collectErrors(page);
  });
  afterAll(async () => context?.close());

  it('refuses HTML in a text, saying so under the field', async () => {
    const headline = page.getByRole('textbox', { name: 'Headline', exact: true });
    await headline.fill('Every <b>Animal</b>');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('must be plain text: no HTML tags').waitFor();
    await headline.fill(DEFAULT_CONTENT.hero.headline);
  });

  it('saves a draft with the new phone, figure and hero photo, and previews it; the site has not changed', async () => {
    await page.getByRole('textbox', { name: 'Phone' }).fill(NEW_PHONE);
    await page.getByRole('textbox', { name: 'Figure 1' }).fill(NEW_FIGURE);
    // The hero's photo, taken on the phone and uploaded from the form (the first photo field).
    await page.getByRole('button', { name: 'Upload a photo' }).first().click();
    await page.locator('input[type="file"]:not([capture])').setInputFiles({
      name: 'IMG_2107.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto(2400, 1600),
    });
    await page.getByRole('textbox', { name: /Describe the photo/ }).fill('Bruno and Kutty asleep in the sun');
    await page.getByRole('button', { name: 'Upload photo' }).click();
    // Once uploaded, the field shows the photo and offers another in its place.
    await page.getByRole('button', { name: 'Upload another photo' }).waitFor();

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText(/Draft \d+ saved/).waitFor();
    const preview = page.frameLocator('iframe[title="Preview of the home page"]');
    await preview.getByRole('link', { name: NEW_PHONE }).waitFor();
    await expect(preview.getByText(NEW_FIGURE, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(preview.getByRole('img', { name: 'Bruno and Kutty asleep in the sun' }).count()).resolves.toBe(1);
    await page
      .getByRole('region', { name: 'Preview', exact: true })
      .locator('label', { hasText: 'Donate page' })
      .click();
    await page
      .frameLocator('iframe[title="Preview of the donate page"]')
      .getByText(DEFAULT_CONTENT.donate.heading)
      .waitFor();

    await page
      .getByRole('region', { name: 'Preview', exact: true })
      .screenshot({ path: '/tmp/site-content-preview-phone.png' });
    expect(await homeShows(suite.server.url)).toEqual({
      phone: ['+919876543210', DEFAULT_CONTENT.contact.phone],
      figure: '2000+',
    });
  });

  it('publishes: this server shows it at once, the other within its check, with no restart', async () => {
    await page.getByRole('button', { name: /^Publish draft \d+$/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText(/Version \d+ is published/).waitFor();
    expect(await homeShows(suite.server.url)).toEqual({ phone: ['+914423456789', NEW_PHONE], figure: NEW_FIGURE });
    const waited = await waitFor(async () => (await homeShows(other.url)).phone?.[1] === NEW_PHONE, 60_000);
    expect(waited).toBeLessThan(60_000);
    // Only the sign-in's own 401s (no session yet) and the refused HTML's 400.
    expect(
      errors.filter((error) => !/^401 .*\/trpc\/staff\.me$|^400 .*\/trpc\/staff\.siteContent\.saveDraft$/.test(error)),
    ).toEqual([]);

    const [published] = await query<{ actions: string[] }>(
      suite.db.url,
      `select array_agg(action order by id) as actions from staff_audit where action like 'site_content_%'`,
    );
    expect(published?.actions).toEqual(['site_content_draft_saved', 'site_content_published']);
  });

  it('a donor sees it: the home page with the photo, and the donate page hydrating with the same content', async () => {
    const donor = await suite.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    const tab = await donor.newPage();
    const donorErrors = collectErrors(tab);
    await tab.goto(`${suite.server.url}/`);
    await waitForHydration(tab);
    await tab.locator('#contact').getByRole('link', { name: NEW_PHONE }).waitFor();
    const hero = tab.getByRole('img', { name: 'Bruno and Kutty asleep in the sun' });
    await tab.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.hero-picture img');
      return img?.complete && img.naturalWidth > 0;
    });
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/images\/[0-9a-f]{32}-\d+\.(avif|webp)$/,
    );

    // The donate page hydrates with the content it was rendered with; its links then render the home page in the browser with it too.
    await tab.goto(`${suite.server.url}/donate`);
    await waitForHydration(tab);
    await tab.locator('footer').getByRole('link', { name: 'Contact', exact: true }).click();
    await tab.waitForURL(/\/#contact$/);
    await tab.locator('#contact').getByRole('link', { name: NEW_PHONE }).waitFor();
    expect(donorErrors).toEqual([]);
    await donor.close();
  });

  it('a Tamil headline typed in the Tamil fields, previewed, published: /ta/ shows it, /hi/ the Hindi one, / the English one', async () => {
    const TAMIL_HEADLINE = 'ஒவ்வொரு உயிருக்கும் இரண்டாவது வாய்ப்பு';
    const { context: tamilContext, page: tab } = await openSiteContent(suite.browser, true);
    const tabErrors = collectErrors(tab);
    // The defaults have every text in Tamil and Hindi (site-content-default-translations.ts).
    await tab.getByText(/^Tamil: every text translated \(\d+\)$/).waitFor();
    await tab.locator('label', { hasText: 'தமிழ்' }).click();
    const headline = tab.getByRole('textbox', { name: 'Headline (Tamil)', exact: true });
    await expect(headline.getAttribute('lang')).resolves.toBe('ta');
    await expect(headline.inputValue()).resolves.toBe(DEFAULT_TRANSLATIONS.ta.hero.headline);
    // Emptied: the English text under it, and that the page would show it for want of a Tamil one.
    await headline.fill('');
    await tab.getByText(/^Tamil: 1 of \d+ text missing — shown in English$/).waitFor();
    await expect(tab.locator('#translation-ta-hero-headline-description').textContent()).resolves.toBe(
      `Missing — English shown. English: ${DEFAULT_CONTENT.hero.headline}`,
    );
    await tab.screenshot({ path: '/tmp/site-content-tamil-phone.png' });
    await headline.fill(TAMIL_HEADLINE);
    await tab.getByRole('button', { name: 'Save draft' }).click();
    await tab.getByText(/Draft \d+ saved/).waitFor();
    // The preview follows the language being edited.
    await tab
      .frameLocator('iframe[title="Preview of the home page in Tamil"]')
      .getByRole('heading', { level: 1, name: TAMIL_HEADLINE })
      .waitFor();
    await tab
      .getByRole('region', { name: 'Preview', exact: true })
      .screenshot({ path: '/tmp/site-content-tamil-preview.png' });
    expect(await axeViolations(tab)).toEqual([]);

    // The saved notice lies over the publish button on a phone: closed, as she would.
    await tab.getByRole('button', { name: 'Close the notice' }).click();
    await tab.getByRole('button', { name: /^Publish draft \d+$/ }).click();
    await tab.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    await tab.getByText(/Version \d+ is published/).waitFor();
    await tab.getByText(/^Tamil: every text translated \(\d+\)$/).waitFor();
    const served = async (path: string) => (await fetch(`${suite.server.url}${path}`)).text();
    expect(await served('/ta/')).toContain(TAMIL_HEADLINE);
    expect(await served('/hi/')).toContain(DEFAULT_TRANSLATIONS.hi.hero.headline);
    expect(await served('/')).not.toContain(TAMIL_HEADLINE);
    expect(tabErrors.filter((error) => !/^401 .*\/trpc\/staff\.me$/.test(error))).toEqual([]);
    await tamilContext.close();
  });

  it('has no accessibility violations, a draft and its preview shown', async () => {
    const { context: axeContext, page: tab } = await openSiteContent(suite.browser, true);
    await tab.getByRole('textbox', { name: 'Tagline' }).fill('Rescue, heal, rehome');
    await tab.getByRole('button', { name: 'Save draft' }).click();
    await tab.frameLocator('iframe[title="Preview of the home page"]').getByRole('heading', { level: 1 }).waitFor();
    expect(await axeViolations(tab)).toEqual([]);
    await axeContext.close();
  });
});
