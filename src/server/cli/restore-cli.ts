// `npm run restore -- FILE [--force] [--skip-checksum]`: restores a backup made by `npm run backup`
// (or the server's nightly one) into the database (DATABASE_URL, or the embedded one, started for
// the restore and stopped again). Checks FILE against FILE.sha256 first. Refuses a database that
// other sessions use (stop the server first) and one that is not empty, unless --force, which drops
// everything of the database's own first (platform/db/restore-database.ts). A refusal or failure prints one
// line and exits non-zero. An encrypted copy downloaded from the off-site bucket (`….backup.gz.age`,
// with its `….age.sig` beside it) is checked against its signature and decrypted with the passphrase
// set in the console (asked for, or piped on standard input) into a private temporary folder,
// restored, and the decrypted file removed (a copy signed under another name than the file's is
// refused unless --force); a copy in the first format (`….enc`) is refused, and so
// is a plain backup under a copy's name (`….age`, `….enc`) or with a `.sig` beside it.
import { rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { formatIndiaDateTime } from '../../shared/india-time';
import { DecryptError } from '../platform/backups/offsite-encryption';
import { copyFormat, decryptCopyForRestore, LEGACY_REFUSAL } from '../platform/backups/offsite-restore';
import { prompt, readPiped } from '../platform/core/cli-input';
import { createLogger } from '../platform/core/logger';
import { resolveDatabase } from '../platform/db/database-url';
import { BackupFileError } from '../platform/db/logical-backup';
import { RestoreRefused, restoreDatabase } from '../platform/db/restore-database';
import { ENTITIES } from '../wiring/entities';
import { configOrExit } from '../wiring/entry-point';
import { prepareUnmigratedSchemas } from '../wiring/unmigrated-schemas';

function usage(): never {
  console.error('restore: usage: npm run restore -- FILE [--force] [--skip-checksum]');
  process.exit(1);
}

const parsed = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { force: { type: 'boolean', default: false }, 'skip-checksum': { type: 'boolean', default: false } },
    });
  } catch {
    return usage();
  }
})();
const [given, ...extra] = parsed.positionals;
if (!given || extra.length > 0) usage();

/** The backup to restore: the file given, or the one an encrypted copy decrypts to. */
async function backupToRestore(file: string): Promise<{ file: string; decrypted: boolean }> {
  // A file that cannot be read is left to the restore, which says so; a plain backup under a
  // copy's name (….age, ….enc, or a ….sig beside it) is refused here, before any checksum.
  const format = await copyFormat(file).catch((error: unknown) => {
    if (!(error instanceof DecryptError)) return 'plain' as const;
    console.error(`restore: refused: ${error.message}`);
    process.exit(1);
  });
  if (format === 'plain') return { file, decrypted: false };
  if (format === 'legacy') {
    console.error(`restore: refused: ${LEGACY_REFUSAL}`);
    process.exit(1);
  }
  const passphrase = process.stdin.isTTY
    ? await prompt("This copy is encrypted. Passphrase (the one set on the console's Backups page): ")
    : await readPiped();
  try {
    console.log("Checking the copy's signature and decrypting it (every byte)…");
    // A copy renamed is refused unless --force: an older copy may be passed off as a newer one.
    const opened = await decryptCopyForRestore(file, passphrase, { acceptOtherName: parsed.values.force });
    console.log(`  signed by this trust's server as ${opened.object}`);
    if (opened.object !== basename(file))
      console.log(`  (the file given is named ${basename(file)}: restored under --force)`);
    return { file: opened.file, decrypted: true };
  } catch (error) {
    const known = error instanceof DecryptError;
    console.error(`restore: ${known ? 'refused: ' : ''}${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
const { file, decrypted } = await backupToRestore(given);

const config = configOrExit();
const logger = createLogger({ ...config, logLevel: 'warn' });
// Only the database's address: the restore connects itself, and brings the schema to the
// backup's own migrations before this version's.
const database = await resolveDatabase(config, logger, 'tool').catch((error: unknown) => {
  console.error(`restore: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
try {
  const result = await restoreDatabase({
    url: database.url,
    file,
    entities: ENTITIES,
    force: parsed.values.force,
    // A decrypted copy was checked by its signature and its encryption, every byte; it has no .sha256.
    skipChecksum: parsed.values['skip-checksum'] || decrypted,
    prepareSchemas: prepareUnmigratedSchemas,
    log: (line) => console.log(`  ${line}`),
  });
  const { header } = result;
  console.log(
    `Restored ${given}: the database as it was at ${formatIndiaDateTime(new Date(header.takenAt))} IST, ${result.tables} tables, ${result.rows.toLocaleString('en-IN')} rows`,
  );
  console.log(
    result.sha256
      ? `  sha256 ${result.sha256} matches the recorded one`
      : decrypted
        ? '  checked by its signature and decrypted'
        : '  checksum not checked (--skip-checksum)',
  );
  if (result.dropped.length > 0) console.log(`  --force dropped ${result.dropped.length} object(s) first`);
  if (result.migratedAfter.length > 0)
    console.log(`  then applied this version's ${result.migratedAfter.length} newer migration(s)`);
} catch (error) {
  const known = error instanceof RestoreRefused || error instanceof BackupFileError;
  console.error(`restore: ${known ? 'refused: ' : ''}${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.embedded?.stop();
  if (decrypted) await rm(dirname(file), { recursive: true, force: true });
}
