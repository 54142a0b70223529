import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { isDatabaseUnavailable } from './db/database-unavailable';
import { resolveDatabase } from './db/database-url';
import { openDatabase } from './db/orm';
import { createLogger } from './logger';
import { startReconciler } from './reconciliation/reconciler';
import { buildDependencies, deliverSandboxWebhooks } from './wiring/composition-root';
import { ENTITIES } from './wiring/entities';

const CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Where this process can reach itself: loopback when listening on every address. */
function ownOrigin(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') return `http://127.0.0.1:${config.port}`;
  const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

const config = readConfig();
const logger = createLogger(config);
if (config.env === 'production' && new URL(config.siteUrl).hostname === 'localhost') {
  logger.warn(`SITE_URL is not set: share links, canonical and Open Graph URLs point at ${config.siteUrl}`);
}
// A database that cannot start is a setup problem: one line that says what to do, no stack trace.
const database = await resolveDatabase(config, logger).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

try {
  const orm = await openDatabase(database.url, ENTITIES);
  const deps = await buildDependencies(config, orm, logger);
  const app = await buildApp({ config, deps, logger, clientDir: CLIENT_DIR });
  const reconciler = startReconciler({ orm, gateway: deps.gateway, log: logger, notices: deps.notices });

  // Stop accepting, let requests and procedure calls in flight finish (the app's close waits for
  // both), then stop the mail worker, the mailer and the sandbox, close the pool and the embedded server.
  // The grace period outlasts a Razorpay call in flight (10 s timeout) and the drain (12 s).
  closeWithGrace({ delay: 30_000, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'shutting down after an error');
    else logger.info({ signal }, 'shutting down');
    await Promise.all([app.close(), reconciler.stop()]);
    await deps.close();
    await orm.close();
    await database.embedded?.stop();
  });

  await app.listen({ port: config.port, host: config.host });
  deliverSandboxWebhooks(deps, ownOrigin(app.server.address()));
} catch (error) {
  // A setting found wrong while building (DATA_ENCRYPTION_KEY missing in production): say which, plainly.
  if (error instanceof ConfigError) console.error(error.message);
  else if (isDatabaseUnavailable(error)) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    console.error(
      `The database cannot be reached (${reason}): check DATABASE_URL, or unset it to use the embedded one.`,
    );
  } else logger.fatal({ err: error }, 'could not start');
  await database.embedded?.stop();
  process.exit(1);
}
