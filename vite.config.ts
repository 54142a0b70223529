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

/**
 * The client build's chunks, fewer and larger for a page's first load: left to itself, Rolldown
 * made a chunk of every set of modules shared by the same dynamic imports, and /donate loaded 16
 * scripts, each a request with its own headers. Three groups instead; what stays lazy (the
 * console, the router's app, the toasts, the form's validation, the other languages' messages)
 * keeps its own chunks.
 * - start: what the entry imports (main.tsx's static imports), in the entry's chunk, so that
 *   nothing below pulls it into a chunk the home page would then load.
 * - page: React and the hydrating page shell (site layout, messages context, page data), which
 *   every React page loads; hydrate-page.tsx with it.
 * - donate-form: the donation form and the appeals' parts, which the donate page and an appeal's
 *   page both load (the route modules stay their own chunks: the page kit finds their stylesheets by them).
 */
const CLIENT_CHUNK_GROUPS = [
  { name: 'start', priority: 3, tags: ['$initial' as const], test: (id: string) => !id.endsWith('/main.tsx') },
  {
    name: 'page',
    priority: 2,
    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]client[\\/](hydrate-page|page-shell|i18n|site-content-context|site-url|use-page-title|page-meta)\.|src[\\/]client[\\/]components[\\/](Site|site-|logo|nav-items)/,
  },
  {
    name: 'donate-form',
    priority: 1,
    test: /src[\\/]client[\\/]features[\\/](donate[\\/](?!toast-container|mantine-styles|validate-donation|DonateRoute)|appeals[\\/](?!AppealRoute))|src[\\/]shared[\\/](rupees|donation-states)/,
  },
];

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
  // The pages' server-side bundle (scripts/prerender.ts) is one file on the server: no groups there.
  const chunks = env.isSsrBuild
    ? {}
    : { rolldownOptions: { output: { codeSplitting: { groups: CLIENT_CHUNK_GROUPS } } } };
  return { ...build, ...siteConfig, build: { ...siteConfig.build, ...chunks } };
});
