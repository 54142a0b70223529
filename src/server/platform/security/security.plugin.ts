import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from '../core/config';
import type { CounterStore } from './counter-keys';
import { refuseNonJsonBodies } from './json-only';
import { refuseOversizedJsonBodies } from './oversized-bodies';
import { securityHeaders } from './security-headers';
import { sharedRateLimitStore } from './shared-rate-limit-store';

/** Razorpay's checkout loads its script from one host and talks to, and frames, a few others. */
const RAZORPAY = {
  script: ['https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
};

/** An appeal's video, framed only once the donor taps its poster (client/features/appeals/AppealVideo.tsx). */
const VIDEO_FRAMES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/** Hashes of the prerendered pages' inline scripts (the static pages' loader), written by scripts/prerender.ts. */
function buildScriptHashes(clientDir: string | undefined): string[] {
  const file = clientDir && join(clientDir, 'csp-hashes.json');
  if (!file || !existsSync(file)) return [];
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { 'script-src'?: string[] };
  return parsed['script-src'] ?? [];
}

/**
 * Security headers with a Content-Security-Policy that still lets the checkout work, the rate
 * limiter (applied per route: verify and tRPC's other calls; the creates spend the donation
 * budget instead) and JSON-only API bodies. Wrapped with fastify-plugin so all of it applies to
 * every route of the app, not just this plugin's scope.
 */
export const securityPlugin = fp(async function securityPlugin(
  app: FastifyInstance,
  { provider, clientDir, counters }: { provider: PaymentProvider; clientDir?: string; counters: CounterStore },
): Promise<void> {
  const razorpay = provider === 'razorpay';
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...buildScriptHashes(clientDir), ...(razorpay ? RAZORPAY.script : [])],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...(razorpay ? RAZORPAY.img : [])],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(razorpay ? RAZORPAY.connect : [])],
        frameSrc: [...(razorpay ? RAZORPAY.frame : []), ...VIDEO_FRAMES],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The site links out to WhatsApp and Instagram and embeds nothing cross-origin of its own.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  // Counted in PostgreSQL, so every instance on the database shares each limit.
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(counters) });
  app.addHook('onRequest', refuseNonJsonBodies);
  // After the 415: a JSON body over its route's limit, by its Content-Length, answered 413 before reading.
  app.addHook('onRequest', refuseOversizedJsonBodies);
});
