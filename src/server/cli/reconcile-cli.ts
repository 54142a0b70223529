// `npm run reconcile`: one reconciliation pass against Razorpay, then exit (for a cron job, or
// when the periodic job in the server is not running). In sandbox mode there is nothing to ask:
// the emulator lives inside the running server, whose own periodic job reconciles it.

import { reconcilePendingDonations } from '../gifts/reconciliation/reconcile';
import { createLogger } from '../platform/core/logger';
import { buildDependencies } from '../wiring/composition-root';
import { configOrExit, databaseOrExit } from '../wiring/entry-point';

const config = configOrExit();
const logger = createLogger(config);
if (config.payments.provider === 'sandbox') {
  logger.warn('sandbox mode: the emulator lives in the running server, which reconciles itself; nothing to do');
  process.exit(0);
}
const database = await databaseOrExit(config, logger);
try {
  const { orm } = database;
  // Mail this pass queues (receipts, notices) is sent by the running servers' workers: no jobs start here.
  const deps = await buildDependencies(config, orm, logger);
  const report = await reconcilePendingDonations({
    orm,
    gateway: deps.gateway,
    log: logger,
    donorLinks: deps.donorLinks,
  });
  logger.info({ report }, report.ran ? 'reconciliation done' : 'another instance is reconciling; nothing done');
  await deps.close();
} finally {
  await database.close();
}
