import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from '@mikro-orm/postgresql';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../../migrations', import.meta.url));

/** The entities to map; the composition root assembles the list (src/server/wiring/entities.ts). */
export type EntityList = NonNullable<Options['entities']>;

/** The ORM settings for one database URL; shared by the server, the CLI config and the tests. */
export function ormConfig(clientUrl: string, entities: EntityList): Options {
  return defineConfig({
    clientUrl,
    entities,
    // Entities are defined in code (defineEntity), so there is nothing to discover on disk.
    discovery: { warnWhenNoEntities: false },
    // The migrator and the migrations' list are added only when migrating (platform/db/orm.ts).
    migrations: {
      // Where `db:migration:create` writes new files.
      path: MIGRATIONS_DIR,
      pathTs: MIGRATIONS_DIR,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      silent: true,
    },
    // Waiting on a pooled connection must fail in seconds, not a minute, so health checks and
    // requests answer while the database is unreachable. Knex drops a connection whose socket
    // reported an error or ended (a restarted database) when it is next acquired, and idle ones
    // are closed after 10 s, so after an outage the pool fills with fresh connections.
    pool: { min: 0, max: 10, acquireTimeoutMillis: 5_000, idleTimeoutMillis: 10_000, createRetryIntervalMillis: 100 },
    driverOptions: {
      connection: { connectionTimeoutMillis: 5_000, keepAlive: true },
      // Errors carry the SQL with placeholders, never the bound values (donors' personal data).
      compileSqlOnError: false,
      // Knex prints "Connection Error" for each dead connection it drops, on stdout and outside our
      // log format; the requests it affected are logged (503) by the app.
      log: { warn: () => {} },
    },
    allowGlobalContext: false,
  });
}
