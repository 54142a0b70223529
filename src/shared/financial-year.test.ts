import { describe, expect, it } from 'vitest';
import { financialYearOf, formatIndiaDate, indiaDate } from './financial-year';

describe('the financial year', () => {
  it('turns at midnight on 1 April in India, not in UTC', () => {
    expect(financialYearOf(new Date('2027-03-31T23:59:59+05:30'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-04-01T00:00:00+05:30'))).toBe('2027-28');
    // 31 March 19:00 UTC is already 1 April in Chennai.
    expect(financialYearOf(new Date('2027-03-31T19:00:00Z'))).toBe('2027-28');
  });

  it('runs from April to March across the calendar year', () => {
    expect(financialYearOf(new Date('2026-11-22T12:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-01-15T12:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-06-01T12:00:00Z'))).toBe('2099-00');
  });

  it('gives the date in India', () => {
    expect(indiaDate(new Date('2026-03-31T18:30:00Z'))).toEqual({ year: 2026, month: 4, day: 1 });
    expect(formatIndiaDate(new Date('2026-03-31T18:30:00Z'))).toBe('1 April 2026');
  });
});
