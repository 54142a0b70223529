/**
 * Compiles the server and the scripts a deployment runs to plain JavaScript in dist/server, so
 * production starts with `node dist/server/main.js` and no TypeScript loader. Part of `npm run build`.
 *
 * One bundle per entry point (shared code in chunks beside them); packages from node_modules stay
 * imports. Code that finds files from `import.meta.url` sees the address its source file would have
 * in a mirror of src/ under dist/ (src/server/platform/db/orm-config.ts → dist/server/platform/db/orm-config.js), so a
 * path like '../../../migrations' or '../../dist/client' resolves from the build as from the sources.
 * Files beside the server's sources that are not code (a sandbox's checkout.js, fonts) are copied
 * into that mirror.
 */
import { cpSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const outDir = join(root, 'dist/server');

/** Entry points: the server and the command-line tools a deployment runs. */
const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  migrate: 'src/server/cli/migrate.ts',
  reconcile: 'src/server/cli/reconcile-cli.ts',
  'create-staff': 'src/server/cli/create-staff-cli.ts',
  backup: 'src/server/cli/backup-cli.ts',
  restore: 'src/server/cli/restore-cli.ts',
  // Worker threads' scripts, at the paths papers/certificates/start-worker.ts starts them from.
  'papers/certificates/read-upload.worker': 'src/server/papers/certificates/read-upload.worker.ts',
  'papers/certificates/merge-pdfs.worker': 'src/server/papers/certificates/merge-pdfs.worker.ts',
};

const CODE = /\.(ts|tsx|mts)$/;

/** `import.meta.url` of each source module → the URL of its mirror under dist/ (see above). */
function mirroredImportMetaUrl(): Plugin {
  return {
    name: 'mirrored-import-meta-url',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(src) || !code.includes('import.meta.url')) return null;
      // Every bundle and chunk is written directly into dist/server.
      const mirror = relative(outDir, join(root, 'dist', relative(src, id)))
        .replace(/\\/g, '/')
        .replace(CODE, '.js');
      return code.replaceAll('import.meta.url', `new URL(${JSON.stringify(mirror)}, import.meta.url).href`);
    },
  };
}

function* assetFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* assetFiles(path);
    else if (!CODE.test(name)) yield path;
  }
}

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  publicDir: false,
  plugins: [mirroredImportMetaUrl()],
  build: {
    ssr: true,
    target: 'node20',
    outDir,
    emptyOutDir: true,
    minify: false,
    rollupOptions: {
      input: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, path]) => [name, join(root, path)])),
      // Every package stays an import from node_modules, as under tsx.
      external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
      output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'shared-[hash].js' },
    },
  },
});

let copied = 0;
for (const file of assetFiles(join(src, 'server'))) {
  cpSync(file, join(root, 'dist', relative(src, file)));
  copied += 1;
}
console.log(`server built → dist/server (${Object.keys(SERVER_ENTRIES).join(', ')}; ${copied} static files copied)`);
