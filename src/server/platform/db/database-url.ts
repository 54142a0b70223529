import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { Config } from '../core/config';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';

/** Where `npm start` keeps the embedded database between runs (gitignored). */
export const EMBEDDED_DATA_DIR = join(fileURLToPath(new URL('../../../../.data', import.meta.url)), 'postgres');

export interface Database {
  url: string;
  /** Set when we started the embedded server and must stop it on shutdown. */
  embedded?: EmbeddedPostgres;
}

/**
 * DATABASE_URL when given; otherwise the embedded PostgreSQL: the one a running server already
 * has (a tool joins it), or one started now.
 */
export async function resolveDatabase(
  config: Config,
  logger: Logger,
  role: 'server' | 'tool' = 'tool',
): Promise<Database> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const embedded = await startEmbeddedPostgres({
    dataDir: config.embeddedDataDir ?? EMBEDDED_DATA_DIR,
    role,
    log: (message) => logger.info(message),
  });
  return { url: embedded.url, embedded };
}
