import { fileURLToPath } from 'node:url';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import react from '@vitejs/plugin-react';
import { type ConfigEnv, defineConfig, type Plugin, type UserConfig } from 'vite';
import { MESSAGES_OPTIONS } from './scripts/lib/messages-options';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Mantine's useId module, wherever Mantine imports it, becomes src/client/mantine-use-id.ts (why: see
 * there). Only the build: the dev server's pre-bundled dependencies keep Mantine's own.
 */
function mantineUseIdWithoutRerender(): Plugin {
  const replacement = fromRoot('./src/client/mantine-use-id.ts');
  return {
    name: 'mantine-use-id-without-rerender',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromMantineHooks = importer?.replace(/\\/g, '/').includes('/@mantine/hooks/') ?? false;
      return fromMantineHooks && source.endsWith('/use-id/use-id.mjs') ? replacement : null;
    },
  };
}

/**
 * `vite build` always makes the production bundle, whatever NODE_ENV the shell has: staging's habit
 * of NODE_ENV=test made Vite bundle React's development build (and the React plugin compile JSX
 * for it). Vite reads process.env.NODE_ENV after loading this file (its isProduction, the define of
 * process.env.NODE_ENV, the React plugin's JSX runtime), so setting it here decides all three; the
 * mode and the define say the same. The dev server keeps its own.
 */
export function buildEnvironment({ command }: Pick<ConfigEnv, 'command'>): {
  nodeEnv?: 'production';
  mode?: 'production';
  define?: Record<string, string>;
} {
  if (command !== 'build') return {};
  return { nodeEnv: 'production', mode: 'production', define: { 'process.env.NODE_ENV': '"production"' } };
}

/** The site's client: the same for the dev server and the build. */
const siteConfig: UserConfig = {
  root: fromRoot('./src/client'),
  publicDir: fromRoot('./public'),
  // The site's messages compiled into src/client/paraglide (scripts/lib/messages-options.ts).
  plugins: [react(), mantineUseIdWithoutRerender(), paraglideVitePlugin(MESSAGES_OPTIONS)],
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    // Modern phones only; smaller output than the default targets.
    target: 'es2022',
    modulePreload: {
      // Every browser that runs es2022 supports <link rel=modulepreload>: no polyfill needed.
      polyfill: false,
      // None in the pages' HTML: their entry starts only after the load event (src/client/main.tsx),
      // so a preload of what it imports (the language offer's chunk, once) only competed with the
      // home page's hero photo. Dynamic imports keep theirs, added when the entry runs.
      resolveDependencies: (_file, dependencies, { hostType }) => (hostType === 'html' ? [] : dependencies),
    },
    // scripts/prerender.ts reads it to inline the entry's CSS and link the donate chunk's files.
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/trpc': 'http://127.0.0.1:3000', '/sandbox': 'http://127.0.0.1:3000' },
  },
};

export default defineConfig((env) => {
  const { nodeEnv, ...build } = buildEnvironment(env);
  if (nodeEnv) process.env.NODE_ENV = nodeEnv;
  return { ...build, ...siteConfig };
});
