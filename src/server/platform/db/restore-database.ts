// Over 250 lines on purpose: one procedure, its five steps below in the order they run, each refusing
// before anything is changed; the steps share the one connection and the backup's header, and none is
// used anywhere else.
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrations as knownMigrations } from '../../../../migrations';
import { BackupReader, readBackupHeader } from './backup-reader';
import {
  type BackupHeader,
  COPY_SESSION_SETTINGS,
  checksumFileOf,
  fileSha256,
  qualified,
  quoteIdent,
  recordedSha256,
  SYSTEM_SCHEMA_FILTER,
} from './logical-backup';
import { migrate, type Orm, openDatabase } from './orm';
import type { EntityList } from './orm-config';

/**
 * Restores a backup made by `dumpDatabase` (logical-backup.ts) into a database:
 *
 * 1. checks the file against the SHA-256 recorded beside it, and that this version knows every
 *    migration the backup's database had;
 * 2. refuses a database other sessions are connected to (a running server), and one that is not
 *    empty, unless `force`: then every table, view, sequence, function and type of its own
 *    schemas (`public`, and every other one that is not PostgreSQL's or an extension's) is dropped
 *    first, in one transaction;
 * 3. applies exactly the backup's migrations, so the tables are as they were when it was taken;
 * 4. copies every table's rows in, parents first, and sets every sequence to its value, in one
 *    transaction (all or nothing), checking each table's row count against the header;
 * 5. applies the migrations this version has that the backup's database had not.
 *
 * Receipt numbers continue where they were: the counters (`receipt_counters`) are rows like any
 * other, and the sequences hold at least the ids of the rows restored.
 */

export interface RestoreOptions {
  url: string;
  file: string;
  entities: EntityList;
  /** Drop what a non-empty database holds, then restore. */
  force?: boolean;
  /** Restore without the `.sha256` beside the file (lost); gzip's own CRC still catches damage. */
  skipChecksum?: boolean;
  /** Makes the schemas no migration makes (the sandbox's store), once the migrations have run. */
  prepareSchemas?: (orm: Orm, header: BackupHeader) => Promise<void>;
  log?: (line: string) => void;
}

export interface RestoreResult {
  header: BackupHeader;
  sha256: string | undefined;
  tables: number;
  rows: number;
  /** What the database held before and `force` dropped (empty when it was empty). */
  dropped: string[];
  /** Migrations of this version applied after the rows were in. */
  migratedAfter: string[];
}

/** A restore that was not started: nothing in the database was changed. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export async function restoreDatabase(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const { file } = options;
  const found = await stat(file).catch(() => undefined);
  if (!found?.isFile()) throw new RestoreRefused(`${file}: no such file`);

  const sha256 = await verifyChecksum(file, options.skipChecksum ?? false);
  const header = await readBackupHeader(file);
  const known = new Set(knownMigrations.map((migration) => migration.name));
  const unknown = header.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new RestoreRefused(
      `the backup was made by a newer version of the site (migrations ${unknown.join(', ')} are unknown here): restore it with that version or a later one`,
    );
  }

  const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  let orm: Orm | undefined;
  try {
    for (const setting of COPY_SESSION_SETTINGS) await client.query(setting);
    // Tables kept by triggers (rollups) come from the backup as they were: their triggers add
    // nothing for the rows copied here (see the migrations that make them).
    await client.query("set rescue_trust.copying_backup = 'on'");
    await refuseIfInUse(client);
    const present = await ownObjects(client);
    let dropped: string[] = [];
    if (present.length > 0) {
      if (!options.force) {
        throw new RestoreRefused(
          `the database is not empty (${describe(present)}): restore into an empty database, or add --force to drop all of it first`,
        );
      }
      log(`dropping what the database holds: ${describe(present)}`);
      await dropOwnObjects(client);
      dropped = present.map((object) => object.name);
    }

    orm = await openDatabase(options.url, options.entities, { migrate: false });
    await migrate(orm, options.url, { only: header.migrations });
    await options.prepareSchemas?.(orm, header);
    await refuseMissing(client, header);

    const rows = await copyRows(client, file, header, log);
    await client.query('analyze');
    const migratedAfter = await migrate(orm, options.url);
    return { header, sha256, tables: header.tables.length, rows, dropped, migratedAfter };
  } finally {
    await orm?.close();
    await client.end().catch(() => {});
  }
}

async function verifyChecksum(file: string, skip: boolean): Promise<string | undefined> {
  const recorded = await recordedSha256(file);
  if (recorded === undefined) {
    if (skip) return undefined;
    throw new RestoreRefused(
      `${checksumFileOf(file)} is missing: copy it with the backup (or, if it is lost, add --skip-checksum)`,
    );
  }
  const actual = await fileSha256(file);
  if (actual !== recorded) {
    throw new RestoreRefused(
      `checksum mismatch: the file's SHA-256 is ${actual}, ${checksumFileOf(file)} says ${recorded}: the file is damaged or is not the backup that was recorded`,
    );
  }
  return actual;
}

/** Another session on the database is most likely a running server, which must not see a restore half done. */
async function refuseIfInUse(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ sessions: number }>(
    `select count(*)::int as sessions from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  const sessions = rows[0]?.sessions ?? 0;
  if (sessions > 0) {
    throw new RestoreRefused(
      `${sessions} other session(s) are connected to the database (a running server?): stop the server, then restore`,
    );
  }
}

interface OwnObject {
  kind: 'table' | 'view' | 'sequence' | 'routine' | 'type';
  name: string;
  rows?: number;
}

const NOT_AN_EXTENSIONS = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

/** Everything in the database's own schemas (not PostgreSQL's, not an extension's): empty when none. */
async function ownObjects(client: pg.Client): Promise<OwnObject[]> {
  const { rows } = await client.query<{ kind: OwnObject['kind']; schema: string; name: string }>(
    `select case when c.relkind in ('r', 'p', 'f') then 'table' when c.relkind = 'S' then 'sequence' else 'view' end as kind,
            n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'f', 'v', 'm', 'S') and c.relpersistence <> 't' and ${SYSTEM_SCHEMA_FILTER}
        and ${NOT_AN_EXTENSIONS('pg_class', 'c.oid')}
     union all
     select 'routine', n.nspname, p.oid::regprocedure::text
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where ${SYSTEM_SCHEMA_FILTER} and ${NOT_AN_EXTENSIONS('pg_proc', 'p.oid')}
     union all
     select 'type', n.nspname, t.typname
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where ${SYSTEM_SCHEMA_FILTER} and ${NOT_AN_EXTENSIONS('pg_type', 't.oid')}
        and (t.typtype in ('e', 'd', 'r')
             or (t.typtype = 'c' and (select r.relkind from pg_class r where r.oid = t.typrelid) = 'c'))
      order by 1, 2, 3`,
  );
  const objects: OwnObject[] = [];
  for (const row of rows) {
    const object: OwnObject = { kind: row.kind, name: `${row.schema}.${row.name}` };
    if (row.kind === 'table') {
      const { rows: counted } = await client.query<{ count: string }>(
        `select count(*) as count from ${qualified(row.schema, row.name)}`,
      );
      object.rows = Number(counted[0]?.count ?? 0);
    }
    objects.push(object);
  }
  return objects;
}

function describe(objects: OwnObject[]): string {
  const tables = objects.filter((object) => object.kind === 'table');
  const rows = tables.reduce((sum, table) => sum + (table.rows ?? 0), 0);
  const others = objects.length - tables.length;
  const parts = [`${tables.length} table(s) holding ${rows} row(s)`];
  if (others > 0) parts.push(`${others} other object(s)`);
  return parts.join(' and ');
}

/**
 * What `--force` does: in one transaction, drops every schema of the database's own other than
 * `public` (with all in it), then every table, view, sequence, function and type in `public`.
 * Extensions and what they own are left.
 */
async function dropOwnObjects(client: pg.Client): Promise<void> {
  await client.query('begin');
  try {
    const { rows: schemas } = await client.query<{ name: string }>(
      `select n.nspname as name from pg_namespace n
        where ${SYSTEM_SCHEMA_FILTER} and n.nspname <> 'public'
          and not exists (select 1 from pg_extension e where e.extnamespace = n.oid)`,
    );
    for (const schema of schemas) await client.query(`drop schema ${quoteIdent(schema.name)} cascade`);
    const { rows: statements } = await client.query<{ sql: string }>(
      `select format('drop %s if exists %I.%I cascade',
                     case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
                                    when 'f' then 'foreign table' else 'table' end,
                     n.nspname, c.relname) as sql
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'f', 'v', 'm', 'S') and c.relpersistence <> 't'
          and ${NOT_AN_EXTENSIONS('pg_class', 'c.oid')}
     union all
     select format('drop routine if exists %s cascade', p.oid::regprocedure)
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and ${NOT_AN_EXTENSIONS('pg_proc', 'p.oid')}
     union all
     select format('drop %s if exists %I.%I cascade', case t.typtype when 'd' then 'domain' else 'type' end,
                   n.nspname, t.typname)
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and ${NOT_AN_EXTENSIONS('pg_type', 't.oid')}
        and (t.typtype in ('e', 'd', 'r')
             or (t.typtype = 'c' and (select r.relkind from pg_class r where r.oid = t.typrelid) = 'c'))`,
    );
    for (const statement of statements) await client.query(statement.sql);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
  const left = await ownObjects(client);
  if (left.length > 0) throw new Error(`could not empty the database: ${left.map((object) => object.name).join(', ')}`);
}

/** Every table and sequence the backup has must exist now that the schema is made. */
async function refuseMissing(client: pg.Client, header: BackupHeader): Promise<void> {
  const names = [...header.tables, ...header.sequences].map((object) => qualified(object.schema, object.name));
  const { rows } = await client.query<{ name: string }>(
    'select name from unnest($1::text[]) as name where to_regclass(name) is null',
    [names],
  );
  if (rows.length > 0) {
    throw new Error(
      `the backup has tables or sequences its migrations do not make (${rows.map((row) => row.name).join(', ')}); no rows were copied, the database holds the schema only`,
    );
  }
}

/** Every table's rows and every sequence's value, in one transaction. */
async function copyRows(
  client: pg.Client,
  file: string,
  header: BackupHeader,
  log: (line: string) => void,
): Promise<number> {
  const reader = new BackupReader(file);
  let total = 0;
  await client.query('begin');
  try {
    await reader.header();
    for (const table of header.tables) {
      if (table.rows === 0) continue;
      const columns = table.columns.map(quoteIdent).join(', ');
      // A row a migration seeds (a settings row with its defaults) gives way to the backup's.
      await client.query(`delete from ${qualified(table.schema, table.name)}`);
      const copy = client.query(copyFrom(`copy ${qualified(table.schema, table.name)} (${columns}) from stdin`));
      try {
        await pipeline(Readable.from(reader.lines(table.rows)), copy);
      } catch (error) {
        throw new Error(`restoring ${table.schema}.${table.name}: ${(error as Error).message}`);
      }
      if (copy.rowCount !== table.rows) {
        throw new Error(
          `restoring ${table.schema}.${table.name}: ${copy.rowCount} rows copied, the header says ${table.rows}`,
        );
      }
      total += table.rows;
      log(`${table.schema}.${table.name}: ${table.rows} row(s)`);
    }
    if (!(await reader.atEnd())) throw new Error('the backup holds more than its header describes');
    for (const sequence of header.sequences) {
      if (sequence.lastValue === null) continue;
      await client.query('select setval($1::regclass, $2::bigint, true)', [
        qualified(sequence.schema, sequence.name),
        sequence.lastValue,
      ]);
    }
    await client.query('commit');
    return total;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw new Error(
      `${(error as Error).message}. Nothing was copied: the database holds the schema only (restore again with --force)`,
    );
  } finally {
    reader.close();
  }
}
