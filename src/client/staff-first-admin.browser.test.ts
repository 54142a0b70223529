import { describe, expect, it } from 'vitest';
import { axeViolations } from './test/axe';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors } from './test/page-helpers';
import { query } from './test/staff-setup';

const suite = startBrowserSuite();
const PASSWORD = 'a trustee picks four words';

/** The link the server printed at its start on the empty database (a plain line of its own), as a trustee copies it. */
function printedLink(): string {
  const link = /setup link \(create the first admin; works once, for 24 hours\): (\S+?token=[\w-]+)/.exec(
    suite.server.output(),
  )?.[1];
  if (!link) throw new Error(`no setup link in the server's log:\n${suite.server.output()}`);
  return link;
}

describe('the first admin, made on a phone from the link in the log', () => {
  it('is created, signed in and shown the overview; the link then says setup is done', async () => {
    const context = await suite.browser.newContext({
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      // axe is injected as an inline script, which the console's CSP rightly refuses.
      bypassCSP: true,
    });
    const page = await context.newPage();
    const errors = collectErrors(page);

    // A link missing its last characters, as a careless copy makes it.
    const link = printedLink();
    await page.goto(link.slice(0, -3));
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/not valid/);

    // Copied with the end of a JSON log line after it: it still works.
    await page.goto(`${link}"}`);
    await page.getByRole('heading', { name: 'Set up the staff console' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Your name').fill('Lakshmi Raman');
    await page.getByLabel('Username').fill('lakshmi');
    await page.getByLabel('Your e-mail address').fill('not an address');
    await page.getByLabel(/^Password/).fill('too short');
    await page.getByLabel('Repeat the password').fill('too short');
    await page.getByRole('button', { name: 'Create the admin account' }).click();
    await page.getByText('Must be at least 12 characters').waitFor();
    await page.getByText('Must be an e-mail address, like name@example.org').waitFor();
    await page.getByLabel('Your e-mail address').fill('lakshmi@trust.example.org');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the admin account' }).click();

    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const admins = await query<{ username: string; display_name: string; email: string }>(
      suite.db.url,
      `select username, display_name, email from users where role = 'admin'`,
    );
    expect(admins).toEqual([
      { username: 'lakshmi', display_name: 'Lakshmi Raman', email: 'lakshmi@trust.example.org' },
    ]);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Setup is done' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/login');
    // The refused links answered 403 and 410, as they should; nothing else went wrong.
    expect(errors.filter((error) => !/^(403|410) .*\/staff\/api\/setup\/check$/.test(error))).toEqual([]);
    await context.close();
  });
});
