import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { migrations } from '../../../../migrations';
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

/**
 * Applies pending migrations while holding an advisory lock, on a connection of its own. `only`:
 * just these (a restore brings the schema to the backup's migrations, loads the rows, then the rest).
 */
export async function migrate(orm: Orm, url: string, options: { only?: readonly string[] } = {}): Promise<string[]> {
  const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    // A restart on an up-to-date database, the usual case, loads no migrator at all.
    if (!options.only && (await allApplied(lock))) return [];
    if (options.only?.length === 0) return [];
    await registerMigrator(orm);
    const only = options.only ? { migrations: [...options.only] } : undefined;
    return (await orm.migrator.up(only)).map((migration) => migration.name);
  } finally {
    await lock.end();
  }
}

/** The migrator's own table (MikroORM's default name) lists every migration this build knows. */
async function allApplied(client: pg.Client): Promise<boolean> {
  const table = await client.query<{ exists: boolean }>(
    "select to_regclass('mikro_orm_migrations') is not null as exists",
  );
  if (!table.rows[0]?.exists) return false;
  const { rows } = await client.query<{ name: string }>('select name from mikro_orm_migrations');
  // MikroORM stores names without their file extension, though older versions kept it.
  const applied = new Set(rows.map((row) => row.name.replace(/\.(js|ts)$/, '')));
  return migrations.every((migration) => applied.has(migration.name));
}

/** Registers MikroORM's migrator with every migration loaded, once per ORM. */
async function registerMigrator(orm: Orm): Promise<void> {
  if (orm.config.getExtension('@mikro-orm/migrator')) return;
  const [{ Migrator }, migrationsList] = await Promise.all([
    import('@mikro-orm/migrations'),
    Promise.all(migrations.map(async (migration) => ({ name: migration.name, class: await migration.load() }))),
  ]);
  orm.config.set('migrations', { ...orm.config.get('migrations'), migrationsList });
  Migrator.register(orm);
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
