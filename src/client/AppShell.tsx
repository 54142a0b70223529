import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { DEFAULT_LANGUAGE } from '../shared/languages';
import type { PageContent } from '../shared/site-content';
import { LanguageProvider } from './i18n';
import * as english from './paraglide/messages/en.js';
import { SiteContentProvider } from './site-content-context';
import { SiteUrlProvider } from './site-url';

/**
 * The whole app around a router: the staff console, the dev server, and the site once a page
 * shell's link leads elsewhere (open-in-app.tsx). Prerendered pages use page-shell.tsx instead.
 * Mantine's provider lives in the React pages' chunks: the home page is plain markup and CSS.
 */
export function AppShell({ router, siteUrl, content }: { router: AnyRouter; siteUrl: string; content: PageContent }) {
  return (
    <SiteUrlProvider value={siteUrl}>
      <SiteContentProvider value={content}>
        {/* The router serves the English pages only: a Tamil or Hindi page's links load the page. */}
        <LanguageProvider language={DEFAULT_LANGUAGE} messages={english}>
          <RouterProvider router={router} />
        </LanguageProvider>
      </SiteContentProvider>
    </SiteUrlProvider>
  );
}
