import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonePhoto } from '../server/test/image-fixtures';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

const PASSWORD = 'correct horse battery staple';
/** Screenshots to look at after a run (not compared: a person judges them). */
const SHOTS = '/tmp/staff-animals-shots';

const suite = startBrowserSuite();

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'volunteer', 'staff', PASSWORD);
  mkdirSync(SHOTS, { recursive: true });
});

/**
 * A volunteer at the shelter, on a phone: a dog has come in; she makes his record with a photo
 * taken there and then, marks him adoptable, and sees it on his timeline.
 */
describe('an animal’s record made on a phone', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await suite.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    page = await context.newPage();
    await page.goto(`${suite.server.url}/staff/animals`);
    await page.waitForURL(/\/staff\/login/);
    await signInAs(page, 'volunteer', PASSWORD);
    await page.getByRole('heading', { name: 'Animals', level: 1 }).waitFor();
  });
  afterAll(async () => context?.close());

  it('is created with a photo, made adoptable, and its timeline shows both', async () => {
    await page.getByRole('button', { name: 'New animal' }).click();
    const form = page.getByRole('form', { name: 'Animal' });
    await form.getByLabel(/^Name/).fill('Kutty');
    await form
      .getByLabel(/^Species/)
      .first()
      .click();
    await page.getByRole('option', { name: 'Dog' }).click();
    await form
      .getByLabel(/^How it came in/)
      .first()
      .click();
    await page.getByRole('option', { name: 'Rescued' }).click();
    await form.getByLabel(/^One line/).fill('A shy puppy who loves a warm lap.');
    await form.getByRole('button', { name: 'Upload a photo' }).first().click();
    await form.locator('input[type="file"]:not([capture])').setInputFiles({
      name: 'IMG_3001.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto(1600, 1200),
    });
    await form.getByRole('textbox', { name: /Describe the photo/ }).fill('Kutty, a small brown puppy');
    await form.getByRole('button', { name: 'Upload photo' }).click();
    await form.getByRole('img', { name: 'Kutty, a small brown puppy' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/new-animal-phone.png`, fullPage: true });
    await form.getByRole('button', { name: 'Save the animal' }).click();

    await page.waitForURL(/\/staff\/animals\/\d+$/);
    await page.getByRole('heading', { name: 'Kutty', level: 1 }).waitFor();
    const [row] = await query<{ id: number; status: string; photo_image_ids: number[] }>(
      suite.db.url,
      `select id, status, photo_image_ids from animals where slug = 'kutty'`,
    );
    expect(row?.status).toBe('in-care');
    expect(row?.photo_image_ids).toHaveLength(1);

    const move = page.getByRole('form', { name: 'Move the status' });
    await move.getByLabel(/^To/).first().click();
    // Only the moves the rules allow from "in care".
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'Adoptable',
      'Fostered',
      'Permanent resident',
      'Returned to its locality',
      'Died',
    ]);
    await page.getByRole('option', { name: 'Adoptable' }).click();
    await move.getByLabel(/^Note/).fill('Vet says he is ready');
    await move.getByRole('button', { name: 'Move' }).click();
    await page.getByText('Moved to adoptable').waitFor();

    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('In care → Adoptable · by volunteer: Vet says he is ready').waitFor();
    expect(await timeline.getByText('Came into care: rescued').isVisible()).toBe(true);
    const [moved] = await query<{ status: string }>(suite.db.url, `select status from animals where slug = 'kutty'`);
    expect(moved?.status).toBe('adoptable');
    await page.screenshot({ path: `${SHOTS}/animal-page-phone.png`, fullPage: true });
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  });
});
