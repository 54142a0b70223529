import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonePhoto } from '../server/test/image-fixtures';
import { axeViolations } from './test/axe';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors } from './test/page-helpers';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

const PASSWORD = 'correct horse battery staple';
/** Screenshots to look at after a run (not compared: a person judges them). */
const SHOTS = '/tmp/staff-appeals-shots';

const suite = startBrowserSuite();

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'volunteer', 'staff', PASSWORD);
  mkdirSync(SHOTS, { recursive: true });
});

/** What the public page will read: `appeals.get` over HTTP, with no session. */
async function publicAppeal(slug: string): Promise<{ status: number; data?: Record<string, unknown> }> {
  const input = encodeURIComponent(JSON.stringify({ slug }));
  const response = await fetch(`${suite.server.url}/trpc/appeals.get?input=${input}`);
  const body = (await response.json()) as { result?: { data: Record<string, unknown> } };
  return { status: response.status, data: body.result?.data };
}

/**
 * The volunteer at night, on a phone: a dog has come in; she writes his appeal with his photo,
 * publishes it, and the next day posts an update for his donors; the console shows the gifts come in.
 */
describe('an appeal written on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await suite.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    page = await context.newPage();
    errors = collectErrors(page);
    await page.goto(`${suite.server.url}/staff/appeals`);
    await page.waitForURL(/\/staff\/login/);
    await signInAs(page, 'volunteer', PASSWORD);
    await page.getByRole('heading', { name: 'Appeals' }).waitFor();
  });
  afterAll(async () => context?.close());

  it('is written with a photo taken there and then, saved as a draft, then published', async () => {
    await page.getByRole('button', { name: 'New appeal' }).click();
    const form = page.getByRole('form', { name: 'Appeal' });
    await form.getByLabel(/^Title/).fill('Bruno was hit by a truck');
    await form
      .getByLabel(/^The animal’s story/)
      .fill(
        'Bruno was found on the Adyar bridge last night.\n\nHis hind leg needs surgery: the vet estimates ₹45,000.',
      );
    await form.getByLabel(/^Goal/).fill('45,000');
    await form.getByRole('button', { name: 'Upload a photo' }).first().click();
    await form.locator('input[type="file"]:not([capture])').setInputFiles({
      name: 'IMG_2041.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto(1800, 1200),
    });
    await form.getByRole('textbox', { name: /Describe the photo/ }).fill('Bruno, a brown dog, in the clinic');
    await form.getByRole('button', { name: 'Upload photo' }).click();
    await form.getByRole('img', { name: 'Bruno, a brown dog, in the clinic' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/new-appeal-phone.png`, fullPage: true });
    await form.getByRole('button', { name: 'Save as a draft' }).click();

    await page.waitForURL(/\/staff\/appeals\/\d+$/);
    await page.getByRole('heading', { name: 'Bruno was hit by a truck' }).waitFor();
    expect(await page.getByText('/appeals/bruno-was-hit-by-a-truck').isVisible()).toBe(true);
    expect((await publicAppeal('bruno-was-hit-by-a-truck')).status).toBe(404);

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog', { name: 'Publish this appeal?' }).getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Appeal published').waitFor();
    const published = await publicAppeal('bruno-was-hit-by-a-truck');
    expect(published.status).toBe(200);
    expect(published.data).toMatchObject({ title: 'Bruno was hit by a truck', goal: 4_500_000, open: true });
    expect(((published.data?.photos ?? []) as { alt: string }[]).map((photo) => photo.alt)).toEqual([
      'Bruno, a brown dog, in the clinic',
    ]);
  });

  it('shows the gifts come in, and mails an update to the donors', async () => {
    const [appeal] = await query<{ id: number }>(suite.db.url, 'select id from appeals');
    const started = await fetch(`${suite.server.url}/api/donations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Meena',
        email: 'meena@example.org',
        phone: '9876543210',
        amount: 250_000,
        donationType: 'one-time',
        appealId: appeal?.id,
        // Updates are news: mailed only to donors who asked for it.
        newsConsent: true,
      }),
    });
    expect(started.status).toBe(200);
    // Paid as settlement would record it (the checkout itself is the donate page's test), with the
    // consent to news its ticked box becomes once paid (gifts/donor-keys/news-consent.ts).
    await query(suite.db.url, `update donations set status = 'paid' where email = 'meena@example.org'`);
    await query(
      suite.db.url,
      `insert into news_consents (email, consented, source, wording_version, donation_id)
       select 'meena@example.org', true, 'donate_form', '2026-11-27', id from donations where email = 'meena@example.org'`,
    );
    await page.reload();
    const raised = page.getByRole('group', { name: 'Raised' });
    await raised.getByText('₹2,500').waitFor();
    expect(await page.getByRole('group', { name: 'Donors' }).textContent()).toContain('1');

    await page.getByLabel('New update').fill('Bruno’s surgery went well. He stood up this morning!');
    await page.getByRole('checkbox', { name: /Mail it to the appeal’s donors/ }).check();
    await page.getByRole('button', { name: 'Post the update' }).click();
    await page.getByText('Update posted and mailed to 1 donor').waitFor();
    await page.getByText('mailed to 1 donor', { exact: false }).last().waitFor();
    await page.screenshot({ path: `${SHOTS}/appeal-phone.png`, fullPage: true });
    // The first visit asked who was signed in (401) before the login page.
    expect(errors.filter((error) => !/^401 .*\/trpc\/staff\.me$/.test(error))).toEqual([]);
  });

  it('is accessible (axe) on a phone', async () => {
    const phone = await suite.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, bypassCSP: true });
    const tab = await phone.newPage();
    try {
      await phone.addCookies(await context.cookies());
      const [appeal] = await query<{ id: number }>(suite.db.url, 'select id from appeals');
      for (const path of ['/staff/appeals', `/staff/appeals/${appeal?.id}`]) {
        await tab.goto(`${suite.server.url}${path}`);
        await tab.getByRole('heading', { level: 1 }).waitFor();
        await tab
          .getByRole('table')
          .or(tab.getByRole('form', { name: 'Appeal' }))
          .first()
          .waitFor();
        expect(await axeViolations(tab), path).toEqual([]);
      }
    } finally {
      await phone.close();
    }
  });
});
