import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../platform/db/embedded-postgres';
import { openDatabase } from '../platform/db/orm';
import { ENTITIES } from '../wiring/entities';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server where each test file creates (and drops) its own database. */
    adminDatabaseUrl: string;
    /**
     * A database on it made by the real migrations once per run, never connected to afterwards:
     * each test file's database is a copy of it (`create database … template`, a file copy of a
     * few MB) instead of running every migration again (about a second a file, 130 files, twice
     * in CI).
     */
    migratedTemplate: string;
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** One PostgreSQL for the whole run: DATABASE_URL when set, else a throwaway embedded one. */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  // One cluster per project: the server and browser projects set up (and tear down) separately.
  const dataDir = join(tmpdir(), `rescue-test-postgres-${process.pid}-${project.name}`);
  let url = process.env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    url = embedded.url;
  }
  project.provide('adminDatabaseUrl', url);

  const template = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database "${template}"`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const orm = await openDatabase(templateUrl.toString(), ENTITIES, { migrate: true });
  // Closed: PostgreSQL copies a template only while no one is connected to it.
  await orm.close();
  project.provide('migratedTemplate', template);

  return async () => {
    await adminQuery(url, `drop database if exists "${template}" with (force)`).catch(() => undefined);
    await embedded?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
