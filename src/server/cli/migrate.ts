// `npm run db:migrate`: apply pending migrations and exit, for deployments that migrate as a step
// before starting the new version (the server also applies them at start).

import { createLogger } from '../platform/core/logger';
import { migrate } from '../platform/db/orm';
import { configOrExit, databaseOrExit } from '../wiring/entry-point';

const config = configOrExit();
const logger = createLogger(config);
const database = await databaseOrExit(config, logger, { migrate: false });
try {
  const applied = await migrate(database.orm, database.url);
  logger.info({ applied }, `${applied.length} migration(s) applied`);
} finally {
  await database.close();
}
