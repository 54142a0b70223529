import { describe, expect, it } from 'vitest';
import { deductionName, taxLawOfYear, taxLawOn } from './tax-law';

describe('the law by date', () => {
  it('puts gifts up to 31 March 2026 (India time) under the 1961 Act, and from 1 April 2026 under the 2025 Act', () => {
    // 23:59 on 31 March in India is 18:29 UTC; 00:00 on 1 April is 18:30 UTC.
    expect(deductionName(taxLawOn(new Date('2026-03-31T18:29:59Z')))).toBe('section 80G of the Income-tax Act, 1961');
    expect(deductionName(taxLawOn(new Date('2026-03-31T18:30:00Z')))).toBe('section 133 of the Income-tax Act, 2025');
    expect(taxLawOn('2026-03-31').certificateForm).toBe('Form 10BE');
    expect(taxLawOn('2026-04-01').certificateForm).toBe('Form 114');
  });

  it('gives a financial year the law in force on its first day', () => {
    expect(taxLawOfYear('2025-26')).toMatchObject({ statementForm: 'Form 10BD', deductionSection: '80G' });
    expect(taxLawOfYear('2026-27')).toMatchObject({ statementForm: 'Form 113', deductionSection: '133' });
    expect(taxLawOfYear('2030-31').act).toBe('Income-tax Act, 2025');
  });
});
