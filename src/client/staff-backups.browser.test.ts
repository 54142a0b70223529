import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors } from './test/page-helpers';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

/** The Backups page on the real server: an admin backs up and downloads; anyone else sees no button. */
const PASSWORD = 'correct horse battery staple';
const suite = startBrowserSuite();

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'treasurer', 'admin', PASSWORD);
  await createStaffWithCli(suite.db.url, 'volunteer', 'staff', PASSWORD);
});

async function openBackups(username: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${suite.server.url}/staff/login?redirect=/staff/backups`);
  await signInAs(page, username, PASSWORD);
  await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
  return { context, page, errors };
}

describe('the Backups page, as an admin', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ context, page, errors } = await openBackups('treasurer'));
  });
  afterAll(async () => context?.close());

  it('"Back up now" adds a row whose download is the backup file itself', async () => {
    const table = page.getByRole('table', { name: 'Backups' });
    await table.getByText('No backup yet.').waitFor();
    await page.getByRole('button', { name: 'Back up now' }).click();
    const download = table.getByRole('link', { name: 'Download' });
    await download.waitFor();
    expect(await download.count()).toBe(1);

    const [stored] = await query<{ file: string; sha256: string }>(suite.db.url, 'select file, sha256 from backups');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const bytes = await readFile(await file.path());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(stored?.sha256);
    expect(stored?.file.endsWith(file.suggestedFilename())).toBe(true);
    const audited = await query<{ action: string }>(
      suite.db.url,
      `select action from staff_audit where action like 'backup%' order by id`,
    );
    expect(audited.map((row) => row.action)).toEqual(['backup_requested', 'backup_downloaded']);
    expect(errors).toEqual([]);
  });

  it('the off-site form says what is wrong with each field, and what the storage answered', async () => {
    const form = page.locator('#offsite-setup');
    await form.getByLabel('Endpoint').fill('ftp://storage.example.org');
    await form.getByLabel('Region').fill('Mumbai');
    await form.getByLabel('Bucket').fill('Trust_Backups');
    await form.getByLabel('Access key ID').fill('AKIAEXAMPLE');
    await form.getByLabel('Secret access key').fill('a-secret-access-key');
    await form.getByLabel('Passphrase', { exact: true }).fill('four unrelated words here');
    await form.getByLabel('The passphrase again').fill('four unrelated words there');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('must start with https:// (or http:// for a server on this network)').waitFor();
    await form.getByText('must be a region name such as ap-south-1').waitFor();
    await form.getByText('must be lower-case letters, digits, dots and hyphens').waitFor();
    await form.getByText('must be the same passphrase').waitFor();

    // Well-formed, but nothing answers there: the server says so, and nothing is saved.
    await form.getByLabel('Endpoint').fill('http://127.0.0.1:9');
    await form.getByLabel('Region').fill('ap-south-1');
    await form.getByLabel('Bucket').fill('trust-backups');
    await form.getByLabel('The passphrase again').fill('four unrelated words here');
    await form.getByRole('button', { name: 'Test' }).click();
    const refusal = form.getByRole('alert').filter({ hasText: 'The bucket could not be used' });
    await refusal.waitFor();
    expect(await refusal.textContent()).not.toMatch(/Internal Server Error|undefined/);
    const saved = await query(suite.db.url, 'select 1 from offsite_backup_settings');
    expect(saved).toEqual([]);
  });
});

describe('the Backups page, as staff who are not admins', () => {
  it('shows no button and no download, and the file itself is refused', async () => {
    const { context, page } = await openBackups('volunteer');
    await page.getByText('Backups are kept by the admins').waitFor();
    expect(await page.getByRole('button', { name: 'Back up now' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Download' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);

    const [backup] = await query<{ file: string }>(suite.db.url, 'select file from backups');
    const name = backup?.file.split('/').at(-1) ?? '';
    const answer = await context.request.get(`${suite.server.url}/staff/api/backups/${encodeURIComponent(name)}`);
    expect(answer.status()).toBe(403);
    await context.close();
  });
});
