import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedPostgresError, startEmbeddedPostgres, unixSocketDir } from './embedded-postgres';

const dataDir = join(tmpdir(), `embedded-postgres-test-${process.pid}`);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

const postmasterPid = async () => Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);

/** Alive and not a zombie (a stopped postmaster may wait a moment to be reaped). */
async function isRunning(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat !== undefined && stat.split(') ')[1]?.[0] !== 'Z';
}

async function waitUntilGone(pid: number) {
  for (let i = 0; i < 100 && (await isRunning(pid)); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('embedded PostgreSQL', () => {
  it('starts in a folder whose parents do not exist yet (a fresh clone has no .data)', async () => {
    const fresh = join(tmpdir(), `embedded-postgres-fresh-${process.pid}`);
    try {
      const started = await startEmbeddedPostgres({ dataDir: join(fresh, 'new', 'postgres'), ephemeral: true });
      expect(await query(started.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      await started.stop();
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });

  it('initialises once and keeps its data across restarts', async () => {
    const first = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    await query(first.url, 'create table kept (value text); insert into kept values ($$still here$$)');
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    expect(await query(second.url, 'select value from kept')).toEqual([{ value: 'still here' }]);
    await second.stop();
  });

  it('starts again when the previous run died and left its server running', async () => {
    const orphaned = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    const orphanPid = await postmasterPid();
    // No stop(): as if the Node process had been killed.
    const restarted = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    expect(await isRunning(orphanPid)).toBe(false);
    expect(await query(restarted.url, 'select value from kept')).toEqual([{ value: 'still here' }]);
    await expect(query(orphaned.url, 'select 1')).rejects.toThrow();
    await restarted.stop();
  });

  it('starts again after the server itself was killed and its pid now belongs to another process', async () => {
    const killed = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    const pid = await postmasterPid();
    process.kill(pid, 'SIGKILL');
    await waitUntilGone(pid);
    // The stale lock file now names a live process that is not PostgreSQL (this test runner).
    const lockFile = join(dataDir, 'postmaster.pid');
    const lines = (await readFile(lockFile, 'utf8')).split('\n');
    await writeFile(lockFile, [String(process.pid), ...lines.slice(1)].join('\n'));
    void killed;

    const restarted = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    expect(await query(restarted.url, 'select value from kept')).toEqual([{ value: 'still here' }]);
    await restarted.stop();
  });
});

describe('how clients reach the embedded PostgreSQL', () => {
  it('hands out its Unix socket when the path is short enough, and still listens on loopback TCP', async () => {
    const server = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    try {
      const socketHost = decodeURIComponent(new URL(server.url).hostname);
      expect(socketHost).toBe(server.dataDir);
      expect((await stat(join(socketHost, `.s.PGSQL.${server.port}`))).isSocket()).toBe(true);
      expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      const tcp = `postgres://postgres:postgres@127.0.0.1:${server.port}/postgres`;
      expect(await query(tcp, 'select 2 as two')).toEqual([{ two: 2 }]);
    } finally {
      await server.stop();
    }
  });

  it('keeps to loopback TCP when the socket path would be too long or need quoting', () => {
    expect(unixSocketDir('/var/lib/trust/postgres', 5432)).toBe('/var/lib/trust/postgres');
    expect(unixSocketDir(`/srv/${'long-folder-name/'.repeat(6)}postgres`, 5432)).toBeUndefined();
    expect(unixSocketDir('/home/a trust/postgres', 5432)).toBeUndefined();
  });
});

describe('embedded PostgreSQL in a directory only its owner may enter', () => {
  it('starts from a 0700 directory (as root: postgres runs as the postgres user)', async () => {
    const privateDir = await mkdtemp(join(tmpdir(), 'private-clone-'));
    expect((await stat(privateDir)).mode & 0o777).toBe(0o700);
    const messages: string[] = [];
    const server = await startEmbeddedPostgres({
      dataDir: join(privateDir, '.data', 'postgres'),
      ephemeral: true,
      log: (message) => messages.push(message),
    });
    try {
      expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      // Wherever the data went, the log says so.
      expect(messages.some((message) => message.includes(server.dataDir))).toBe(true);
    } finally {
      await server.stop();
      await rm(privateDir, { recursive: true, force: true });
      if (!server.dataDir.startsWith(privateDir))
        await rm(join(server.dataDir, '..'), { recursive: true, force: true });
    }
  });

  it('fails with one readable line that says what to do', async () => {
    // A data directory that claims to be a cluster but is not one.
    const brokenDir = await mkdtemp(join(tmpdir(), 'broken-cluster-'));
    await writeFile(join(brokenDir, 'PG_VERSION'), '17\n');
    try {
      const message = await startEmbeddedPostgres({ dataDir: brokenDir, ephemeral: true }).then(
        () => 'started',
        (error: Error) => (error instanceof EmbeddedPostgresError ? error.message : `unexpected: ${error}`),
      );
      expect(message).not.toContain('\n');
      expect(message).toMatch(/^The embedded PostgreSQL could not start: .+ Set DATABASE_URL/);
    } finally {
      await rm(brokenDir, { recursive: true, force: true });
    }
  });
});
