import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '../../../scripts/lib/chromium';
import { ensureClientBuilt, type RunningServer, startServer } from '../../../scripts/lib/site-server';
import { createTestDatabase, type TestDatabase } from '../../server/test/test-database';

export interface BrowserSuite {
  db: TestDatabase;
  server: RunningServer;
  browser: Browser;
}

/**
 * For a browser test file: before its tests, a fresh database, the real server on the built site
 * (sandbox payments) and Chromium; after them, all three stopped. The fields are set once the
 * suite's beforeAll has run. `env` adds to the server's environment (a DATA_ENCRYPTION_KEY the test
 * also seeds with).
 */
export function startBrowserSuite(env: Record<string, string> = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    await ensureClientBuilt();
    suite.db = await createTestDatabase();
    suite.server = await startServer(suite.db.url, env);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    await suite.db?.drop();
  });
  return suite;
}
