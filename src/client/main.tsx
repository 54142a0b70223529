import './site.css';

/*
 * The entry: the prerendered page is complete without script, so React, the router and the app
 * (./hydrate, its own chunk) load once the page has painted: after the load event and the next
 * frame. On a slow phone the hero image and text then never share the link with 100 KB of script.
 * The site's CSS stays with this entry, which the build inlines into every page.
 */
const start = () =>
  requestAnimationFrame(() => setTimeout(() => void import('./hydrate').then(({ hydrate }) => hydrate())));

if (document.readyState === 'complete') start();
else addEventListener('load', start, { once: true });
