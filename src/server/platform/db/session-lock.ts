import pg from 'pg';

/** An advisory lock held by a connection of its own, until released (or the connection drops). */
export interface SessionLock {
  release(): Promise<void>;
}

/**
 * Takes PostgreSQL's session advisory lock `key` on a connection of its own, outside the app's
 * pool, so every instance on the database shares it and a long job holds no pooled connection:
 * `wait` false answers null at once when another session holds it; true waits its turn. Should the
 * connection drop, PostgreSQL frees the lock with it.
 */
export async function takeSessionLock(
  url: string,
  key: number,
  { wait, onLost }: { wait: boolean; onLost: (error: Error) => void },
): Promise<SessionLock | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  // A dropped connection must not end the process (an unhandled 'error' would).
  client.on('error', onLost);
  await client.connect();
  try {
    if (wait) {
      await client.query('select pg_advisory_lock($1)', [key]);
    } else {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
      if (!rows[0]?.locked) {
        await client.end();
        return null;
      }
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    async release() {
      await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
