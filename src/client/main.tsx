import './site.css';
import { enhanceStaticPage } from './components/static-page';

/*
 * The entry. The prerendered home and 404 pages are complete without React: a few lines wire their
 * menu (./components/static-page) and no framework loads. The donate page (and the dev server's
 * empty shell) load React, the router and the app (./hydrate, its own chunk) once the page has
 * painted: after the load event and the next frame, so the hero never shares the link with script.
 * The site's CSS stays with this entry, which the build inlines into every page.
 */
const root = document.getElementById('root');
const needsReact = !root?.firstElementChild || /^\/donate\/?$/.test(location.pathname);

if (root && !needsReact) {
  enhanceStaticPage(root);
} else {
  const start = () =>
    requestAnimationFrame(() => setTimeout(() => void import('./hydrate').then(({ hydrate }) => hydrate())));
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
