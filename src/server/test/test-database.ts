import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Orm, openDatabase } from '../db/orm';
import { ENTITIES } from '../wiring/entities';

export interface TestDatabase {
  url: string;
  orm: Orm;
  drop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client(inject('adminDatabaseUrl'));
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database made by the real migrations, so each test file is isolated from the rest. */
export async function createTestDatabase(options: { migrate: boolean } = { migrate: true }): Promise<TestDatabase> {
  const name = `test_${randomBytes(8).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${name}`;
  const orm = await openDatabase(url.toString(), ENTITIES, options);
  return {
    url: url.toString(),
    orm,
    async drop() {
      await orm.close();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}
