import { fileURLToPath } from 'node:url';

/**
 * How the site's messages (messages/{en,ta,hi}.json, an inlang project: project.inlang) are compiled
 * by Paraglide JS into typed, tree-shakable functions in src/client/paraglide (generated, not in
 * git): the same options for the Vite plugin (build, dev, Vitest) and `npm run messages` (before
 * the type check). A page passes its language to each message (`m.nav_home({}, { locale })`, see
 * src/client/i18n.tsx), so the locale strategy is only the fallback: the base locale, English.
 */
const fromRoot = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

export const MESSAGES_OPTIONS = {
  project: fromRoot('project.inlang'),
  outdir: fromRoot('src/client/paraglide'),
  strategy: ['baseLocale' as const],
  outputStructure: 'locale-modules' as const,
  emitTsDeclarations: true,
  emitReadme: false,
  emitPrettierIgnore: false,
};
