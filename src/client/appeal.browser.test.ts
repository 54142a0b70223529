import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { siteContent } from '../shared/site-content';
import { axeViolations } from './test/axe';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, layoutShift, waitForHydration } from './test/page-helpers';
import { query } from './test/staff-setup';

const suite = startBrowserSuite();

const SLUG = 'brunos-surgery';
const FIRST_PARAGRAPH = 'Bruno was hit by a truck on the Adyar bridge.';

/** A published appeal, as staff would have left it: ₹45,000 for Bruno, with a video. */
async function seedAppeal(): Promise<number> {
  const [appeal] = await query<{ id: number }>(
    suite.db.url,
    `insert into appeals (slug, title, story, goal, status, video_url, created_by, updated_by, published_at)
     values ($1, 'Bruno’s surgery', $2, 4500000, 'published', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'volunteer', 'volunteer', now())
     returning id`,
    [SLUG, `${FIRST_PARAGRAPH}\n\nHis hind leg needs surgery and six weeks of care.`],
  );
  return (appeal as { id: number }).id;
}

const progressText = (page: Page) => page.getByRole('progressbar').getAttribute('aria-valuetext');

/**
 * A donor on a phone, from a WhatsApp link: the appeal's page, a gift to it through the sandbox's
 * checkout, and the bar moved on reload; the page read without JavaScript; axe finds nothing.
 */
describe('an appeal’s page on a phone', () => {
  let appealId: number;

  it('takes a gift to the appeal, and shows it on reload', async () => {
    appealId = await seedAppeal();
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${suite.server.url}/appeals/${SLUG}`);
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Bruno’s surgery');
    expect(await progressText(page)).toBe('₹0 of ₹45,000 (0%)');
    // The video is a poster until tapped: no third-party frame on load.
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.getByRole('link', { name: /Play the video/ }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    const form = page.locator('form');
    expect(await form.getByTestId('giving-to').textContent()).toContain('Giving to: Bruno’s surgery');
    const share = page.getByRole('link', { name: 'Share on WhatsApp' });
    expect(decodeURIComponent(String(await share.getAttribute('href')))).toContain(
      `${suite.server.url}/appeals/${SLUG}`,
    );

    await form.getByRole('button', { name: '₹500' }).click();
    await form.getByLabel('Full Name').fill('Asha Raman');
    await form.getByLabel('Email Address').fill('asha@example.org');
    await form.getByLabel('Phone Number').fill('+91 98765 43210');
    await form.getByRole('button', { name: 'Donate Now' }).click();
    const modal = page.getByRole('dialog', { name: siteContent.trust.name });
    await modal.waitFor();
    await modal.getByTestId('sandbox-pay').click();
    await page.getByRole('region', { name: 'Thank you for your donation!' }).waitFor();
    const [gift] = await query<{ appeal_id: number; status: string }>(
      suite.db.url,
      "select appeal_id, status from donations where email = 'asha@example.org'",
    );
    expect(gift).toEqual({ appeal_id: appealId, status: 'paid' });

    await page.reload();
    await waitForHydration(page);
    expect(await progressText(page)).toBe('₹500 of ₹45,000 (1%)');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    expect(await page.getByTestId('appeal-donors').textContent()).toBe('1 donor');
    expect(await layoutShift(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is readable without JavaScript: the story, the figures, the form’s appeal', async () => {
    const context = await suite.browser.newContext({
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/appeals/${SLUG}`);
    expect(await page.getByText(FIRST_PARAGRAPH).isVisible()).toBe(true);
    expect(await page.getByText('His hind leg needs surgery and six weeks of care.').isVisible()).toBe(true);
    expect(await progressText(page)).toBe('₹500 of ₹45,000 (1%)');
    expect(await page.getByTestId('appeal-raised').textContent()).toBe('₹500');
    expect(await page.getByRole('heading', { name: 'Beyond the goal' }).isVisible()).toBe(true);
    await context.close();
  });

  it('axe-core finds no violations; an unknown appeal is the 404 page', async () => {
    const context = await suite.browser.newContext({
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/appeals/${SLUG}`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.locator('h1').count()).toBe(1);
    // The home page lists the open appeal (server-rendered, within the pages' check), axe clean too.
    for (let tries = 0; ; tries++) {
      await page.goto(`${suite.server.url}/`);
      if (await page.getByRole('link', { name: 'Bruno’s surgery' }).count()) break;
      expect(tries).toBeLessThan(40);
      await page.waitForTimeout(1_000);
    }
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Bruno’s surgery' }).click();
    await page.waitForURL(`**/appeals/${SLUG}`);
    await page.getByRole('progressbar').waitFor();
    const missing = await page.goto(`${suite.server.url}/appeals/no-such-appeal`);
    expect(missing?.status()).toBe(404);
    await context.close();
  });
});
