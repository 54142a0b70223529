import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppShell } from './AppShell';
import { createAppRouter } from './router';
import { readSiteUrl } from './site-url';

/** Renders the app into the prerendered page (or the dev server's empty shell). */
export async function hydrate() {
  const container = document.getElementById('root');
  if (!container) return;
  const router = createAppRouter();
  // Resolve the route (and load its lazy chunk) before hydrating, so the first render matches the prerendered HTML.
  await router.load();
  const app = (
    <StrictMode>
      <AppShell router={router} siteUrl={readSiteUrl()} />
    </StrictMode>
  );
  // Prerendered pages have markup to hydrate; the dev server's shell has only a comment.
  if (container.firstElementChild) {
    // Tell the router it hydrates server-rendered markup, so it renders the same tree the server did
    // (without the Suspense boundary it adds for client-only rendering). The prerender sends no
    // dehydrated state: the pages have no loader data, and the CSP allows no inline script.
    router.ssr = { manifest: undefined };
    // As a transition, React hydrates in slices of a few milliseconds, yielding to the browser in
    // between, instead of one long task that would keep a slow phone from answering a tap.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
}
