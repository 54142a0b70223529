import { availableParallelism } from 'node:os';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { MESSAGES_OPTIONS } from './scripts/lib/messages-options';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on CI's two cores.
    // The server's and the client's files mostly wait (on PostgreSQL, mail), so two at a time
    // (server 560 s → 360 s on two cores); each file has its own database. The browser files run
    // one at a time after them (below).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The browser project has no tests until the website lands.
    passWithNoTests: true,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.browser.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          // The tests' mail servers and buckets run on loopback; the tests of the rule itself
          // (platform/net/public-address.ts) turn it back off.
          env: { ALLOW_PRIVATE_HOSTS: '1' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react(), paraglideVitePlugin(MESSAGES_OPTIONS)],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.tsx'],
          setupFiles: ['src/client/test/setup.ts'],
          // Typing into Mantine inputs with user-event under jsdom takes seconds on a busy two-core
          // machine; the 5 s default made the form tests fail on load, not on behaviour.
          testTimeout: 30_000,
        },
      },
      {
        // Real Chromium through playwright-core against the built site.
        test: {
          name: 'browser',
          environment: 'node',
          include: ['src/**/*.browser.test.ts'],
          // One Chromium at a time, after the other projects: two at once on two cores halved their
          // time too, but a phone's form in one of them then missed its 30 s wait in one run of four.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          globalSetup: ['src/server/test/global-setup.ts'],
          env: { ALLOW_PRIVATE_HOSTS: '1' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
