import { describe, expect, it } from 'vitest';
import { sponsorDonatePath } from '../../../shared/sponsorship';
import { prefillFromUrl } from './prefill-from-url';

describe('prefillFromUrl', () => {
  it('reads a failed payment’s link: an amount off the presets goes under Other, in rupees', () => {
    expect(prefillFromUrl('?amount=750&type=monthly&purpose=food')).toEqual({
      donationType: 'monthly',
      purpose: 'food',
      choice: { kind: 'other' },
      customAmount: '750',
    });
  });

  it('selects the preset button when the amount is one', () => {
    expect(prefillFromUrl('?amount=1000&type=one-time')).toEqual({
      donationType: 'one-time',
      choice: { kind: 'preset', paise: 100_000 },
    });
  });

  it('reads a monthly gift at risk’s link: the donor’s name and e-mail too', () => {
    expect(
      prefillFromUrl('?amount=500&type=monthly&purpose=medical&name=Meena+Raman&email=meena%40example.com'),
    ).toEqual({
      donationType: 'monthly',
      purpose: 'medical',
      choice: { kind: 'preset', paise: 50_000 },
      name: 'Meena Raman',
      email: 'meena@example.com',
    });
  });

  it('ignores a name or e-mail the form would refuse', () => {
    expect(prefillFromUrl(`?name=${'x'.repeat(101)}&email=not-an-address`)).toEqual({});
    expect(prefillFromUrl('?name=ev%00il&email=')).toEqual({});
  });

  it('fills in nothing without parameters', () => {
    expect(prefillFromUrl('')).toEqual({});
    expect(prefillFromUrl('?utm_source=mail')).toEqual({});
  });

  it.each([
    ['amount=abc'],
    ['amount=0'],
    ['amount=-500'],
    ['amount=500.50'],
    ['amount=1e3'],
    ['amount= 500'],
    ['amount=1000001'],
    ['amount=99999999999999999999'],
    ['type=yearly'],
    ['type=Monthly'],
    ['purpose=toString'],
    ['purpose=__proto__'],
    ['purpose=General%20Support'],
  ])('ignores %s, keeping the default', (search) => {
    expect(prefillFromUrl(`?${search}`)).toEqual({});
  });

  it('keeps the valid values of a link with some invalid ones', () => {
    expect(prefillFromUrl('?amount=abc&type=monthly&purpose=nothing')).toEqual({ donationType: 'monthly' });
  });

  it('takes the limits from the shared schema: ₹1 and ₹10,00,000 are allowed', () => {
    expect(prefillFromUrl('?amount=1').customAmount).toBe('1');
    expect(prefillFromUrl('?amount=1000000').customAmount).toBe('1000000');
  });

  it('fills in a sponsor’s gift from an animal’s page: the animal, monthly; a bad slug or no name is ignored', () => {
    expect(
      prefillFromUrl(sponsorDonatePath({ slug: 'bruno-3', name: 'Bruno', monthlyAmount: 350_000 }).slice(7)),
    ).toEqual({
      donationType: 'monthly',
      choice: { kind: 'other' },
      customAmount: '3500',
      sponsoring: { slug: 'bruno-3', name: 'Bruno' },
    });
    expect(prefillFromUrl('?animal=Bruno%20the%20dog&animalName=Bruno').sponsoring).toBeUndefined();
    expect(prefillFromUrl('?animal=bruno-3').sponsoring).toBeUndefined();
  });
});
