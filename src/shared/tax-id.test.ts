import { describe, expect, it } from 'vitest';
import { aadhaarSchema, hasValidVerhoeffCheckDigit, maskTaxId, panSchema, taxIdOf, taxReceiptSchema } from './tax-id';

describe('PAN', () => {
  it('takes a PAN trimmed and upper-cased', () => {
    expect(panSchema.parse(' abcde1234f ')).toBe('ABCDE1234F');
  });

  it.each(['ABCD1234F', 'ABCDE12345', '12345ABCDE', 'ABCDE1234', 'ABCDE-1234-F', ''])('refuses %j', (value) => {
    expect(panSchema.safeParse(value).success).toBe(false);
  });

  it('is masked to its digits and last letter', () => {
    expect(maskTaxId('pan', 'ABCDE1234F')).toBe('XXXXX1234F');
  });
});

describe('Aadhaar', () => {
  it('checks digits with Verhoeff: the textbook 236 → 2363', () => {
    expect(hasValidVerhoeffCheckDigit('2363')).toBe(true);
    expect(hasValidVerhoeffCheckDigit('2364')).toBe(false);
  });

  it('takes the UIDAI test number, with or without the printed spaces', () => {
    expect(aadhaarSchema.parse('9999 4105 7058')).toBe('999941057058');
    expect(aadhaarSchema.parse('999941057058')).toBe('999941057058');
    expect(aadhaarSchema.parse('2345 6789 0124')).toBe('234567890124');
  });

  it('refuses a wrong check digit, a swapped pair, a leading 0 or 1 and the wrong length', () => {
    const reasons = (value: string) => aadhaarSchema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(reasons('999941057059')).toEqual(['is not a valid Aadhaar number (its check digit does not match)']);
    expect(reasons('999914057058')?.[0]).toMatch(/check digit/);
    expect(reasons('099941057058')?.[0]).toMatch(/not starting with 0 or 1/);
    expect(reasons('199941057058')?.[0]).toMatch(/not starting with 0 or 1/);
    expect(reasons('99994105705')?.[0]).toMatch(/12 digits/);
    expect(reasons('9999 4105 705A')?.[0]).toMatch(/12 digits/);
  });

  it('is masked to its last four digits', () => {
    expect(maskTaxId('aadhaar', '999941057058')).toBe('XXXX XXXX 7058');
  });
});

describe('the 80G fields', () => {
  const problems = (input: unknown) =>
    taxReceiptSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('are all optional: a donor who skips them gives nothing', () => {
    expect(taxReceiptSchema.parse({})).toEqual({});
    expect(taxReceiptSchema.parse({ wants80g: false })).toEqual({ wants80g: false });
  });

  it('need a postal address once a receipt is asked for, but no ID number', () => {
    expect(problems({ wants80g: true })).toEqual(['address: is required for an 80G receipt']);
    expect(taxReceiptSchema.parse({ wants80g: true, address: '12 Beach Road, Chennai 600001' })).toEqual({
      wants80g: true,
      address: '12 Beach Road, Chennai 600001',
    });
  });

  it('take PAN or Aadhaar, not both', () => {
    const address = '12 Beach Road, Chennai 600001';
    expect(taxReceiptSchema.parse({ wants80g: true, address, pan: 'abcde1234f' }).pan).toBe('ABCDE1234F');
    expect(problems({ wants80g: true, address, pan: 'ABCDE1234F', aadhaar: '999941057058' })).toEqual([
      'aadhaar: give PAN or Aadhaar, not both',
    ]);
  });

  it('refuse an ID number or address sent without asking for a receipt', () => {
    expect(problems({ pan: 'ABCDE1234F' })).toEqual(['pan: is only taken when an 80G receipt is asked for']);
  });

  it('name the one ID number given', () => {
    expect(taxIdOf({ pan: 'ABCDE1234F' })).toEqual({ kind: 'pan', value: 'ABCDE1234F' });
    expect(taxIdOf({ aadhaar: '999941057058' })).toEqual({ kind: 'aadhaar', value: '999941057058' });
    expect(taxIdOf({})).toBeUndefined();
  });
});
