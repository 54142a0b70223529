import { type ComponentType, type ReactNode, useMemo, useState } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '../shared/languages';
import type { PageContent } from '../shared/site-content';
import { SiteLayout } from './components/SiteLayout';
import { type SiteNavigation, SiteNavigationProvider } from './components/site-navigation';
import { LanguageProvider, type Messages } from './i18n';
import { SiteContentProvider } from './site-content-context';
import { SiteUrlProvider } from './site-url';

interface PageShellProps {
  /** The page's path, as listed in REACT_PAGES (or `/` for the home page), in its language (`/ta/`). */
  path: string;
  page: ComponentType;
  siteUrl: string;
  /** The site content the page was rendered with (embedded in the page for its hydration). */
  content: PageContent;
  /** The language the page is in (English without), and its messages. */
  language?: Language;
  messages: Messages;
}

/**
 * One page in the site's layout, without the router: what the prerender renders and a React page
 * hydrates. A link to another page opens the router's app there (./open-in-app, loaded then), so
 * moving around the site still never reloads, while the first load carries no router.
 */
export function PageShell({
  path,
  page: Page,
  siteUrl,
  content,
  language = DEFAULT_LANGUAGE,
  messages,
}: PageShellProps) {
  const [app, setApp] = useState<ReactNode>(null);
  const navigation = useMemo<SiteNavigation>(
    () => ({
      pathname: path,
      go: (href) => {
        const target = new URL(href, window.location.origin);
        if (target.pathname === path && !target.hash) return;
        // The router's app knows the English pages only: a Tamil or Hindi page's links load the page.
        if (language !== DEFAULT_LANGUAGE) {
          window.location.assign(href);
          return;
        }
        void import('./open-in-app').then(({ openInApp }) => openInApp(href, siteUrl, content)).then(setApp);
      },
    }),
    [path, siteUrl, content, language],
  );
  if (app) return app;
  return (
    <SiteUrlProvider value={siteUrl}>
      <SiteContentProvider value={content}>
        <LanguageProvider language={language} messages={messages}>
          <SiteNavigationProvider value={navigation}>
            <SiteLayout>
              <Page />
            </SiteLayout>
          </SiteNavigationProvider>
        </LanguageProvider>
      </SiteContentProvider>
    </SiteUrlProvider>
  );
}
