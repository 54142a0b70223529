import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPageImage } from '../server/test/pdf-image';
import { siteContent } from '../shared/site-content';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, waitForHydration } from './test/page-helpers';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

const PASSWORD = 'correct horse battery staple';
/** Screenshots to look at after a run (not compared: a person judges them). */
const SHOTS = '/tmp/staff-posters-shots';
const SLUG = 'moti-needs-a-wheelchair';

const suite = startBrowserSuite();
let appealId: number;

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'volunteer', 'staff', PASSWORD);
  mkdirSync(SHOTS, { recursive: true });
  const [appeal] = await query<{ id: number }>(
    suite.db.url,
    `insert into appeals (slug, title, story, goal, status, created_by, updated_by, published_at, translations)
     values ($1, 'Moti needs a wheelchair', 'Moti lost the use of his back legs. A cart lets him run again.', 2000000,
             'published', 'volunteer', 'volunteer', now(), $2) returning id`,
    [SLUG, JSON.stringify({ ta: { title: 'மோத்திக்கு ஒரு சக்கர வண்டி' } })],
  );
  appealId = (appeal as { id: number }).id;
});

/** The QR code of the downloaded poster, as a phone reads the printed page (see posters.test.ts). */
async function posterQrCode(page: Page, download: Locator): Promise<{ qr?: string; filename: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const pdf = new Uint8Array(await readFile(await file.path()));
  expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  for (const dpi of [100, 72, 150]) {
    const image = await pdfPageImage(pdf, { dpi });
    const code = jsQR(image.data, image.width, image.height);
    if (code) return { qr: code.data, filename: file.suggestedFilename() };
  }
  return { filename: file.suggestedFilename() };
}

/**
 * The volunteer prints posters for the adoption camp: the appeal's in Tamil on A5 for the table,
 * the donate page's on A4 for the counter; a visitor scans the appeal's and gives, and the gift
 * is the appeal's.
 */
describe('posters from the console', () => {
  let page: Page;
  let errors: string[];
  let englishAddress: string;

  beforeAll(async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1366, height: 657 } });
    page = await context.newPage();
    await page.goto(`${suite.server.url}/staff/appeals/${appealId}`);
    await page.waitForURL(/\/staff\/login/);
    await signInAs(page, 'volunteer', PASSWORD);
    await page.getByRole('heading', { name: 'Moti needs a wheelchair' }).waitFor();
    // Signed in: the console's own 401 before it is not an error.
    errors = collectErrors(page);
  });
  afterAll(async () => page?.context().close());

  it('an appeal’s poster: A5 in Tamil, its QR code the Tamil page marked as from a poster', async () => {
    await page.getByRole('button', { name: 'Poster' }).click();
    const dialog = page.getByRole('dialog', { name: 'A poster of this appeal' });
    await dialog.getByText('A5', { exact: true }).click();
    await dialog.getByText('தமிழ்', { exact: true }).click();
    // The chosen segment's highlight slides over: looked at once it has arrived.
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/appeal-poster-dialog-1366.png` });
    const tamil = await posterQrCode(page, dialog.getByRole('link', { name: 'Download the PDF' }));
    expect(tamil).toEqual({
      qr: `${suite.server.url}/ta/appeals/${SLUG}?src=poster`,
      filename: `poster-appeal-${SLUG}-A5-ta.pdf`,
    });
    await dialog.getByText('English', { exact: true }).click();
    const english = await posterQrCode(page, dialog.getByRole('link', { name: 'Download the PDF' }));
    expect(english.qr).toBe(`${suite.server.url}/appeals/${SLUG}?src=poster`);
    englishAddress = english.qr as string;
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(errors).toEqual([]);
  });

  it('a visitor who scans it gives to the appeal', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    const phone = await context.newPage();
    const phoneErrors = collectErrors(phone);
    await phone.goto(englishAddress);
    await waitForHydration(phone);
    const form = phone.locator('form');
    expect(await form.getByTestId('giving-to').textContent()).toContain('Giving to: Moti needs a wheelchair');
    await form.getByRole('button', { name: '₹1,000' }).click();
    await form.getByLabel('Full Name').fill('Kavya Iyer');
    await form.getByLabel('Email Address').fill('kavya@example.org');
    await form.getByLabel('Phone Number').fill('+91 98400 12345');
    await form.getByRole('button', { name: 'Donate Now' }).click();
    const modal = phone.getByRole('dialog', { name: siteContent.trust.name });
    await modal.waitFor();
    await modal.getByTestId('sandbox-pay').click();
    await phone.getByRole('region', { name: 'Thank you for your donation!' }).waitFor();
    const gifts = await query<{ appeal_id: number; status: string; amount: number }>(
      suite.db.url,
      "select appeal_id, status, amount from donations where email = 'kavya@example.org'",
    );
    expect(gifts).toEqual([{ appeal_id: appealId, status: 'paid', amount: 100_000 }]);
    expect(phoneErrors).toEqual([]);
    await context.close();
  });

  it('the donate page’s poster from Site content, and the dialog on a phone', async () => {
    await page.goto(`${suite.server.url}/staff/site-content`);
    await page.getByRole('heading', { name: 'Site content' }).waitFor();
    await page.getByRole('button', { name: 'Poster' }).click();
    const dialog = page.getByRole('dialog', { name: 'A poster of the donate page (as published)' });
    const donate = await posterQrCode(page, dialog.getByRole('link', { name: 'Download the PDF' }));
    expect(donate).toEqual({ qr: `${suite.server.url}/donate?src=poster`, filename: 'poster-donate-A4-en.pdf' });

    await page.setViewportSize(VIEWPORTS.phone);
    await dialog.getByText('हिन्दी', { exact: true }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/donate-poster-dialog-390.png` });
    const hindi = await posterQrCode(page, dialog.getByRole('link', { name: 'Download the PDF' }));
    expect(hindi.qr).toBe(`${suite.server.url}/hi/donate?src=poster`);
    expect(errors).toEqual([]);
  });
});
