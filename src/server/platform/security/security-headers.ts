import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers for these options, worked out once. The options never vary by request here (no
 * nonces, no per-route policy), so every response can carry the same headers; @fastify/helmet
 * would run helmet's whole set-up, the CSP's parsing included, on every request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    // Helmet removes X-Powered-By, which Fastify never sets.
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's headers that mean something on a document only: its CSP, its framing, referrer and
 * isolation policies. A static file (a script, a stylesheet, a font, an image) keeps nosniff, its
 * cross-origin resource policy and HSTS; without the rest each of a page's files is about 1 KB
 * lighter on the wire (issue 34: a dozen scripts on /donate).
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** A static file's response without the document-only headers the security plugin set on every request. */
export function withoutDocumentOnlyHeaders(reply: { removeHeader(name: string): unknown }): void {
  for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
}
