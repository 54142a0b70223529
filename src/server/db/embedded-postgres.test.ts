import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres';

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
