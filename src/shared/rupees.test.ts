import { describe, expect, it } from 'vitest';
import { formatReceiptRupees, formatRupees, parseRupees } from './rupees';

/** What the page showed before: the browser's own en-IN format. */
const intl = (paise: number) => {
  const value = paise / 100;
  const digits = Number.isInteger(value) ? 0 : 2;
  return `₹${value.toLocaleString('en-IN', { minimumFractionDigits: digits, maximumFractionDigits: 2 })}`;
};

describe('formatRupees', () => {
  it('groups in lakhs and crores and shows paise only when there are some', () => {
    expect(formatRupees(50_000)).toBe('₹500');
    expect(formatRupees(10_000_000)).toBe('₹1,00,000');
    expect(formatRupees(12_34_56_789_05)).toBe('₹12,34,56,789.05');
    expect(formatRupees(150)).toBe('₹1.50');
    expect(formatRupees(7)).toBe('₹0.07');
    expect(formatRupees(0)).toBe('₹0');
  });

  it('writes every amount as en-IN does, from a paisa to beyond a hundred crore, and below zero', () => {
    const amounts = [1, 99, 100, 101, 999_99, 1_000_00, 99_999_99, 1_00_000_00, 12_34_567_89, 1_00_00_00_000_00];
    for (let paise = 0; paise < 2_000_000; paise += 997) amounts.push(paise);
    for (let power = 0; power <= 15; power++) amounts.push(10 ** power, 10 ** power - 1, 10 ** power + 50);
    // (Not -0, which en-IN writes as ₹-0.)
    for (const paise of [...amounts, ...amounts.filter((amount) => amount > 0).map((amount) => -amount)]) {
      expect(formatRupees(paise), String(paise)).toBe(intl(paise));
    }
  });

  it("writes a receipt's amounts always with paise, as en-IN's currency format does", () => {
    const currency = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    for (const paise of [0, 7, 100, 50_000, 1_00_000_00, 12_34_56_789_05, 99_999_99]) {
      expect(formatReceiptRupees(paise), String(paise)).toBe(currency.format(paise / 100));
    }
  });
});

describe('parseRupees', () => {
  it('reads rupees as people write them, exactly, and refuses what is not an amount', () => {
    expect(parseRupees('1500')).toBe(150_000);
    expect(parseRupees('1,500.5')).toBe(150_050);
    expect(parseRupees('₹ 1,00,000.05')).toBe(10_000_005);
    expect(parseRupees('Rs. 2000.01')).toBe(200_001);
    expect(parseRupees('0.29')).toBe(29);
    for (const bad of ['', '12.345', '-5', '1e3', 'ten', '1.2.3']) expect(parseRupees(bad)).toBeNull();
  });
});
