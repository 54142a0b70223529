import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_ITEM, NAV_SECTIONS } from './features/staff/layout/nav-items';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors } from './test/page-helpers';
import { createStaffWithCli, signInAs } from './test/staff-setup';

/**
 * The console's menu on a small laptop (1366×657) and in a phone's drawer (390×844): every page a
 * click away, the page shown highlighted, the sections a person closed remembered by the browser.
 */
const PASSWORD = 'correct horse battery staple';
const SHOTS = '/tmp/staff-menu-shots';
const LAPTOP = { width: 1366, height: 657 };
const ALL_ITEMS = [HOME_ITEM, ...NAV_SECTIONS.flatMap((section) => section.items)];
const suite = startBrowserSuite();

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'treasurer', 'admin', PASSWORD);
  await createStaffWithCli(suite.db.url, 'volunteer', 'staff', PASSWORD);
});

async function signedIn(
  username: string,
  options: Parameters<typeof suite.browser.newContext>[0],
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await suite.browser.newContext(options);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${suite.server.url}/staff/login`);
  await signInAs(page, username, PASSWORD);
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  return { context, page, errors };
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Console' });

/** The page opened: its address, its tab title, and its link the one marked as the current page. */
async function expectOpened(page: Page, item: { to: string; label: string }) {
  await page.waitForURL((url) => url.pathname === item.to);
  await page.waitForFunction((title) => document.title === title, `${item.label} · Staff console`);
  const current = menu(page).locator('[aria-current="page"]');
  await expect(current.count()).resolves.toBe(1);
  await expect(current.getAttribute('href')).resolves.toBe(item.to);
  await expect(current.getAttribute('data-active')).resolves.not.toBeNull();
}

describe('the console menu on a 1366×657 laptop', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ context, page, errors } = await signedIn('treasurer', { viewport: LAPTOP }));
  });
  afterAll(async () => context?.close());

  it('is taller than the window, scrolls, and every page is a click away, highlighted once open', async () => {
    const scroller = menu(page).locator('.mantine-ScrollArea-viewport');
    const [scrollHeight, clientHeight] = await scroller.evaluate((element) => [
      element.scrollHeight,
      element.clientHeight,
    ]);
    expect(scrollHeight).toBeGreaterThan(clientHeight);
    // The last page starts below the window's edge: only scrolling the menu reaches it.
    const last = menu(page).getByRole('link', { name: 'My password', exact: true });
    expect((await last.boundingBox())?.y ?? 0).toBeGreaterThan(LAPTOP.height);

    for (const item of ALL_ITEMS) {
      const link = menu(page).getByRole('link', { name: item.label, exact: true });
      await link.scrollIntoViewIfNeeded();
      await link.click();
      await expectOpened(page, item);
    }
    // The menu scrolled to reach the last pages; the window itself did not.
    expect(await scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('shows the sections under headings, and remembers a closed one across a reload', async () => {
    for (const section of NAV_SECTIONS) {
      await menu(page).getByRole('heading', { name: section.heading, level: 2 }).waitFor();
    }
    await page.getByRole('link', { name: 'Donations', exact: true }).click();
    await expectOpened(page, { to: '/staff/donations', label: 'Donations' });
    const website = menu(page).getByRole('button', { name: 'The website' });
    await expect(website.getAttribute('aria-expanded')).resolves.toBe('true');
    await website.click();
    await menu(page).getByRole('link', { name: 'Photos', exact: true }).waitFor({ state: 'hidden' });
    await expect(website.getAttribute('aria-expanded')).resolves.toBe('false');

    await page.reload();
    await page.getByRole('heading', { name: 'Donations', level: 1 }).waitFor();
    await expect(website.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(await menu(page).getByRole('link', { name: 'Photos', exact: true }).isVisible()).toBe(false);
    expect(await menu(page).getByRole('link', { name: 'Receipts', exact: true }).isVisible()).toBe(true);

    // Opening a page of a closed section by its address opens the section, its page highlighted.
    await page.goto(`${suite.server.url}/staff/photos`);
    await expectOpened(page, { to: '/staff/photos', label: 'Photos' });
    await expect(website.getAttribute('aria-expanded')).resolves.toBe('true');
    // …and its link is scrolled into the menu's view.
    await page.waitForFunction(() => {
      const box = document.querySelector('nav [aria-current="page"]')?.getBoundingClientRect();
      return box !== undefined && box.top >= 52 && box.bottom <= window.innerHeight;
    });
    await page.screenshot({ path: `${SHOTS}/menu-laptop.png` });
  });

  it('shows staff who are not admins no admin pages, and the rest of the Administration section', async () => {
    const { context: staffContext, page: staffPage } = await signedIn('volunteer', { viewport: LAPTOP });
    for (const label of ['Trust details', 'Settings', 'Staff accounts', 'Audit trail', 'Backups']) {
      expect(await menu(staffPage).getByRole('link', { name: label, exact: true }).count()).toBe(0);
    }
    const password = menu(staffPage).getByRole('link', { name: 'My password', exact: true });
    await password.click();
    await expectOpened(staffPage, { to: '/staff/password', label: 'My password' });
    await staffContext.close();
  });
});

describe('the console menu in a 390×844 phone’s drawer', () => {
  it('reaches every page from the drawer, which closes on the way', async () => {
    const { context, page, errors } = await signedIn('treasurer', {
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
    });
    for (const item of ALL_ITEMS) {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const link = menu(page).getByRole('link', { name: item.label, exact: true });
      await link.scrollIntoViewIfNeeded();
      await link.click();
      await expectOpened(page, item);
      await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    }
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await menu(page).getByRole('link', { name: 'My password', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/menu-phone.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});
