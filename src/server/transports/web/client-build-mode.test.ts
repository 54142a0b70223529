import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { buildEnvironment } from '../../../../vite.config';

/**
 * `npm run build` with NODE_ENV=test (a staging habit; Vitest sets it too) must still bundle React's
 * production build: Vite resolves the build as production whatever the shell's NODE_ENV.
 */

const CONFIG_FILE = fileURLToPath(new URL('../../../../vite.config.ts', import.meta.url));
const shellNodeEnv = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = shellNodeEnv;
});

describe('the client build', () => {
  it('is production for a build, and leaves the dev server alone', () => {
    expect(buildEnvironment({ command: 'build' })).toEqual({
      nodeEnv: 'production',
      mode: 'production',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    expect(buildEnvironment({ command: 'serve' })).toEqual({});
  });

  it('resolves as production under NODE_ENV=test: React’s production build and JSX runtime', async () => {
    process.env.NODE_ENV = 'test';
    const config = await resolveConfig({ configFile: CONFIG_FILE, logLevel: 'silent' }, 'build');
    expect(config.mode).toBe('production');
    expect(config.isProduction).toBe(true);
    expect(config.define?.['process.env.NODE_ENV']).toBe('"production"');
  });
});
