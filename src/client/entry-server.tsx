import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { SITE_URL_TOKEN } from '../shared/site-url-token';
import { AppShell } from './AppShell';
import { createAppRouter } from './router';

/** Renders one page to HTML at build time (scripts/prerender.ts). */
export async function renderPage(url: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  return renderToString(<AppShell router={router} siteUrl={SITE_URL_TOKEN} />);
}

export { siteContent } from '../shared/site-content';
export { SITE_URL_TOKEN } from '../shared/site-url-token';
export { PAGE_META } from './page-meta';
