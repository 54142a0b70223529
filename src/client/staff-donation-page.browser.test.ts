import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors } from './test/page-helpers';
import { createStaffWithCli, giveMonthly, query, signInAs } from './test/staff-setup';

/** A donation's page: its receipt and whether it was mailed, plain steps, the donor linked, ids folded away. */
const PASSWORD = 'correct horse battery staple';
const SHOTS = '/tmp/staff-donation-page-shots';
const EMAIL = 'page-donor@example.org';
const suite = startBrowserSuite();
let donationId: number;

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'treasurer', 'staff', PASSWORD);
  const context = await suite.browser.newContext({ viewport: VIEWPORTS.phone });
  await giveMonthly(await context.newPage(), suite.server.url, EMAIL);
  await context.close();
  const [row] = await query<{ id: number }>(suite.db.url, 'select id from donations where email = $1', [EMAIL]);
  donationId = Number(row?.id);
});

async function openDonation(page: Page) {
  await page.goto(`${suite.server.url}/staff/login?redirect=/staff/donations/${donationId}`);
  await signInAs(page, 'treasurer', PASSWORD);
  await page.getByRole('heading', { name: `Donation #${donationId}`, level: 1 }).waitFor();
}

describe("a donation's page", () => {
  for (const [name, viewport] of [
    ['laptop', { width: 1366, height: 657 }],
    ['phone', VIEWPORTS.phone],
  ] as const) {
    it(`on a ${name}: paid, receipted, mailed in plain words, the receipt's PDF, the donor a click away`, async () => {
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await openDonation(page);
      const [receipt] = await query<{ id: number; number: string }>(
        suite.db.url,
        'select id, number from receipts where donation_id = $1',
        [donationId],
      );
      const progress = page.getByRole('list', { name: 'Progress' });
      // The receipt's mail leaves through the outbox a moment after the payment: the page says so once it went.
      await expect
        .poll(
          async () => {
            await page.reload();
            await progress.waitFor();
            return progress.locator('li').allTextContents();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toEqual([
          expect.stringMatching(/^✓Paid online \(done\)\d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST$/),
          expect.stringMatching(new RegExp(`^✓Receipt ${receipt?.number} issued \\(done\\)`)),
          expect.stringMatching(/^✓Receipt mailed to the donor \(done\)/),
        ]);

      const card = page.getByRole('region', { name: `Receipt ${receipt?.number}` });
      await card.getByText('Mailed to the donor on').waitFor();
      const pdf = card.getByRole('link', { name: 'Open the receipt (PDF)' });
      expect(await pdf.getAttribute('href')).toBe(`/staff/api/receipts/${receipt?.id}.pdf`);
      const download = await context.request.get(`${suite.server.url}${await pdf.getAttribute('href')}`);
      expect(download.status()).toBe(200);
      expect(download.headers()['content-type']).toBe('application/pdf');

      // The engineers' words are folded away until asked for.
      const webhook = page.getByText(/^(payment|subscription)\.\w+: /).first();
      expect(await webhook.isVisible()).toBe(false);
      expect(await page.getByText(/^pay_/).first().isVisible()).toBe(false);
      const fold = page.getByRole('button', { name: /^Details for Razorpay and the engineers/ });
      await expect(fold.getAttribute('aria-expanded')).resolves.toBe('false');
      await fold.click();
      await webhook.waitFor();

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/donation-${name}.png`, fullPage: true });

      const [donor] = await query<{ donor_id: number }>(suite.db.url, 'select donor_id from donations where id = $1', [
        donationId,
      ]);
      await page.getByRole('link', { name: 'Monthly Donor', exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/staff/donors/${donor?.donor_id}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
