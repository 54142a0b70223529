/**
 * The donate page with its form filled in, for a failed payment's e-mail:
 * `/donate?amount=500&type=monthly&purpose=Food`. `amount` is in whole rupees (the page's unit;
 * paise stay on the server), `type` is `one-time` or `monthly`, `purpose` is left out when none.
 * `donor` adds `name` and `email`, for a mail that goes only to that donor (a monthly gift at risk).
 */
export function donateAgainUrl(
  siteUrl: string,
  gift: {
    amount: number;
    donationType: 'one-time' | 'monthly';
    purpose?: string | null;
    donor?: { name: string; email: string };
  },
): string {
  const url = new URL('/donate', siteUrl);
  url.searchParams.set('amount', String(Math.round(gift.amount / 100)));
  url.searchParams.set('type', gift.donationType);
  if (gift.purpose) url.searchParams.set('purpose', gift.purpose);
  if (gift.donor) {
    url.searchParams.set('name', gift.donor.name);
    url.searchParams.set('email', gift.donor.email);
  }
  return url.toString();
}
