import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { donateAgainUrl } from './donate-again-url';
import { DONOR_LINK_LIFETIME_MS, donorLink, donorToken, verifyDonorToken } from './donor-link';

const key = randomBytes(32);
const now = new Date('2027-05-01T10:00:00Z');

describe("a donor's link", () => {
  it('opens the page for the normalised e-mail for a day, and not after', () => {
    const link = donorLink(' Asha@Example.COM ', key, now);
    expect(link).toMatch(/^\/my-giving\?token=[\w-]+\.[\w-]+$/);
    const token = new URLSearchParams(link.split('?')[1]).get('token') as string;
    expect(verifyDonorToken(token, key, new Date(now.getTime() + DONOR_LINK_LIFETIME_MS - 1))).toBe('asha@example.com');
    expect(verifyDonorToken(token, key, new Date(now.getTime() + DONOR_LINK_LIFETIME_MS))).toBeNull();
  });

  it('does not show the address in the URL', () => {
    expect(donorLink('asha@example.com', key, now)).not.toMatch(/asha|example/i);
    expect(
      Buffer.from(donorToken('asha@example.com', key, now).split('.')[0] as string, 'base64url').toString(),
    ).not.toContain('asha');
  });

  it('is refused when tampered with, signed with another key, or malformed', () => {
    const token = donorToken('asha@example.com', key, now);
    const [body, signature] = token.split('.') as [string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    expect(verifyDonorToken(`${flip(body, 10)}.${signature}`, key, now)).toBeNull();
    expect(verifyDonorToken(`${body}.${flip(signature, 5)}`, key, now)).toBeNull();
    expect(verifyDonorToken(token, randomBytes(32), now)).toBeNull();
    const other = donorToken('ravi@example.com', key, now);
    expect(verifyDonorToken(`${body}.${other.split('.')[1]}`, key, now)).toBeNull();
    for (const bad of ['', 'abc', `${token}.x`, '.', `${body}.`]) expect(verifyDonorToken(bad, key, now)).toBeNull();
  });
});

describe('the donate page filled in again after a failed payment', () => {
  it('carries amount in rupees, type and purpose', () => {
    const url = new URL(
      donateAgainUrl('https://rescue.example.org', {
        amount: 150_000,
        donationType: 'monthly',
        purpose: 'Food & care',
      }),
    );
    expect(url.pathname).toBe('/donate');
    expect(Object.fromEntries(url.searchParams)).toEqual({ amount: '1500', type: 'monthly', purpose: 'Food & care' });
    expect(donateAgainUrl('https://rescue.example.org', { amount: 50_000, donationType: 'one-time' })).toBe(
      'https://rescue.example.org/donate?amount=500&type=one-time',
    );
  });
});
