import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldCipher } from '../personal-data/field-cipher';
import { encryptBackupFile } from './offsite-encryption';
import { offsiteTarget } from './offsite-settings';
import { OffsiteStorageError, uploadFile } from './offsite-storage';

/** An encrypted copy's object key: the backup's own name, so the bucket sorts as the folder does. */
export const offsiteKeyOf = (file: string) => `${basename(file)}.enc`;

export interface OffsiteCopyOutcome {
  /** False when no admin has set the copies up: nothing was tried. */
  configured: boolean;
  /** The object keys written this time. */
  copied: string[];
  /** The failure that stopped this pass (the backups not copied are tried again next time). */
  error: string | null;
}

/**
 * Copies off the machine, encrypted, every backup still on disk that has no copy yet, oldest
 * first: so a night whose copy failed is copied the next night with that night's own. Each
 * outcome is recorded (the backup's `offsite_key`, the set-up's last copy or last error) for the
 * console and the health list. The encrypted file is written beside the backup as a partial
 * file (the folder is 0700; a crash's leftover is pruned with the other partial files).
 */
export async function copyBackupsOffsite({ em, cipher }: { em: EntityManager; cipher: FieldCipher }) {
  const target = await offsiteTarget(em, cipher);
  const outcome: OffsiteCopyOutcome = { configured: target !== undefined, copied: [], error: null };
  if (!target) return outcome;
  const waiting = await em.execute<{ id: number; file: string }[]>(
    'select id, file from backups where offsite_copied_at is null order by taken_at, id',
  );
  for (const backup of waiting.filter((row) => existsSync(row.file))) {
    const key = offsiteKeyOf(backup.file);
    const encrypted = `${backup.file}.enc.partial`;
    try {
      await rm(encrypted, { force: true });
      await encryptBackupFile(backup.file, encrypted, target.publicKey);
      await uploadFile(target.bucket, key, encrypted);
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
