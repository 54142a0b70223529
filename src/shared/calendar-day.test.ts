import { expect, it } from 'vitest';
import { calendarDaySchema } from './offline-gift.schema';
import { MAX_ROW_ID, rowIdSchema } from './row-id';

it('a calendar day refuses days no calendar has, with its message, never by throwing', () => {
  expect(calendarDaySchema.safeParse('2026-02-28').success).toBe(true);
  for (const day of ['2026-02-30', '2026-02-32', '2026-13-01', '9999-99-99', '2026-2-1', '']) {
    const parsed = calendarDaySchema.safeParse(day);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/real date|YYYY-MM-DD/);
  }
});

it('a row id is a positive whole number PostgreSQL’s integer holds', () => {
  const id = rowIdSchema('Must be a number');
  expect(id.safeParse(MAX_ROW_ID).success).toBe(true);
  for (const bad of [0, -1, 1.5, MAX_ROW_ID + 1, 3_000_000_000, '7']) {
    expect(id.safeParse(bad).error?.issues[0]?.message).toBe('Must be a number');
  }
});
