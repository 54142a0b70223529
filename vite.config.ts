import { fileURLToPath } from 'node:url';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  root: fromRoot('./src/client'),
  publicDir: fromRoot('./public'),
  // The site's messages compiled into src/client/paraglide (scripts/lib/messages-options.ts).
  plugins: [react(), mantineUseIdWithoutRerender(), paraglideVitePlugin(MESSAGES_OPTIONS)],
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    // Modern phones only; smaller output than the default targets.
    target: 'es2022',
    // Every browser that runs es2022 supports <link rel=modulepreload>: no polyfill needed.
    modulePreload: { polyfill: false },
    // scripts/prerender.ts reads it to inline the entry's CSS and link the donate chunk's files.
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/trpc': 'http://127.0.0.1:3000', '/sandbox': 'http://127.0.0.1:3000' },
  },
});
