import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../auth/session-api';
import { csvHref, filterOf, listInputOf } from './donations-search';

describe("the donations page's URL", () => {
  it('becomes the filter the list and the export share, whether the router parsed values as numbers or text', () => {
    expect(
      filterOf({ status: 'paid,refunded', type: 'monthly', from: '2026-04-01', min: 500, max: '2000', q: 9876543210 }),
    ).toEqual({
      status: ['paid', 'refunded'],
      type: 'monthly',
      from: '2026-04-01',
      minAmountRupees: 500,
      maxAmountRupees: 2000,
      search: '9876543210',
    });
  });

  it('drops what the server would refuse instead of failing the whole page', () => {
    expect(filterOf({ status: 'lost', purpose: 'medical', min: 'abc', to: '1 April' })).toEqual({ purpose: 'medical' });
  });

  it('has a page, a page size and a sort only from their allowed values', () => {
    expect(listInputOf({ page: 3, size: 100, sort: 'amount', dir: 'asc' })).toMatchObject({
      page: 3,
      pageSize: 100,
      sort: 'amount',
      direction: 'asc',
    });
    expect(listInputOf({ page: -2, size: 7, sort: 'drop table', dir: 'sideways' })).toMatchObject({
      page: 1,
      pageSize: 50,
      sort: 'createdAt',
      direction: 'desc',
    });
  });

  it('exports exactly the current filter', () => {
    const href = csvHref({ search: 'Asha & co', status: ['paid'] });
    const url = new URL(href, 'https://rescue.example.org');
    expect(url.pathname).toBe('/staff/api/donations.csv');
    expect(JSON.parse(url.searchParams.get('filters') ?? '')).toEqual({ search: 'Asha & co', status: ['paid'] });
  });
});

describe('after signing in', () => {
  it('goes back to a console page only, never to another site or the login again', () => {
    expect(safeRedirect('/staff/donations?status=paid')).toBe('/staff/donations?status=paid');
    expect(safeRedirect('//evil.example/staff')).toBe('/staff');
    expect(safeRedirect('https://evil.example/staff')).toBe('/staff');
    expect(safeRedirect('/staffing')).toBe('/staff');
    expect(safeRedirect('/staff/login?redirect=/staff')).toBe('/staff');
    expect(safeRedirect(undefined)).toBe('/staff');
  });
});
