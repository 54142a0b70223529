import fastifyCookie from '@fastify/cookie';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { announceSetupLink, type LinePrinter } from './console/first-admin/setup-link';
import type { Config } from './platform/core/config';
import { DomainError } from './platform/core/domain-error';
import { InFlightWork } from './platform/core/in-flight';
import { isDatabaseUnavailable, sendDatabaseUnavailable } from './platform/db/database-unavailable';
import { isUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './platform/db/unstorable-text';
import { counterStore } from './platform/security/counter-keys';
import { DonationBudget } from './platform/security/donation-budget';
import { answerTooLarge } from './platform/security/oversized-bodies';
import { securityPlugin } from './platform/security/security.plugin';
import { adoptableFeedRoutes } from './transports/routes/adoptable-feed';
import { appealGiftsCsvRoutes } from './transports/routes/appeal-gifts-csv';
import { appealUnsubscribeRoutes } from './transports/routes/appeal-unsubscribe';
import { backupDownloadRoutes } from './transports/routes/backup-download';
import { certificateFileRoutes } from './transports/routes/certificate-files';
import { certificateUploadRoutes } from './transports/routes/certificate-upload';
import { donationsCsvRoutes } from './transports/routes/donations-csv';
import { donorRoutes } from './transports/routes/donor-files';
import { healthRoutes } from './transports/routes/health';
import { imageFileRoutes } from './transports/routes/image-files';
import { imageUploadRoutes } from './transports/routes/image-upload';
import { offlineGiftFileRoutes } from './transports/routes/offline-gift-files';
import { openApiRoutes } from './transports/routes/openapi';
import { posterFileRoutes } from './transports/routes/poster-files';
import { receiptLinkRoutes } from './transports/routes/receipt-links';
import { restRoutes } from './transports/routes/rest';
import { segmentCsvRoutes } from './transports/routes/segment-csv';
import { settlementsCsvRoutes } from './transports/routes/settlements-csv';
import { sponsorChoicePageRoutes } from './transports/routes/sponsor-choice-page';
import { sponsorUnsubscribeRoutes } from './transports/routes/sponsor-unsubscribe';
import { staffReceiptFileRoutes } from './transports/routes/staff-receipt-file';
import { staffSessionRoutes } from './transports/routes/staff-session';
import { staffSetupRoutes } from './transports/routes/staff-setup';
import { statementFileRoutes } from './transports/routes/statement-files';
import { webhookRoutes } from './transports/routes/webhooks';
import { trpcPlugin } from './transports/trpc/trpc.plugin';
import { AnimalPages } from './transports/web/animal-pages';
import { AppealPages } from './transports/web/appeal-pages';
import { SitePages } from './transports/web/site-pages';
import { webPlugin } from './transports/web/web.plugin';
import type { ServerDependencies } from './wiring/composition-root';

/** Bodies of the donation calls are a few hundred bytes; anything near this is not a donation. */
export const BODY_LIMIT_BYTES = 16 * 1024;

export interface AppDependencies {
  config: Config;
  /** Built once by the composition root (wiring/composition-root.ts). */
  deps: ServerDependencies;
  logger?: FastifyBaseLogger;
  /** The built client (`dist/client`); tests of the API leave it out. */
  clientDir?: string;
  /** How often the pages check for newly published site content (transports/web/site-pages.ts); tests shorten it. */
  contentCheckIntervalMs?: number;
  /** How long an appeal's page is reused (transports/web/appeal-pages.ts); tests shorten it. */
  appealPageMaxAgeMs?: number;
  /** Where the first admin's setup link is printed, on a plain line (stderr unless a test collects it). */
  printSetupLink?: LinePrinter;
}

/** Builds the whole server without listening, so tests can `inject()` requests into it. */
export async function buildApp({
  config,
  deps,
  logger,
  clientDir,
  contentCheckIntervalMs,
  appealPageMaxAgeMs,
  printSetupLink,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow clients are cut off, so a few sockets trickling bytes cannot hold the server's connections.
    // Headers come in one packet from any real client: 10 s is generous even on a poor mobile link.
    // Node checks these two timeouts every `connectionsCheckingInterval` (30 s by default, which
    // would let a slow client hold its socket up to 40 s); checking every 2 s is cheap.
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 2_000 },
    // The whole request (at most 16 KB of body, 256 KB for a webhook) within 30 s.
    requestTimeout: 30_000,
    // A socket silent this long is dropped; above the slowest answer (a 10 s Razorpay call after
    // a 5 s wait for a database connection), so no call in progress is cut.
    connectionTimeout: 60_000,
    // Idle keep-alive sockets close after this; longer than a load balancer's usual 60 s idle
    // timeout, so the balancer, not the app, closes first and never reuses a closed socket.
    keepAliveTimeout: 72_000,
  });

  // A 5xx never shows a stack trace, SQL or library message to the caller; the log has it.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Before the outage check: a refused value can end its transaction, which then reads as one.
    if (isUnstorableText(error)) return reply.code(400).send({ message: UNSTORABLE_TEXT_MESSAGE });
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendDatabaseUnavailable(reply);
    }
    // The domain's refusal, with the status tRPC gives the same kind (domain-error.ts).
    if (error instanceof DomainError) {
      const statusCode = getHTTPStatusCodeFromError(new TRPCError({ code: error.kind }));
      return reply.code(statusCode).send({ message: error.message });
    }
    // Read while arriving (chunked) or by an upload's parser: answered so the client can read it (oversized-bodies.ts).
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return answerTooLarge(request, reply, request.routeOptions.bodyLimit);
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(statusCode).send({ message: 'Internal server error' });
    }
    return reply.code(statusCode).send(clientErrorBody(error));
  });

  // Closing waits for procedure calls still running, not only for open connections (in-flight.ts).
  const inFlight = new InFlightWork();
  app.addHook('onClose', () => inFlight.drain());

  const { rateLimitPerMinute } = config;
  const { orm, razorpay, emulator } = deps;
  // One budget for both transports: REST and tRPC creates from one client draw from it alike.
  const counters = counterStore(orm.em.getConnection().getKnex(), deps.personalDataKey);
  const budget = new DonationBudget(
    counters,
    { perClientPerMinute: rateLimitPerMinute, perEmailPerHour: config.donationEmailLimitPerHour },
    Date.now,
    (error) => app.log.warn({ err: error }, 'sweeping expired rate limit windows failed'),
  );
  // The site's pages, rendered with the published site content and again when it changes (with the built site).
  const sitePages = clientDir
    ? await SitePages.start({
        clientDir,
        orm,
        siteUrl: config.siteUrl.replace(/\/+$/, ''),
        log: app.log,
        checkIntervalMs: contentCheckIntervalMs,
      })
    : undefined;
  app.addHook('onClose', async () => sitePages?.stop());
  // Appeals' pages and cards, rendered on demand in the same layout, their figures at most a minute old.
  const appealPages =
    sitePages &&
    new AppealPages({ sitePages, orm, storage: config.images, log: app.log, maxAgeMs: appealPageMaxAgeMs });
  // /adopt and the animals' pages: read on every request, rendered again only when what they show changed.
  const animalPages = sitePages && new AnimalPages({ sitePages, orm, storage: config.images, log: app.log });
  const procedures = {
    ...deps,
    inFlight,
    budget,
    siteUrl: config.siteUrl,
    sitePages,
    appealPages,
    imageStorage: config.images,
  };
  await app.register(securityPlugin, { provider: razorpay.provider, clientDir, counters });
  await app.register(healthRoutes, { orm });
  await app.register(fastifyCookie);
  await app.register(trpcPlugin, { procedures, rateLimitPerMinute });
  await app.register(staffSessionRoutes, { orm, siteUrl: config.siteUrl });
  await app.register(staffSetupRoutes, { orm, siteUrl: config.siteUrl, counters });
  // With no enabled admin, a one-time link to create the first one is printed (console/first-admin/setup-link.ts).
  app.addHook('onReady', () => announceSetupLink(orm.em.fork(), config.siteUrl, app.log, printSetupLink));
  await app.register(donationsCsvRoutes, { orm });
  await app.register(settlementsCsvRoutes, { orm });
  await app.register(statementFileRoutes, { orm, personalDataKey: deps.personalDataKey });
  await app.register(backupDownloadRoutes, { orm, dir: deps.backups.dir });
  await app.register(donorRoutes, { orm, siteUrl: config.siteUrl, personalDataKey: deps.personalDataKey });
  await app.register(staffReceiptFileRoutes, { orm });
  await app.register(certificateFileRoutes, { orm });
  await app.register(certificateUploadRoutes, { orm, cipher: deps.cipher, siteUrl: config.siteUrl });
  await app.register(offlineGiftFileRoutes, {
    orm,
    cipher: deps.cipher,
    donorLinks: deps.donorLinks,
    siteUrl: config.siteUrl,
  });
  await app.register(appealGiftsCsvRoutes, { orm });
  await app.register(segmentCsvRoutes, { orm });
  await app.register(posterFileRoutes, { orm, storage: config.images, siteUrl: config.siteUrl });
  await app.register(appealUnsubscribeRoutes, { orm, personalDataKey: deps.personalDataKey });
  await app.register(sponsorUnsubscribeRoutes, { orm, personalDataKey: deps.personalDataKey });
  await app.register(sponsorChoicePageRoutes, {
    orm,
    personalDataKey: deps.personalDataKey,
    gateway: deps.gateway,
    donorLinks: deps.donorLinks,
  });
  await app.register(imageUploadRoutes, { orm, storage: config.images, siteUrl: config.siteUrl });
  await app.register(imageFileRoutes, { orm, storage: config.images });
  await app.register(restRoutes, { procedures, rateLimitPerMinute });
  await app.register(adoptableFeedRoutes, { procedures, rateLimitPerMinute });
  await app.register(openApiRoutes, { siteUrl: config.siteUrl });
  await app.register(webhookRoutes, {
    orm,
    keys: razorpay,
    donorLinks: deps.donorLinks,
    gateway: deps.gateway,
  });
  await app.register(receiptLinkRoutes, { orm, links: deps.receiptLinks });
  // Sandbox mode only: its checkout (and, with SANDBOX_DEV_CONTROLS=true, its charge and refund controls).
  if (emulator) await app.register(emulator.routes);

  await app.register(webPlugin, { clientDir, siteUrl: config.siteUrl, sitePages, appealPages, animalPages });

  return app;
}

/** Fastify's own 4xx (body parsing, size, rate limit) in the same shape as the procedures' errors. */
function clientErrorBody(error: FastifyError) {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { message: 'The body is not valid JSON', issues: [{ path: '', message: error.message }] };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { message: 'The body is empty', issues: [{ path: '', message: 'Send a JSON object' }] };
    default:
      return { message: error.message };
  }
}
