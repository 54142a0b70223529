import { describe, expect, it } from 'vitest';
import { indiaDay, indiaTime } from './format';

describe("the console's dates", () => {
  it('writes an instant day first, in India time, whatever the time zone of the machine', () => {
    // 03:35 UTC on 1 April is 09:05 in India; 20:00 UTC on 31 March is already 1 April there.
    expect(indiaTime('2026-04-01T03:35:00Z')).toBe('1 Apr 2026, 09:05 IST');
    expect(indiaTime('2026-03-31T20:00:00Z')).toBe('1 Apr 2026, 01:30 IST');
    expect(indiaTime('2026-11-28T06:00:00Z')).toBe('28 Nov 2026, 11:30 IST');
    expect(indiaTime(null)).toBe('—');
  });

  it('writes a calendar day day first, the same day wherever the browser is', () => {
    expect(indiaDay('2026-04-01')).toBe('1 Apr 2026');
    expect(indiaDay('2026-12-31')).toBe('31 Dec 2026');
    expect(indiaDay(undefined)).toBe('—');
  });
});
