import type { Logger } from 'pino';
import type { EmbeddedPostgres } from './embedded-postgres';

export interface Watchdog {
  stop(): void;
}

/**
 * If the embedded PostgreSQL this server started dies under it (killed, out of memory), the
 * server says so in one line and starts it again on the same port; meanwhile health answers 503
 * and the pool reconnects by itself. Chosen over exiting: `npm start` has no supervisor to
 * restart the server, and the data is safe either way (PostgreSQL recovers from its WAL).
 */
export function watchEmbeddedPostgres(embedded: EmbeddedPostgres, log: Logger, everyMs = 2_000): Watchdog {
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      if (await embedded.isRunning()) return;
      log.error('the embedded PostgreSQL stopped under the server: starting it again');
      await embedded.restart();
      log.info('the embedded PostgreSQL is running again');
    } catch (error) {
      log.error({ err: error }, 'the embedded PostgreSQL could not be started again; retrying');
    } finally {
      busy = false;
    }
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
