import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonePhoto } from '../server/test/image-fixtures';
import { axeViolations } from './test/axe';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors } from './test/page-helpers';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

const PASSWORD = 'correct horse battery staple';
/** Screenshots to look at after a run (not compared: a person judges them). */
const SHOTS = '/tmp/staff-photos-shots';

const suite = startBrowserSuite();

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'volunteer', 'staff', PASSWORD);
  mkdirSync(SHOTS, { recursive: true });
});

/**
 * The volunteer at night, on a phone: a dog has come in; she photographs him, describes him and
 * uploads the photo from the console's Photos page; the photo is served to phones as AVIF or WebP.
 */
describe('the Photos page on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  /** A phone signed in on the Photos page; the site's CSP holds unless `bypassCSP` (axe is an inline script). */
  async function openPhotos(bypassCSP = false) {
    const phone = await suite.browser.newContext({
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      bypassCSP,
    });
    const tab = await phone.newPage();
    await tab.goto(`${suite.server.url}/staff/photos`);
    await tab.waitForURL(/\/staff\/login/);
    await signInAs(tab, 'volunteer', PASSWORD);
    await tab.getByRole('heading', { name: 'Photos' }).waitFor();
    return { phone, tab };
  }

  beforeAll(async () => {
    ({ phone: context, tab: page } = await openPhotos());
    errors = collectErrors(page);
  });
  afterAll(async () => context?.close());

  it('uploads a photo with its description and shows it, served as a modern format', async () => {
    // Waited for: the list arrives after the heading (isVisible would not wait, and failed on a busy machine).
    await page.getByText('No photos yet.').waitFor();
    // The gallery's input (the camera's has `capture`).
    await page.locator('input[type="file"]:not([capture])').setInputFiles({
      name: 'IMG_2041.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto(1800, 1200),
    });
    await page.getByRole('textbox', { name: /Describe the photo/ }).fill('Bruno, a brown dog, the night he came in');
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await page.getByText('Uploaded: it is first in the list below.').waitFor();

    const tile = page.getByRole('img', { name: 'Bruno, a brown dog, the night he came in' });
    await tile.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('picture img');
      return img?.complete && img.naturalWidth > 0;
    });
    const shown = await tile.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth }));
    expect(shown.src).toMatch(/\/images\/[0-9a-f]{32}-\d+\.(avif|webp)$/);
    // Upright: the phone's EXIF turned it a quarter, so it is taller than wide.
    const [row] = await query<{ width: number; height: number }>(suite.db.url, 'select width, height from images');
    expect(row).toEqual({ width: 1200, height: 1800 });
    // A phone of 390 CSS pixels at its device pixel ratio takes a small variant, not the master.
    expect(shown.width).toBeLessThanOrEqual(1280);
    const served = await (await fetch(`${suite.server.url}${new URL(shown.src).pathname}`)).arrayBuffer();
    expect((await sharp(Buffer.from(served)).metadata()).exif).toBeUndefined();
    await page.screenshot({ path: `${SHOTS}/photos-phone.png`, fullPage: true });
  });

  it('says why a file that is not a photo is refused', async () => {
    await page.locator('input[type="file"]:not([capture])').setInputFiles({
      name: 'dog.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<?php echo "not a photo"; ?>'),
    });
    await page.getByRole('textbox', { name: /Describe the photo/ }).fill('A dog');
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Not uploaded' }).textContent()).resolves.toContain(
      'This file is not a photo',
    );
  });

  it('corrects a description, and has no accessibility violations', async () => {
    await page.getByRole('button', { name: 'Edit description' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the description' });
    await dialog.getByRole('textbox').fill('Bruno, a brown dog, after his surgery');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Bruno, a brown dog, after his surgery', { exact: true }).waitFor();
    // The refused upload's 400 is the only failed request.
    expect(errors.filter((error) => !error.startsWith('400 '))).toEqual([]);

    const { phone, tab } = await openPhotos(true);
    await tab.getByText('Bruno, a brown dog, after his surgery', { exact: true }).waitFor();
    expect(await axeViolations(tab)).toEqual([]);
    await phone.close();
  });
});
