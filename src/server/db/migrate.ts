// `npm run db:migrate`: apply pending migrations and exit, for deployments that migrate as a step
// before starting the new version (the server also applies them at start).
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { ENTITIES } from '../wiring/entities';
import { resolveDatabase } from './database-url';
import { migrate, openDatabase } from './orm';

const config = loadConfig();
const logger = createLogger(config);
const database = await resolveDatabase(config, logger);
try {
  const orm = await openDatabase(database.url, ENTITIES, { migrate: false });
  const applied = await migrate(orm, database.url);
  logger.info({ applied }, `${applied.length} migration(s) applied`);
  await orm.close();
} finally {
  await database.embedded?.stop();
}
