// Over 250 lines on purpose: one file format and its writer. The header's types, the dump that writes
// them and the checksum beside the file change together whenever the format does; reading a backup
// is backup-reader.ts.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * A logical backup of the whole database through PostgreSQL's own protocol: no pg_dump (the
 * embedded package ships none, and Debian's client for this machine is older than the server,
 * which pg_dump refuses). One gzip file:
 *
 *   line 1     a JSON header (BackupHeader): the format's version, the migrations applied, every
 *              table with its columns and row count, every sequence's value
 *   then       each table's rows as `COPY … TO STDOUT` writes them (text format: one line a row,
 *              newlines inside values escaped), the tables in the header's order, parents first
 *
 * All of it is read in one REPEATABLE READ READ ONLY transaction, so the file is the database
 * as it was at one instant, whatever commits meanwhile; nothing waits for it but DDL.
 * A restore (restore-database.ts) makes the schema with the migrations, then copies the rows in.
 */

export const BACKUP_FORMAT = 'rescue-trust-logical-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupTable {
  schema: string;
  name: string;
  /** In the order COPY writes them (generated columns are left out: they are computed again). */
  columns: string[];
  rows: number;
}

export interface BackupSequence {
  schema: string;
  name: string;
  /** The value last handed out (as text: a bigint), or null when none was yet. */
  lastValue: string | null;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** The instant the backup's snapshot was taken (its transaction's start), ISO 8601. */
  takenAt: string;
  serverVersion: string;
  database: string;
  /** MikroORM's migrations applied at that instant, in the order they were applied. */
  migrations: string[];
  /** Parents before the tables whose foreign keys point at them. */
  tables: BackupTable[];
  sequences: BackupSequence[];
}

export interface DumpResult {
  header: BackupHeader;
  /** The compressed file's size in bytes. */
  bytes: number;
  /** Hex SHA-256 of the compressed file, as `sha256sum` prints it. */
  sha256: string;
}

/** A file that is not a backup of this kind, or is damaged. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}

/** The migrations' own table: its rows are remade by the migrations a restore runs. */
const MIGRATIONS_TABLE = { schema: 'public', name: 'mikro_orm_migrations' };

/** Session settings for reading and writing COPY text the same way on any server (as pg_dump sets them). */
export const COPY_SESSION_SETTINGS = [
  "set client_encoding = 'UTF8'",
  "set datestyle = 'ISO'",
  "set intervalstyle = 'postgres'",
  "set timezone = 'UTC'",
  'set extra_float_digits = 3',
  'set statement_timeout = 0',
];

/** Schemas PostgreSQL keeps for itself. */
export const SYSTEM_SCHEMA_FILTER = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/** A quoted, schema-qualified name for SQL. */
export const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Writes a backup of the database at `url` to `file` (created, never overwritten; mode 0600: it
 * holds donors' personal data). `onSnapshot` receives the exported snapshot's id while the
 * backup's transaction is open, for a reader that must see the same instant (the restore drill).
 */
export async function dumpDatabase(
  url: string,
  file: string,
  options: { onSnapshot?: (snapshotId: string) => Promise<void> } = {},
): Promise<DumpResult> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  const hash = createHash('sha256');
  let bytes = 0;
  const gzip = createGzip({ level: 6 });
  const written = pipeline(
    gzip,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    }),
    createWriteStream(file, { flags: 'wx', mode: 0o600 }),
  );
  written.catch(() => {});
  // A failed write (a full disk) ends the pipeline: then stop waiting for the compressor.
  const write = async (chunk: Buffer | string) => {
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), written]);
  };
  try {
    for (const setting of COPY_SESSION_SETTINGS) await client.query(setting);
    await client.query('begin isolation level repeatable read read only');
    // The first statement takes the snapshot; everything after reads that instant.
    const {
      rows: [about],
    } = await client.query<{ taken_at: Date; server_version: string; database: string }>(
      `select now() as taken_at, current_setting('server_version') as server_version, current_database() as database`,
    );
    if (!about) throw new Error('the database did not say what it is');
    if (options.onSnapshot) {
      const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
      await options.onSnapshot(rows[0]?.id as string);
    }
    const tables = await listTables(client);
    // No table can be dropped or altered under the backup (ordinary reads and writes go on).
    for (const table of tables)
      await client.query(`lock table ${qualified(table.schema, table.name)} in access share mode`);
    for (const table of tables) {
      const { rows } = await client.query<{ count: string }>(
        `select count(*) as count from ${qualified(table.schema, table.name)}`,
      );
      table.rows = Number(rows[0]?.count ?? 0);
    }
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      takenAt: about.taken_at.toISOString(),
      serverVersion: about.server_version,
      database: about.database,
      migrations: await appliedMigrations(client),
      tables,
      // Sequences are not transactional: read after the snapshot, each is at least as far as
      // every row the backup holds, so a restored database never hands out an id twice.
      sequences: await listSequences(client),
    };
    await write(`${JSON.stringify(header)}\n`);
    for (const table of tables) {
      if (table.rows === 0) continue;
      const columns = table.columns.map(quoteIdent).join(', ');
      const stream = client.query(copyTo(`copy ${qualified(table.schema, table.name)} (${columns}) to stdout`));
      let lines = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
        await write(chunk);
      }
      if (lines !== table.rows) {
        throw new Error(`${table.schema}.${table.name}: counted ${table.rows} rows but COPY wrote ${lines}`);
      }
    }
    await client.query('commit');
    gzip.end();
    await written;
    // On disk before anyone is told it exists.
    const handle = await open(file, 'r');
    await handle.sync();
    await handle.close();
    return { header, bytes, sha256: hash.digest('hex') };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    await rm(file, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Every ordinary table outside PostgreSQL's own schemas and extensions, parents first. */
async function listTables(client: pg.Client): Promise<BackupTable[]> {
  const { rows } = await client.query<{ oid: number; schema: string; name: string; columns: string[] }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                   order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and c.relpersistence <> 't' and ${SYSTEM_SCHEMA_FILTER}
        and not exists (select 1 from pg_depend d
                         where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
        and not (n.nspname = $1 and c.relname = $2)
      order by n.nspname, c.relname`,
    [MIGRATIONS_TABLE.schema, MIGRATIONS_TABLE.name],
  );
  const { rows: keys } = await client.query<{ child: number; parent: number }>(
    `select conrelid::int as child, confrelid::int as parent from pg_constraint where contype = 'f'`,
  );
  return parentsFirst(rows, keys).map(({ schema, name, columns }) => ({ schema, name, columns, rows: 0 }));
}

/** Orders tables so each comes after the tables it references (a table referencing itself is fine). */
export function parentsFirst<T extends { oid: number }>(tables: T[], keys: { child: number; parent: number }[]): T[] {
  const byOid = new Map(tables.map((table) => [table.oid, table]));
  const ordered: T[] = [];
  const state = new Map<number, 'visiting' | 'done'>();
  const visit = (table: T) => {
    if (state.get(table.oid)) return; // done, or a cycle: COPY finds out if it matters
    state.set(table.oid, 'visiting');
    for (const key of keys) {
      const parent = key.child === table.oid && key.parent !== table.oid ? byOid.get(key.parent) : undefined;
      if (parent) visit(parent);
    }
    state.set(table.oid, 'done');
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

async function appliedMigrations(client: pg.Client): Promise<string[]> {
  const { rows: exists } = await client.query<{ found: boolean }>(`select to_regclass($1) is not null as found`, [
    qualified(MIGRATIONS_TABLE.schema, MIGRATIONS_TABLE.name),
  ]);
  if (!exists[0]?.found) return [];
  const { rows } = await client.query<{ name: string }>(
    `select name from ${qualified(MIGRATIONS_TABLE.schema, MIGRATIONS_TABLE.name)} order by id`,
  );
  // Older MikroORM versions stored the file's extension.
  return rows.map((row) => row.name.replace(/\.(js|ts)$/, ''));
}

async function listSequences(client: pg.Client): Promise<BackupSequence[]> {
  const { rows } = await client.query<{ schema: string; name: string; last_value: string | null }>(
    `select s.schemaname as schema, s.sequencename as name, s.last_value::text as last_value
       from pg_sequences s join pg_namespace n on n.nspname = s.schemaname
       join pg_class c on c.relnamespace = n.oid and c.relname = s.sequencename
      where ${SYSTEM_SCHEMA_FILTER}
        and not exists (select 1 from pg_depend d
                         where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by 1, 2`,
  );
  return rows.map((row) => ({ schema: row.schema, name: row.name, lastValue: row.last_value }));
}

/** Hex SHA-256 of a file. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The checksum file beside a backup: `FILE.sha256`, one line as `sha256sum` writes it (so `sha256sum -c` checks it too). */
export const checksumFileOf = (file: string) => `${file}.sha256`;
export const checksumLine = (file: string, sha256: string) => `${sha256}  ${basename(file)}\n`;

/** The SHA-256 recorded beside a backup, or undefined when there is no such file. */
export async function recordedSha256(file: string): Promise<string | undefined> {
  const text = await readFile(checksumFileOf(file), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  const found = /^([0-9a-fA-F]{64})\b/.exec(text.trim());
  if (!found?.[1]) throw new BackupFileError(`${checksumFileOf(file)} holds no SHA-256`);
  return found[1].toLowerCase();
}
