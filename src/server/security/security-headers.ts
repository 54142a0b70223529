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
