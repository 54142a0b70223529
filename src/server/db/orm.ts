import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { type EntityList, ormConfig } from './orm-config';

export type Orm = MikroORM;

/** pg_advisory_lock key for migrating: instances starting together take turns. */
const MIGRATION_LOCK_KEY = 727_000;

/** Connects and brings the schema up to date: pending migrations are applied at every start. */
export async function openDatabase(
  url: string,
  entities: EntityList,
  options: { migrate: boolean } = { migrate: true },
): Promise<Orm> {
  const orm = await MikroORM.init(ormConfig(url, entities));
  if (options.migrate) {
    try {
      await migrate(orm, url);
    } catch (error) {
      await orm.close();
      throw error;
    }
  }
  return orm;
}

/** Applies pending migrations while holding an advisory lock, on a connection of its own. */
export async function migrate(orm: Orm, url: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return (await orm.getMigrator().up()).map((migration) => migration.name);
  } finally {
    await lock.end();
  }
}

/** True while the database answers a trivial query within the time limit. */
export async function isDatabaseUp(orm: Orm, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = orm.em
    .getConnection()
    .execute('select 1')
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
