import type { Locator, Page } from 'playwright-core';

/** Console errors and uncaught exceptions of a page, failed requests excluded: each test says what it expects. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().includes('/no-such-page')) {
      errors.push(`${response.status()} ${response.url()}`);
    }
  });
  return errors;
}

/**
 * Waits until the page's script has run: React has hydrated it (the donate page), or, on the pages
 * that load without React (home, 404), the entry has wired the menu (src/client/components/static-page.ts).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (root?.dataset.enhanced === 'static') return true;
    return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
  });
}

/** The sum of layout shifts so far (CLS without session windows: stricter). */
export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Types a `YYYY-MM-DD` day into one of the console's date boxes (DateField) as staff write it, day
 * first (`29 Nov 2026`), and closes its calendar so it covers nothing below.
 */
export async function fillDate(box: Locator, iso: string): Promise<void> {
  await box.fill(dayFirst(iso));
  await box.press('Escape');
}

/** A `YYYY-MM-DD` day as the console's date boxes show it: `29 Nov 2026`. */
export function dayFirst(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day} ${MONTHS[Number(month) - 1]} ${year}`;
}
