import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppShell } from './AppShell';
import { SITE_URL_TOKEN } from './page-meta';
import { createAppRouter } from './router';

/** Renders one page to HTML at build time (scripts/prerender.ts). */
export async function renderPage(url: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  return renderToString(<AppShell router={router} siteUrl={SITE_URL_TOKEN} />);
}

export { siteContent } from '../shared/site-content';
export { PAGE_META, SITE_URL_TOKEN } from './page-meta';
