import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldCipher } from '../personal-data/field-cipher';
import { encryptBackupFile } from './offsite-encryption';
import { offsiteTarget } from './offsite-settings';
import { signCopy } from './offsite-signature';
import { OffsiteStorageError, uploadFile } from './offsite-storage';

/**
 * An encrypted copy's object key: the backup's own name, so the bucket sorts as the folder does.
 * Its signature is the object `<key>.sig` (offsite-signature.ts).
 */
export const offsiteKeyOf = (file: string) => `${basename(file)}.age`;

/** Said on the health list and the console until the passphrase is typed again after the upgrade. */
export const PASSPHRASE_AGAIN =
  'The off-site copies are now signed, in the age format: type the passphrase again on the Backups page and save, so the server can make its keys. No copy is made until then.';

export interface OffsiteCopyOutcome {
  /** False when no admin has set the copies up: nothing was tried. */
  configured: boolean;
  /** The object keys written this time. */
  copied: string[];
  /** The failure that stopped this pass (the backups not copied are tried again next time). */
  error: string | null;
}

/**
 * Copies off the machine, encrypted and signed, every backup still on disk that has no copy yet, oldest
 * first: so a night whose copy failed is copied the next night with that night's own. Each
 * outcome is recorded (the backup's `offsite_key`, the set-up's last copy or last error) for the
 * console and the health list. The encrypted file and its signature are written beside the
 * backup as partial files (the folder is 0700; a crash's leftover is pruned with the other partial files).
 */
export async function copyBackupsOffsite({ em, cipher }: { em: EntityManager; cipher: FieldCipher }) {
  const target = await offsiteTarget(em, cipher);
  const outcome: OffsiteCopyOutcome = { configured: target !== undefined, copied: [], error: null };
  if (!target) return outcome;
  if (!target.keys) {
    outcome.error = PASSPHRASE_AGAIN;
    await em.execute('update offsite_backup_settings set last_error = ?, last_error_at = now() where id = 1', [
      outcome.error,
    ]);
    return outcome;
  }
  const keys = target.keys;
  // A backup copied in the first format (….enc, unsigned) is copied again in this one.
  const waiting = await em.execute<{ id: number; file: string }[]>(
    `select id, file from backups where offsite_copied_at is null or offsite_key not like '%.age'
      order by taken_at, id`,
  );
  for (const backup of waiting.filter((row) => existsSync(row.file))) {
    const key = offsiteKeyOf(backup.file);
    const encrypted = `${backup.file}.age.partial`;
    const signature = `${backup.file}.age.sig.partial`;
    try {
      await rm(encrypted, { force: true });
      await rm(signature, { force: true });
      await encryptBackupFile(backup.file, encrypted, keys.recipient);
      await writeFile(signature, await signCopy(encrypted, key, keys), { flag: 'wx', mode: 0o600 });
      await uploadFile(target.bucket, key, encrypted);
      await uploadFile(target.bucket, `${key}.sig`, signature);
    } catch (error) {
      outcome.error =
        error instanceof OffsiteStorageError
          ? error.message
          : `The copy of ${basename(backup.file)} failed: ${(error as Error).message}`;
      await em.execute('update offsite_backup_settings set last_error = ?, last_error_at = now() where id = 1', [
        outcome.error,
      ]);
      return outcome;
    } finally {
      await rm(encrypted, { force: true });
      await rm(signature, { force: true });
    }
    await em.transactional(async (tx) => {
      await tx.execute('update backups set offsite_key = ?, offsite_copied_at = now() where id = ?', [key, backup.id]);
      await tx.execute(
        `update offsite_backup_settings set last_copied_at = now(), last_copied_key = ?, last_error = null,
                last_error_at = null where id = 1`,
        [key],
      );
    });
    outcome.copied.push(key);
  }
  return outcome;
}
