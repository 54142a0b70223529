/**
 * Builds the pages' server-side bundle (src/client/entry-server.tsx) into dist/prerender after
 * `vite build`, with what the server needs to make documents of its pages (page-kit.json: the
 * templates with site.css inlined and the scripts ordered, each React page's stylesheets; see
 * src/server/transports/web/page-kit.ts and page-documents.ts, which this script and the server share). The server renders
 * `/`, `/donate`, `/my-giving` and the 404 page with it at start and whenever the published site
 * content changes (src/server/transports/web/site-pages.ts); this script also prerenders them into dist/client
 * with the default content (a server without the bundle serves those), writes the staff console's
 * empty shell, and precompresses every text asset with brotli and gzip for @fastify/static's
 * `preCompressed`.
 *
 * The pages carry SITE_URL_TOKEN where the public origin belongs (canonical and Open Graph URLs,
 * the share link); the server replaces it with SITE_URL, so one build serves any origin.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import { build } from 'vite';
import {
  loadPageRenderer,
  PAGE_BUNDLE_FILE,
  PAGE_KIT_FILE,
  staffShellDocument,
} from '../src/server/transports/web/page-documents';
import { type Manifest, makePageKit } from '../src/server/transports/web/page-kit';
import { pageContentOf, siteContent } from '../src/shared/site-content';

// A production build even when started from a test run (NODE_ENV=test would bundle React's development build).
process.env.NODE_ENV = 'production';

const root = fileURLToPath(new URL('..', import.meta.url));
const clientDir = join(root, 'dist/client');
const ssrDir = join(root, 'dist/prerender');

type ServerEntry = typeof import('../src/client/entry-server');

async function prerender(): Promise<void> {
  await build({
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    // The bundle alone: the public files are the client's, and the manifest is the client build's.
    publicDir: false,
    // React, Mantine and the rest bundled in, as the client has them: the server loads one module
    // and only the parts the pages use (its first render at start took about 2 s with Mantine's
    // hundreds of files imported from node_modules, about 0.3 s bundled), and the same code as the client's.
    ssr: { noExternal: true },
    build: {
      ssr: join(root, 'src/client/entry-server.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      minify: false,
      manifest: false,
    },
  });
  const entry: ServerEntry = await import(pathToFileURL(join(ssrDir, PAGE_BUNDLE_FILE)).href);
  const manifestDir = join(clientDir, '.vite');
  const manifest: Manifest = JSON.parse(readFileSync(join(manifestDir, 'manifest.json'), 'utf8'));
  // Only the build needs the manifest; the server must not publish it.
  rmSync(manifestDir, { recursive: true, force: true });
  const { kit, scriptHash } = makePageKit({ clientDir, manifest, reactPageChunks: entry.REACT_PAGE_CHUNKS });
  writeFileSync(join(ssrDir, PAGE_KIT_FILE), JSON.stringify(kit));
  writeFileSync(join(clientDir, 'csp-hashes.json'), JSON.stringify({ 'script-src': [scriptHash] }));

  const renderer = await loadPageRenderer(ssrDir);
  if (!renderer) throw new Error(`${ssrDir} has no page bundle`);
  const data = { content: pageContentOf(siteContent) };
  const files: [url: string, file: string][] = [
    ...renderer.paths.map((path): [string, string] => [path, path === '/' ? 'index.html' : `${path.slice(1)}.html`]),
    [renderer.notFoundPath, '404.html'],
  ];
  for (const [url, file] of files) {
    const { html } = await renderer.render(url, data);
    // A page under a folder (`/apply/adopt`) has its folder made first.
    mkdirSync(dirname(join(clientDir, file)), { recursive: true });
    writeFileSync(join(clientDir, file), html);
    console.log(`prerendered ${url} → dist/client/${file} (${(html.length / 1024).toFixed(1)} KiB)`);
  }
  writeFileSync(join(clientDir, 'staff.html'), staffShellDocument(kit));
  console.log('wrote the staff console shell → dist/client/staff.html');
}

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Brotli at its best quality, gzip by Zopfli (a few per cent smaller than zlib's best, readable by
 * every gzip decoder). HTML is left out: the server fills in SITE_URL and compresses the pages once
 * when it starts.
 */
async function precompress(): Promise<void> {
  let count = 0;
  for (const path of files(clientDir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const body = readFileSync(path);
    if (body.length < 512) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    writeFileSync(`${path}.gz`, await gzipAsync(body, { numiterations: 15 }));
    count += 1;
  }
  console.log(`precompressed ${count} files (brotli and gzip)`);
}

await prerender();
await precompress();
// Vite's build and the rendered app leave handles open; the work is done.
process.exit(0);
