import type { Logger } from 'pino';
import { type Config, ConfigError, loadConfig } from '../platform/core/config';
import { isDatabaseUnavailable } from '../platform/db/database-unavailable';
import { type Database, resolveDatabase } from '../platform/db/database-url';
import { type Orm, openDatabase } from '../platform/db/orm';
import { ENTITIES } from './entities';

/**
 * What every entry point (the server, `db:migrate`, `reconcile`, `staff:create`) does first. A bad
 * setting or a database that cannot be reached is a setup problem, not a bug: the process stops
 * with one line that says what to do, never a stack trace.
 */

function stop(line: string): never {
  console.error(line);
  process.exit(1);
}

export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) stop(error.message);
    throw error;
  }
}

export interface OpenDatabase extends Database {
  orm: Orm;
  /** Closes the pool, then stops the embedded server if this process started it. */
  close(): Promise<void>;
}

/** DATABASE_URL or the embedded PostgreSQL, connected (and migrated unless told not to). */
export async function databaseOrExit(
  config: Config,
  logger: Logger,
  options: { migrate: boolean; role?: 'server' | 'tool' } = { migrate: true },
): Promise<OpenDatabase> {
  const database = await resolveDatabase(config, logger, options.role).catch((error: unknown) =>
    stop(error instanceof Error ? error.message : String(error)),
  );
  try {
    const orm = await openDatabase(database.url, ENTITIES, options);
    return {
      ...database,
      orm,
      close: async () => {
        await orm.close();
        await database.embedded?.stop();
      },
    };
  } catch (error) {
    await database.embedded?.stop();
    if (!isDatabaseUnavailable(error)) throw error;
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    stop(`The database cannot be reached (${reason}): check DATABASE_URL, or unset it to use the embedded one.`);
  }
}
