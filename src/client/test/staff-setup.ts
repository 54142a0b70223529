import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { siteContent } from '../../shared/site-content';
import { waitForHydration } from './page-helpers';

const CLI = fileURLToPath(new URL('../../server/cli/create-staff-cli.ts', import.meta.url));

/** `npm run staff:create -- --username … --role …` against the test server's database, password piped in. */
export function createStaffWithCli(databaseUrl: string, username: string, role: string, password: string) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--username', username, '--role', role], {
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`staff:create exited ${code}: ${output}`)),
    );
    child.stdin.end(`${password}\n`);
  });
}

export async function query<T>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Donations as the console would find them in the books: a few donors, statuses, purposes and days. */
export async function seedDonations(databaseUrl: string): Promise<void> {
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  const rows: [name: string, rupees: number, status: string, purpose: string, daysAgo: number][] = [
    ['Kavya Subramanian', 2500, 'paid', 'medical', 0],
    ['Kavya Subramanian', 1000, 'paid', 'food', 3],
    ['Arjun Mehta', 5000, 'failed', 'rescue', 1],
    ['முருகன் செல்வம்', 1500.5, 'paid', 'general', 2],
    ['Old Pending', 750, 'pending', 'general', 5],
    ['Meena Iyer', 100000, 'refunded', 'vaccination', 10],
  ];
  for (const [index, [name, rupees, status, purpose, daysAgo]] of rows.entries()) {
    await query(
      databaseUrl,
      `insert into donations (name, email, phone, amount, donation_type, purpose, status, created_at, razorpay_order_id)
       values ($1, $2, '9876543210', $3, 'one-time', $4, $5, $6, $7)`,
      [
        name,
        `donor${index}@example.org`,
        Math.round(rupees * 100),
        purpose,
        status,
        new Date(now - daysAgo * day),
        `order_seed${index}`,
      ],
    );
  }
}

/** A real monthly gift: the donate page, the sandbox's checkout, paid (the subscription is then at the sandbox). */
export async function giveMonthly(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/donate`);
  await waitForHydration(page);
  const form = page.locator('form');
  await form.getByRole('radio', { name: 'Monthly' }).check();
  await form.getByRole('button', { name: 'Other' }).click();
  await form.getByLabel('Custom Amount (₹)').fill('600');
  await form.getByLabel('Full Name').fill('Monthly Donor');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Phone Number').fill('+91 98765 43210');
  await form.getByRole('button', { name: 'Donate Now' }).click();
  const modal = page.getByRole('dialog', { name: siteContent.trust.name });
  await modal.getByTestId('sandbox-pay').click();
  await page.getByText('Thank you!').first().waitFor();
}

/** Fills the console's sign-in form and submits it; the caller waits for the page it expects next. */
export async function signInAs(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
