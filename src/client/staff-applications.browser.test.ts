import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './test/axe';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors } from './test/page-helpers';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

/**
 * A volunteer on a phone works an adoption from the overview's count to the animal's adoption, on
 * the real server and site: approving reserves the dog and declines the other family with a kind
 * mail; completing marks the dog adopted.
 */
const PASSWORD = 'correct horse battery staple';
const suite = startBrowserSuite();
let animalId: number;
let chosenId: number;
let otherId: number;

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'volunteer', 'staff', PASSWORD);
  const [animal] = await query<{ id: number }>(
    suite.db.url,
    `insert into animals (slug, name, species, sex, intake_on, intake_kind, status, status_on, good_with_children, created_by, updated_by)
     values ('raja-1', 'Raja', 'dog', 'male', '2026-06-01', 'rescued', 'adoptable', '2026-06-01', 'yes', 'test', 'test') returning id`,
  );
  animalId = (animal as { id: number }).id;
  const apply = async (name: string, email: string, status: string, daysAgo: number, answers: object) => {
    const at = new Date(Date.now() - daysAgo * 86_400_000);
    const [row] = await query<{ id: number }>(
      suite.db.url,
      `insert into applications (kind, status, animal_id, name, email, phone, language, answers, created_at, status_at, updated_at)
       values ('adopt', $1, $2, $3, $4, '+91 98400 11111', 'ta', $5, $6, $6, $6) returning id`,
      [status, animalId, name, email, JSON.stringify(answers), at],
    );
    return (row as { id: number }).id;
  };
  chosenId = await apply('Anitha Raman', 'anitha@example.in', 'home-visit', 5, {
    home: 'own',
    whoLivesAtHome: 'Two adults, a girl of 9',
    hoursAlone: 3,
    agreesToHomeVisit: true,
  });
  otherId = await apply('Bala Kumar', 'bala@example.in', 'new', 1, { home: 'rent', landlordPermission: false });
});

describe('working an adoption on a phone (390×844)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await suite.browser.newContext({
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    });
    page = await context.newPage();
    errors = collectErrors(page);
  });
  afterAll(async () => context?.close());

  const fitsThePhone = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);

  it('approves the family (the dog reserved, the other family declined kindly), then completes the adoption', async () => {
    await page.goto(`${suite.server.url}/staff/login?redirect=/staff`);
    await signInAs(page, 'volunteer', PASSWORD);
    const waiting = page.getByTestId('applications-waiting');
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain('1 application has waited over 3 days');
    await waiting.getByRole('link', { name: 'Open them' }).click();

    const card = page.getByTestId('application-card').filter({ hasText: 'Anitha Raman' });
    await card.waitFor();
    expect(await page.getByTestId('application-card').count()).toBe(1);
    expect(await card.textContent()).toContain('Waiting 5 days');
    await fitsThePhone();
    expect(await axeViolations(page)).toEqual([]);
    await card.click();

    await page.getByRole('heading', { name: 'Anitha Raman' }).waitFor();
    const answers = await page.getByText('Who lives at home').locator('..').textContent();
    expect(answers).toContain('Two adults, a girl of 9');
    expect(await page.getByText('Agrees to home visit').locator('..').textContent()).toContain('Yes');
    await fitsThePhone();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Approved', exact: true }).click();
    const other = page.getByRole('checkbox', { name: /Bala Kumar/ });
    expect(await other.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Mail Anitha Raman/ }).isChecked()).toBe(true);
    await fitsThePhone();
    await page.getByRole('button', { name: 'Move to Approved' }).click();
    await page.getByTestId('application-status').filter({ hasText: 'Approved' }).waitFor();

    const [reserved] = await query<{ status: string }>(suite.db.url, 'select status from animals where id = $1', [
      animalId,
    ]);
    expect(reserved?.status).toBe('reserved');
    const [declined] = await query<{ status: string }>(suite.db.url, 'select status from applications where id = $1', [
      otherId,
    ]);
    expect(declined?.status).toBe('declined');
    const mails = await query<{ recipient: string; subject: string }>(
      suite.db.url,
      `select recipient, subject from mail_outbox where kind like 'application-%' order by id`,
    );
    expect(mails).toEqual([
      { recipient: 'anitha@example.in', subject: 'Raja பற்றி ஒரு நல்ல செய்தி' },
      { recipient: 'bala@example.in', subject: 'Raja-க்கு ஒரு வீடு கிடைத்துவிட்டது' },
    ]);

    await page.getByRole('button', { name: 'Completed', exact: true }).click();
    await page.getByLabel('Day the adoption happened').waitFor();
    await page.getByRole('button', { name: 'Move to Completed' }).click();
    await page.getByTestId('application-status').filter({ hasText: 'Completed' }).waitFor();
    const [adopted] = await query<{ status: string; application_id: number }>(
      suite.db.url,
      `select a.status, c.application_id from animals a join animal_status_changes c on c.animal_id = a.id
        where a.id = $1 order by c.id desc limit 1`,
      [animalId],
    );
    expect(adopted).toEqual({ status: 'adopted', application_id: chosenId });
    expect(await page.getByText('Home visit → Approved').count()).toBe(1);
    expect(await page.getByText('Approved → Completed').count()).toBe(1);
    await fitsThePhone();
    expect(await axeViolations(page)).toEqual([]);
    // The family's phone: Raja is off the list of animals waiting, and his page says he found a home.
    const family = await page.context().newPage();
    await family.goto(`${suite.server.url}/adopt`);
    expect(await family.locator('main').textContent()).not.toContain('Raja');
    await family.goto(`${suite.server.url}/adopt/raja-1`);
    await family.getByRole('heading', { name: 'Raja has found a home' }).waitFor();
    await family.close();
    if (process.env.SCREENSHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/application-phone.png`, fullPage: true });
      await page.setViewportSize({ width: 1366, height: 657 });
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/application-laptop.png`, fullPage: true });
      await page.goto(`${suite.server.url}/staff/applications`);
      await page.getByTestId('application-card').first().waitFor();
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/applications-laptop.png` });
      await page.setViewportSize(VIEWPORTS.phone);
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/applications-phone.png`, fullPage: true });
      await page.goto(`${suite.server.url}/staff/application-mails`);
      await page.getByTestId('template-contacted').waitFor();
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/templates-phone.png` });
    }
    expect(errors).toEqual([]);
  });
});
