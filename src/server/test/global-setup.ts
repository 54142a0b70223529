import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../platform/db/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server where each test file creates (and drops) its own database. */
    adminDatabaseUrl: string;
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

  return async () => {
    await embedded?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
