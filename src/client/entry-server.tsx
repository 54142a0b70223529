import { renderToString } from 'react-dom/server';
import { SITE_URL_TOKEN } from '../shared/site-url-token';
import { PageShell } from './page-shell';
import { REACT_PAGES } from './react-pages';
import { HomeRoute } from './routes/HomeRoute';
import { NotFoundPage } from './routes/NotFoundPage';

/**
 * Renders one page to HTML at build time (scripts/prerender.ts), in the layout the browser hydrates
 * (page-shell.tsx): `/`, a page of REACT_PAGES, or anything else as the 404 page.
 */
export async function renderPage(url: string): Promise<string> {
  const reactPage = REACT_PAGES[url];
  const [path, page] = reactPage ? [url, await reactPage.load()] : url === '/' ? ['/', HomeRoute] : [url, NotFoundPage];
  return renderToString(<PageShell path={path} page={page} siteUrl={SITE_URL_TOKEN} />);
}

export { siteContent } from '../shared/site-content';
export { SITE_URL_TOKEN } from '../shared/site-url-token';
export { PAGE_META } from './page-meta';
export { REACT_PAGES } from './react-pages';
