import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HealthItem } from '../../../../shared/health';
import { render } from '../../../test/render';
import { HealthList } from './HealthList';

const ITEMS: HealthItem[] = [
  {
    id: 'https',
    title: 'https',
    state: 'green',
    message: 'The site is served at https://rescue.example.org.',
    fix: null,
  },
  {
    id: 'offsite',
    title: 'Off-site copies',
    state: 'grey',
    message: 'Not set up: the backups stay on this machine only, and are lost with it.',
    fix: 'backups',
  },
  {
    id: 'webhooks',
    title: 'Webhooks',
    state: 'red',
    message:
      "1 webhook delivery failed the signature check in the last 7 days: the webhook secret differs from Razorpay's dashboard.",
    fix: 'settings',
  },
  {
    id: 'alert-recipients',
    title: 'Alert e-mail',
    state: 'amber',
    message: 'No admin has an e-mail address for alerts: add one in Staff accounts.',
    fix: 'accounts',
  },
];

/** The list inside a router, as the console renders it (its fix links are the router's links). */
function renderList(isAdmin: boolean) {
  const rootRoute = createRootRoute({ component: () => <HealthList items={ITEMS} isAdmin={isAdmin} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/staff'] }) });
  return render(<RouterProvider router={router} />);
}

describe("the overview's health list", () => {
  it('puts red first, then amber, then not set up, then green, each with its sentence; admins get the page to fix it on', async () => {
    renderList(true);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^FixWebhooks: 1 webhook delivery failed .* Open Settings$/),
      expect.stringMatching(/^CheckAlert e-mail: No admin has an e-mail address .* Open Staff accounts$/),
      expect.stringMatching(/^OffOff-site copies: Not set up: .* Open Backups$/),
      'OKhttps: The site is served at https://rescue.example.org. ',
    ]);
    expect(screen.getByRole('heading', { name: 'Health (3 to look at)' })).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Open Settings' })).toHaveAttribute(
      'href',
      '/staff/settings',
    );
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Open Staff accounts' })).toHaveAttribute(
      'href',
      '/staff/accounts',
    );
  });

  it('tells other staff members an admin fixes it, without a link to a page they cannot open', async () => {
    renderList(false);
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('An admin fixes this in Settings.');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
