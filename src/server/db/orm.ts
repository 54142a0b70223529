import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from './orm-config';

export type Orm = MikroORM;

/** Connects and brings the schema up to date: pending migrations are applied at every start. */
export async function openDatabase(url: string, options: { migrate: boolean } = { migrate: true }): Promise<Orm> {
  const orm = await MikroORM.init(ormConfig(url));
  if (options.migrate) {
    try {
      await orm.getMigrator().up();
    } catch (error) {
      await orm.close();
      throw error;
    }
  }
  return orm;
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
