import { describe, expect, it } from 'vitest';
import {
  financialYearOf,
  formatIndiaDateTime,
  indiaDate,
  indiaMonthKey,
  parseIndiaDay,
  startOfIndiaDay,
  startOfIndiaMonth,
} from './india-time';

// 31 March 2027 23:59 IST is 18:29 UTC; 1 April 2027 00:00 IST is 31 March 18:30 UTC.
const lastMinuteOfYear = new Date('2027-03-31T18:29:59.999Z');
const firstInstantOfNextYear = new Date('2027-03-31T18:30:00.000Z');

describe('the financial year (April to March, India time)', () => {
  it('puts 31 March 23:59 IST in the year that began the April before', () => {
    const year = financialYearOf(lastMinuteOfYear);
    expect(year.label).toBe('2026-27');
    expect(year.start.toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(year.end.toISOString()).toBe('2027-03-31T18:30:00.000Z');
    expect(lastMinuteOfYear < year.end).toBe(true);
  });

  it('starts the next year at 1 April 00:00 IST, though it is still 31 March in UTC', () => {
    expect(firstInstantOfNextYear.getUTCDate()).toBe(31);
    const year = financialYearOf(firstInstantOfNextYear);
    expect(year.label).toBe('2027-28');
    expect(year.start).toEqual(firstInstantOfNextYear);
  });

  it('labels a year that crosses a century with two digits', () => {
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z')).label).toBe('2099-00');
  });
});

describe('India time', () => {
  it('reads the calendar date in India, not in UTC', () => {
    expect(indiaDate(firstInstantOfNextYear)).toEqual({ year: 2027, month: 4, day: 1 });
    expect(indiaDate(lastMinuteOfYear)).toEqual({ year: 2027, month: 3, day: 31 });
  });

  it('starts days and months at midnight IST', () => {
    expect(startOfIndiaDay(new Date('2026-11-22T20:00:00Z')).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(startOfIndiaMonth(firstInstantOfNextYear).toISOString()).toBe('2027-03-31T18:30:00.000Z');
    expect(parseIndiaDay('2027-04-01')).toEqual(firstInstantOfNextYear);
  });

  it('formats instants and months as India sees them', () => {
    expect(formatIndiaDateTime(lastMinuteOfYear)).toBe('2027-03-31 23:59');
    expect(formatIndiaDateTime(firstInstantOfNextYear)).toBe('2027-04-01 00:00');
    expect(indiaMonthKey(lastMinuteOfYear)).toBe('2027-03');
    expect(indiaMonthKey(firstInstantOfNextYear)).toBe('2027-04');
  });
});
