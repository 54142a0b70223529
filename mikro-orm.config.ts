// Configuration for the MikroORM CLI (`npm run db:migration:create`). The server builds the same
// settings through `ormConfig`, with the embedded database's URL when DATABASE_URL is unset.
import { Migrator } from '@mikro-orm/migrations';
import { ormConfig } from './src/server/platform/db/orm-config';
import { ENTITIES } from './src/server/wiring/entities';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the database to compare the entities against.');

// The server loads the migrator only when it migrates (src/server/platform/db/orm.ts); the CLI always needs it.
export default { ...ormConfig(url, ENTITIES), extensions: [Migrator] };
