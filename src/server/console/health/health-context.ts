import type { EntityManager } from '@mikro-orm/postgresql';
import type { LiveSettings } from '../settings/live-settings';

/** What the checks read besides the database: the server's own facts, fixed at its start. */
export interface HealthEnvironment {
  /** SITE_URL. */
  siteUrl: string;
  /** DATA_ENCRYPTION_KEY came from the environment (else the development key generated under .data). */
  dataEncryptionKeyFromEnvironment: boolean;
  /** Where the data lives (the backups' directory): its file system's free space is checked. */
  dataDir: string;
  /** Mail goes to the in-process mailbox (development, no SMTP_URL): no mail server is needed. */
  inProcessMailbox: boolean;
}

/** What every check is handed: its own file, so the checks' files and the list of them need not import each other. */
export interface HealthCheckContext {
  em: EntityManager;
  now: Date;
  environment: HealthEnvironment;
  settings: Pick<LiveSettings, 'environment' | 'effective'>;
}
