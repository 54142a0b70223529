import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../../test/render';
import { type ThanksRow, ThanksTable, waited } from './ThanksTable';

/** The table inside a router, as the console renders it (each gift links to its story). */
function renderTable(props: Parameters<typeof ThanksTable>[0]) {
  const rootRoute = createRootRoute({ component: () => <ThanksTable {...props} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/staff/thanks'] }),
  });
  return render(<RouterProvider router={router} />);
}

const now = Date.parse('2026-11-28T12:00:00Z');
const entry: ThanksRow = {
  donationId: 41,
  name: 'Kavya',
  phone: '+91 98400-12345',
  email: 'kavya@example.com',
  language: 'ta',
  amount: 50_000,
  mode: 'cheque',
  donationType: 'one-time',
  givenAt: '2026-11-25T12:00:00.000Z',
  firstGift: true,
  bigGift: false,
  calledBy: null,
  calledAt: null,
};

describe('the thank-you queue', () => {
  it('dials the donor from the phone number, says how long the gift has waited, and ticks it off', async () => {
    const onTick = vi.fn();
    renderTable({ entries: [entry], called: false, now, onTick, onUntick: vi.fn() });
    expect(await screen.findByRole('link', { name: 'Call Kavya on +91 98400-12345' })).toHaveAttribute(
      'href',
      'tel:+919840012345',
    );
    expect(screen.getByText(/^Waiting 3 days/)).toBeInTheDocument();
    expect(screen.getByText('First gift')).toBeInTheDocument();
    expect(screen.getByText('தமிழ்')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#41' })).toHaveAttribute('href', '/staff/donations/41');
    await userEvent.click(screen.getByRole('button', { name: 'I called Kavya' }));
    expect(onTick).toHaveBeenCalledWith(41);
  });

  it('shows who called, and unticks', async () => {
    const onUntick = vi.fn();
    const called = { ...entry, calledBy: 'volunteer', calledAt: '2026-11-28T06:00:00.000Z' };
    renderTable({ entries: [called], called: true, now, onTick: vi.fn(), onUntick });
    expect(await screen.findByText('Called by volunteer, 28 Nov 2026, 11:30 IST')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Untick the call to Kavya' }));
    expect(onUntick).toHaveBeenCalledWith(41);
  });

  it('counts hours for two days, then days', () => {
    expect(waited('2026-11-28T07:00:00.000Z', now)).toBe('5 h');
    expect(waited('2026-11-26T12:00:01.000Z', now)).toBe('47 h');
    expect(waited('2026-11-26T12:00:00.000Z', now)).toBe('2 days');
  });
});
