import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../../test/render';
import { ReceivedByMode } from './ReceivedByMode';

const none = { count: 0, amount: 0 };
const rows = [
  {
    mode: 'online' as const,
    today: { count: 1, amount: 100000 },
    thisMonth: { count: 2, amount: 150000 },
    thisFinancialYear: { count: 3, amount: 250000 },
  },
  {
    mode: 'cheque' as const,
    today: none,
    thisMonth: { count: 1, amount: 500000 },
    thisFinancialYear: { count: 1, amount: 500000 },
  },
  { mode: 'cash' as const, today: none, thisMonth: none, thisFinancialYear: { count: 1, amount: 200050 } },
];

describe("the overview's money received by mode", () => {
  it('shows each mode for today, the month and the financial year, and their sum', () => {
    render(<ReceivedByMode rows={rows} financialYear="2026-27" />);
    const table = screen.getByRole('table', { name: 'Received by mode' });
    expect(within(table).getByRole('columnheader', { name: 'Financial year 2026-27' })).toBeInTheDocument();
    const cheque = within(table).getByRole('row', { name: /^Cheque/ });
    expect(cheque).toHaveTextContent('Cheque₹00 gifts₹5,0001 gift₹5,0001 gift');
    const all = within(table).getByRole('row', { name: /^All modes/ });
    expect(all).toHaveTextContent('All modes₹1,0001 gift₹6,5003 gifts₹9,500.505 gifts');
  });
});
