import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** An empty database of its own on the tests' PostgreSQL: its URL, and how to drop it. */
export interface EmptyDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * The tests' PostgreSQL, from vitest's global setup; a benchmark script that borrows the test app
 * (scripts/bench-import.ts) starts its own and names it in TEST_ADMIN_DATABASE_URL.
 */
const adminDatabaseUrl = () => process.env.TEST_ADMIN_DATABASE_URL ?? inject('adminDatabaseUrl');

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client(adminDatabaseUrl());
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The database the global setup migrated once (src/server/test/global-setup.ts), or undefined for
 * a script that borrows the test app outside vitest (its databases are migrated one by one).
 */
export const migratedTemplate = (): string | undefined =>
  process.env.TEST_ADMIN_DATABASE_URL ? undefined : inject('migratedTemplate');

/**
 * Creates an empty database named `<prefix>_<random hex>`, or with `template` a copy of that
 * database. Knows nothing of the ORM, so tests under jsdom (the sandbox's checkout) can use it too.
 */
export async function createEmptyDatabase(prefix: string, template?: string): Promise<EmptyDatabase> {
  const name = `${prefix}_${randomBytes(8).toString('hex')}`;
  await adminQuery(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`),
  };
}
