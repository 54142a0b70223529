import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupFileError, type BackupHeader } from './logical-backup';

/**
 * Reading a backup file that logical-backup.ts wrote: its header, checked, then each table's rows
 * counted line by line, for a restore (restore-database.ts) and for a look at the header alone.
 */

/** The decompressed content of a backup file, a chunk at a time, with the line counting a restore needs. */
export class BackupReader {
  private carry: Buffer | undefined;
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(file: string) {
    const gunzip = createGunzip();
    const source = createReadStream(file);
    source.on('error', (error) => gunzip.destroy(error));
    this.chunks = source.pipe(gunzip)[Symbol.asyncIterator]();
  }

  private async next(): Promise<Buffer | undefined> {
    if (this.carry) {
      const chunk = this.carry;
      this.carry = undefined;
      return chunk;
    }
    try {
      const { value, done } = await this.chunks.next();
      return done ? undefined : (value as Buffer);
    } catch (error) {
      throw new BackupFileError(`the backup cannot be read: ${(error as Error).message}`);
    }
  }

  /** The first line: the JSON header, checked. */
  async header(): Promise<BackupHeader> {
    const parts: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = await this.next();
      if (!chunk) throw new BackupFileError('not a backup: it ends before its header does');
      const end = chunk.indexOf(10);
      if (end === -1) {
        parts.push(chunk);
        length += chunk.length;
        if (length > 64 * 1024 * 1024) throw new BackupFileError('not a backup: no header line');
        continue;
      }
      parts.push(chunk.subarray(0, end));
      if (end + 1 < chunk.length) this.carry = chunk.subarray(end + 1);
      break;
    }
    let header: BackupHeader;
    try {
      header = JSON.parse(Buffer.concat(parts).toString('utf8')) as BackupHeader;
    } catch {
      throw new BackupFileError('not a backup: its first line is not a JSON header');
    }
    if (header?.format !== BACKUP_FORMAT) throw new BackupFileError(`not a backup of this kind (${BACKUP_FORMAT})`);
    if (header.version !== BACKUP_FORMAT_VERSION) {
      throw new BackupFileError(
        `the backup's format is version ${header.version}; this version reads ${BACKUP_FORMAT_VERSION}`,
      );
    }
    return header;
  }

  /** Exactly `count` lines (a table's rows), in chunks; fails if the file ends first. */
  async *lines(count: number): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      const chunk = await this.next();
      if (!chunk) throw new BackupFileError(`the backup ends ${left} row(s) early: it is truncated`);
      let at = 0;
      while (left > 0) {
        const newline = chunk.indexOf(10, at);
        if (newline === -1) break;
        at = newline + 1;
        left -= 1;
      }
      if (left > 0) {
        yield chunk;
      } else {
        if (at < chunk.length) this.carry = chunk.subarray(at);
        yield chunk.subarray(0, at);
      }
    }
  }

  /** Whether nothing follows: a longer file is not the one its header describes. */
  async atEnd(): Promise<boolean> {
    const chunk = await this.next();
    if (chunk && chunk.length > 0) return false;
    return chunk === undefined || this.atEnd();
  }

  close(): void {
    void this.chunks.return?.();
  }
}

/** Reads only a backup's header. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const reader = new BackupReader(file);
  try {
    return await reader.header();
  } finally {
    reader.close();
  }
}
