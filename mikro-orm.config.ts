// Configuration for the MikroORM CLI (`npm run db:migration:create`). The server builds the same
// settings through `ormConfig`, with the embedded database's URL when DATABASE_URL is unset.
import { ormConfig } from './src/server/db/orm-config';
import { ENTITIES } from './src/server/wiring/entities';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the database to compare the entities against.');

export default ormConfig(url, ENTITIES);
