// `npm run backup [DIR]`: a consistent backup of the whole database (DATABASE_URL, or the embedded
// one: the running server's, or started for the backup and stopped again) into DIR (default
// BACKUP_DIR, else `.data/backups`), its SHA-256 beside it. Safe while the server runs: it reads
// one snapshot and blocks nobody. Prints the file, its size and checksum; a failure prints one line
// and exits non-zero.
import { parseArgs } from 'node:util';
import { formatBytes } from '../../shared/format-bytes';
import { formatIndiaDateTime } from '../../shared/india-time';
import { backupDir } from '../platform/backups/backup-files';
import { takeBackup } from '../platform/backups/take-backup';
import { createLogger } from '../platform/core/logger';
import { configOrExit, databaseOrExit } from '../wiring/entry-point';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length > 1) {
  console.error('backup: usage: npm run backup [-- DIR]');
  process.exit(1);
}
const config = configOrExit();
const logger = createLogger({ ...config, logLevel: 'warn' });
const database = await databaseOrExit(config, logger, { migrate: false });
const dir = positionals[0] ?? backupDir(config);
try {
  const taken = await takeBackup({ em: database.orm.em.fork(), url: database.url }, { dir, kind: 'manual' });
  const { header } = taken;
  const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Backup written: ${taken.file}`);
  console.log(`  size      ${formatBytes(taken.bytes)} (${taken.bytes.toLocaleString('en-IN')} bytes)`);
  console.log(`  sha256    ${taken.sha256} (also in ${taken.file}.sha256)`);
  console.log(
    `  contents  the database as it was at ${formatIndiaDateTime(taken.takenAt)} IST: ${header.tables.length} tables, ${rows.toLocaleString('en-IN')} rows, ${header.migrations.length} migrations (PostgreSQL ${header.serverVersion})`,
  );
  if (!taken.recorded) console.log('  (not recorded in the database: its schema predates the backups table)');
} catch (error) {
  console.error(`backup: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
