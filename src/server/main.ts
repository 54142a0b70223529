import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError } from './platform/core/config';
import { createLogger } from './platform/core/logger';
import { watchEmbeddedPostgres } from './platform/db/embedded-watchdog';
import { startBackgroundJobs } from './wiring/background-jobs';
import { buildDependencies, deliverSandboxWebhooks } from './wiring/composition-root';
import { configOrExit, databaseOrExit } from './wiring/entry-point';

const CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

/** Where this process can reach itself: loopback when listening on every address. */
function ownOrigin(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') return `http://127.0.0.1:${config.port}`;
  const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

const config = configOrExit();
const logger = createLogger(config);
const database = await databaseOrExit(config, logger, { migrate: true, role: 'server' });
const { orm } = database;
// Only a cluster this server started is its to watch (a tool's, or DATABASE_URL's, is not).
const watchdog = database.embedded?.owned ? watchEmbeddedPostgres(database.embedded, logger) : undefined;

try {
  const deps = await buildDependencies(config, orm, logger);
  const app = await buildApp({ config, deps, logger, clientDir: CLIENT_DIR });
  // Nightly backups where the database is this machine's (embedded by default; BACKUP_NIGHTLY).
  const jobs = startBackgroundJobs(deps, logger, { nightlyBackups: config.backups.nightly });

  // Stop accepting, let requests and procedure calls in flight finish (the app's close waits for
  // both), then stop the mail worker, the mailer and the sandbox, close the pool and the embedded server.
  // The grace period outlasts a Razorpay call in flight (10 s timeout) and the drain (12 s).
  closeWithGrace({ delay: 30_000, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'shutting down after an error');
    else logger.info({ signal }, 'shutting down');
    await Promise.all([app.close(), jobs.stop()]);
    watchdog?.stop();
    await deps.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  deliverSandboxWebhooks(deps, ownOrigin(app.server.address()));
} catch (error) {
  // A setting found wrong while building (DATA_ENCRYPTION_KEY missing in production): say which, plainly.
  if (error instanceof ConfigError) console.error(error.message);
  else logger.fatal({ err: error }, 'could not start');
  await database.close();
  process.exit(1);
}
