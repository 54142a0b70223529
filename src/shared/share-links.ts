/**
 * The WhatsApp share link of a page (the donate page's, an appeal's), built by this one function on
 * the server and in the browser, so hydration finds the same href. The server renders the address
 * with SITE_URL_TOKEN and fills in SITE_URL afterwards, in the finished HTML, unencoded (the server's
 * pages.ts); so the address is encoded as a query value that keeps an origin's characters as they
 * are (`:` and `/` stay, as RFC 3986 allows in a query; letters, digits, `-`, `.` and `_` never
 * change), and the browser, encoding its own origin the same way, gets the very same bytes.
 */
export function whatsappShareHref(text: string, url: string): string {
  return `https://wa.me/?text=${encodeQueryValue(`${text} ${url}`)}`;
}

/** encodeURIComponent, keeping `:` and `/` (a query value may hold both as they are). */
const encodeQueryValue = (value: string) => encodeURIComponent(value).replace(/%3A/g, ':').replace(/%2F/g, '/');
