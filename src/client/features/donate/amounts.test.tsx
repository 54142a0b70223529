import { describe, expect, it } from 'vitest';
import { customRupeesToPaise, formatRupees, PRESET_AMOUNTS_PAISE } from './amounts';

describe('amounts', () => {
  it('offers ₹500 to ₹10,000 in paise', () => {
    expect(PRESET_AMOUNTS_PAISE).toEqual([50000, 100000, 200000, 500000, 1000000]);
    expect(PRESET_AMOUNTS_PAISE.map(formatRupees)).toEqual(['₹500', '₹1,000', '₹2,000', '₹5,000', '₹10,000']);
  });

  it('turns a custom rupee amount of at least ₹1 into whole paise', () => {
    expect(customRupeesToPaise('1')).toBe(100);
    expect(customRupeesToPaise(' 750.5 ')).toBe(75050);
    expect(customRupeesToPaise('0.1 ')).toBeNull();
    expect(customRupeesToPaise('0.99')).toBeNull();
    expect(customRupeesToPaise('')).toBeNull();
    expect(customRupeesToPaise(undefined)).toBeNull();
    expect(customRupeesToPaise('abc')).toBeNull();
    expect(customRupeesToPaise('-5')).toBeNull();
    expect(customRupeesToPaise('Infinity')).toBeNull();
    expect(customRupeesToPaise('19.999')).toBe(2000);
  });
});
