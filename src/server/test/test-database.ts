import { type Orm, openDatabase } from '../platform/db/orm';
import { ENTITIES } from '../wiring/entities';
import { createEmptyDatabase } from './empty-database';

export interface TestDatabase {
  url: string;
  orm: Orm;
  drop(): Promise<void>;
}

/** A fresh database made by the real migrations, so each test file is isolated from the rest. */
export async function createTestDatabase(options: { migrate: boolean } = { migrate: true }): Promise<TestDatabase> {
  const database = await createEmptyDatabase('test');
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
