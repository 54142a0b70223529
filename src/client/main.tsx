import './site.css';
import { enhanceStaticPage } from './components/static-page';

/*
 * The entry. The prerendered home and 404 pages are complete without React: a few lines wire their
 * menu (./components/static-page) and no framework loads. The donate page (and the dev server's
 * empty shell) load React, the router and the app (./hydrate, its own chunk) once the page has
 * painted: after the load event and the next frame, so the hero never shares the link with script.
 * The site's CSS stays with this entry, which the build inlines into every page.
 */
// The site's CSP (script-src 'self') forbids `new Function`, with which zod compiles its parsers (its
// probe alone logs a violation). Zod reads this global in whichever chunk it is bundled, and builds
// schemas as soon as that chunk loads: so it is set here, before any chunk with zod is fetched.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };

const root = document.getElementById('root');
const needsReact = !root?.firstElementChild || /^\/(donate|my-giving)\/?$/.test(location.pathname);

if (root && !needsReact) {
  enhanceStaticPage(root);
} else {
  const start = () =>
    requestAnimationFrame(() => setTimeout(() => void import('./hydrate').then(({ hydrate }) => hydrate())));
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
