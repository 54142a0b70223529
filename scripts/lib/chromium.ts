/**
 * Chromium for the browser tests (driven by playwright-core) and `npm run bench:web` (driven by
 * Lighthouse over its DevTools port): one binary, one set of flags.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import chromium from '@sparticuz/chromium';
import { type Browser, chromium as playwright } from 'playwright-core';

/**
 * Chromium's flags here: headless as root, and quiet on a machine with no network (without the
 * background-networking flags it floods refused connections).
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--mute-audio',
];

/** Chromium from @sparticuz/chromium (an npm package, so nothing is downloaded), or CHROMIUM_PATH. */
export async function chromiumPath(): Promise<string> {
  return process.env.CHROMIUM_PATH || (await chromium.executablePath());
}

export async function launchBrowser(): Promise<Browser> {
  return playwright.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: ['--headless', ...CHROMIUM_FLAGS],
  });
}

/** Headless Chromium listening for DevTools on `port` (for Lighthouse), with its profile in `userDataDir`. */
export async function launchDevtoolsChromium(port: number, userDataDir: string): Promise<ChildProcess> {
  const child = spawn(
    await chromiumPath(),
    [
      `--remote-debugging-port=${port}`,
      '--headless=new',
      ...CHROMIUM_FLAGS,
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  // Wait until the DevTools endpoint answers.
  for (let i = 0; i < 100; i += 1) {
    try {
      await fetch(`http://127.0.0.1:${port}/json/version`);
      return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  child.kill('SIGKILL');
  throw new Error('Chromium did not start');
}
