import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import type { PageContent } from '../shared/site-content';
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
        <RouterProvider router={router} />
      </SiteContentProvider>
    </SiteUrlProvider>
  );
}
