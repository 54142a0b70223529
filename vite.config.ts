import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot('./src/client'),
  publicDir: fromRoot('./public'),
  plugins: [react()],
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
