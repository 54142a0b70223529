import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './test/axe';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, waitForHydration } from './test/page-helpers';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

const PASSWORD = 'correct horse battery staple';

const suite = startBrowserSuite();

const SLUG = 'rani-needs-a-wheelchair';
const TAMIL_TITLE = 'ராணிக்கு ஒரு சக்கர நாற்காலி';

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'volunteer', 'staff', PASSWORD);
});

/**
 * A volunteer gives an appeal its Tamil title in the console on her phone; a donor on a phone opens
 * the Tamil page, sees it, and switches to Hindi, staying on the appeal (its English title, marked
 * English, in the Hindi page). axe finds nothing on either page.
 */
describe('an appeal in Tamil and Hindi, on a phone', () => {
  it('staff add a Tamil title; /ta/appeals/<slug> shows it; the switch to हिन्दी keeps the appeal', async () => {
    const staff = await suite.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    const console = await staff.newPage();
    const consoleErrors = collectErrors(console);
    await console.goto(`${suite.server.url}/staff/appeals`);
    await console.waitForURL(/\/staff\/login/);
    await signInAs(console, 'volunteer', PASSWORD);
    await console.getByRole('button', { name: 'New appeal' }).click();
    const form = console.getByRole('form', { name: 'Appeal' });
    await form.getByLabel(/^Title/).fill('Rani needs a wheelchair');
    await form
      .getByLabel(/^The animal’s story/)
      .fill('Rani lost the use of her hind legs after a fall.\n\nA wheelchair made for her costs ₹12,000.');
    await form.getByLabel(/^Goal/).fill('12,000');
    const summary = form.getByRole('region', { name: 'Translations' });
    expect(await summary.textContent()).toContain('Tamil: title, story missing — English shown');
    await form.getByText(/^தமிழ்/).click();
    const tamilTitle = form.getByLabel(/^Title in Tamil/);
    expect(await tamilTitle.getAttribute('lang')).toBe('ta-IN');
    await tamilTitle.fill(TAMIL_TITLE);
    expect(await summary.textContent()).toContain('Tamil: story missing — English shown');
    await form.getByRole('button', { name: 'Save as a draft' }).click();
    await console.waitForURL(/\/staff\/appeals\/\d+$/);
    await console.getByRole('button', { name: 'Publish' }).click();
    await console
      .getByRole('dialog', { name: 'Publish this appeal?' })
      .getByRole('button', { name: 'Publish' })
      .click();
    await console.getByText('Appeal published').waitFor();
    // Before signing in, the console asks who is signed in and is told no one.
    expect(consoleErrors.filter((error) => !error.startsWith('401 ') || !error.endsWith('/trpc/staff.me'))).toEqual([]);
    await staff.close();
    // An update with its Tamil text (the console's own test posts updates): its date is written in each language.
    await query(
      suite.db.url,
      `insert into appeal_updates (appeal_id, text, translations, posted_by)
       select id, 'Rani tried her wheelchair today.', $1::jsonb, 'volunteer' from appeals where slug = $2`,
      [JSON.stringify({ ta: { text: 'ராணி இன்று தனது சக்கர நாற்காலியை முயற்சி செய்தாள்.' } }), SLUG],
    );

    const donor = await suite.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    const page = await donor.newPage();
    const errors = collectErrors(page);
    await page.goto(`${suite.server.url}/ta/appeals/${SLUG}`);
    await waitForHydration(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('ta-IN');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TAMIL_TITLE);
    // The story has no Tamil yet: shown in English, said to be English.
    expect(await page.getByText('Rani lost the use of her hind legs after a fall.').isVisible()).toBe(true);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('₹12,000 இலக்கில் ₹0 (0%)');
    expect(await page.getByText('இலக்கைத் தாண்டி வரும் தொகை').isVisible()).toBe(true);
    expect(await page.getByText('ராணி இன்று தனது சக்கர நாற்காலியை முயற்சி செய்தாள்.').isVisible()).toBe(true);
    expect(await page.locator('article time').textContent()).toMatch(/^\d{1,2} [\u0B80-\u0BFF]+,? \d{4}$/);

    // The language switch is in the menu on a phone.
    await page.getByRole('button', { name: 'மெனுவைத் திறக்கவும்' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'हिन्दी' }).click();
    await page.waitForURL(`**/hi/appeals/${SLUG}`);
    await waitForHydration(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('hi-IN');
    const title = page.getByRole('heading', { level: 1 });
    expect(await title.textContent()).toBe('Rani needs a wheelchair');
    expect(await title.getAttribute('lang')).toBe('en-IN');
    expect(await page.getByRole('progressbar').getAttribute('aria-label')).toBe('लक्ष्य की ओर जुटाई गई राशि');
    expect(await page.getByText('लक्ष्य से अधिक राशि').isVisible()).toBe(true);
    expect(await page.getByText('Rani tried her wheelchair today.').getAttribute('lang')).toBe('en-IN');
    expect(await page.locator('article time').textContent()).toMatch(/^\d{1,2} [\u0900-\u097F]+,? \d{4}$/);
    expect(errors).toEqual([]);
    await donor.close();
  });

  it.each(['ta', 'hi'])('axe-core finds no violations on /%s/appeals/<slug>', async (language) => {
    const context = await suite.browser.newContext({
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/${language}/appeals/${SLUG}`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.locator('h1').count()).toBe(1);
    await context.close();
  });
});
