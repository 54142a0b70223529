import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a state-changing call comes from the console's own pages. Browsers set both headers and
 * pages cannot forge them: a call from another site has another Origin and `Sec-Fetch-Site:
 * cross-site`. `Sec-Fetch-Site: same-origin` also admits the dev server's proxied calls.
 */
export function isSameOrigin(headers: IncomingHttpHeaders, siteUrl: string): boolean {
  if (headers['sec-fetch-site'] === 'same-origin') return true;
  return headers.origin === new URL(siteUrl).origin;
}
