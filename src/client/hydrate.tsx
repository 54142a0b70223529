import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pageContentOf, siteContent } from '../shared/site-content';
import { AppShell } from './AppShell';
import { createAppRouter } from './router';
import { readPageContent } from './site-content-context';
import { readSiteUrl } from './site-url';

/**
 * Renders the router's app into an empty shell: the staff console (staff.html) and every page on
 * the dev server. Prerendered pages never need it: hydrate-page.tsx hydrates them without the router.
 */
export async function renderApp() {
  const container = document.getElementById('root');
  if (!container) return;
  const router = createAppRouter();
  await router.load();
  createRoot(container).render(
    <StrictMode>
      <AppShell router={router} siteUrl={readSiteUrl()} content={readPageContent() ?? pageContentOf(siteContent)} />
    </StrictMode>,
  );
}
