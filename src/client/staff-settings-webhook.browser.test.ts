import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors } from './test/page-helpers';
import { createStaffWithCli, signInAs } from './test/staff-setup';

/** The webhook secret made in the console, on a phone and a laptop (sandbox mode, nothing in the environment). */
const PASSWORD = 'correct horse battery staple';
const suite = startBrowserSuite();

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'meena', 'admin', PASSWORD);
});

/** Each element's right edge inside the window: nothing cut. */
async function insideWindow(page: Page, names: string[]) {
  const width = page.viewportSize()?.width ?? 0;
  for (const name of names) {
    const box = await page.getByRole('button', { name, exact: true }).first().boundingBox();
    expect(box, name).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(width);
  }
}

describe('Settings: the webhook secret', () => {
  for (const [label, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['laptop', { width: 1366, height: 657 }],
  ] as const) {
    it(`on a ${label}: no built-in secret shown as saved, "Generate" makes one to copy, Copy never cut`, async () => {
      const context = await suite.browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        const errors = collectErrors(page);
        await page.goto(`${suite.server.url}/staff/login?redirect=/staff/settings`);
        await signInAs(page, 'meena', PASSWORD);
        await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
        // The phone comes first: nothing saved yet, so no field may say "Saved".
        if (label === 'phone') expect(await page.getByText(/Saved: ends in/).count()).toBe(0);
        await page.getByText('Not set here: the sandbox’s built-in one applies.').first().waitFor();

        await page.getByRole('button', { name: 'Generate a webhook secret' }).click();
        const alert = page.getByRole('status').filter({ hasText: 'New webhook secret' });
        await alert.waitFor();
        const secret = (await alert.locator('code').textContent()) ?? '';
        expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(await page.locator('input[name="razorpayWebhookSecret"]').inputValue()).toBe(secret);
        await insideWindow(page, ['Copy']);
        const copies = page.getByRole('button', { name: 'Copy', exact: true });
        expect(await copies.count()).toBe(2);
        const width = viewport.width;
        for (let index = 0; index < 2; index += 1) {
          const box = await copies.nth(index).boundingBox();
          expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(tmpdir(), `settings-webhook-${label}.png`), fullPage: true });

        await page.getByRole('button', { name: 'Save settings' }).click();
        await page.getByText('Settings saved: in force now').waitFor();
        await page.getByText(`Saved: ends in ${secret.slice(-4)}`).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
