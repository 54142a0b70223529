import { type Orm, openDatabase } from '../platform/db/orm';
import { ENTITIES } from '../wiring/entities';
import { createEmptyDatabase, migratedTemplate } from './empty-database';

export interface TestDatabase {
  url: string;
  orm: Orm;
  drop(): Promise<void>;
}

/**
 * A fresh database made by the real migrations, so each test file is isolated from the rest: a
 * copy of the run's migrated template (the migrations still run, and find nothing left to apply),
 * or with `migrate: false` an empty one.
 */
export async function createTestDatabase(options: { migrate: boolean } = { migrate: true }): Promise<TestDatabase> {
  const database = await createEmptyDatabase('test', options.migrate ? migratedTemplate() : undefined);
  const orm = await openDatabase(database.url, ENTITIES, options);
  return {
    url: database.url,
    orm,
    async drop() {
      await orm.close();
      await database.drop();
    },
  };
}
