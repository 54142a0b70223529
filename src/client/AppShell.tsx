import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { SiteUrlProvider } from './site-url';

/**
 * The whole app around a router; the same tree renders on the server (prerender) and hydrates.
 * Mantine's provider lives in the donate page's chunk: the home page is plain markup and CSS, which
 * keeps its first-load script under the 100 KB (gzip) budget.
 */
export function AppShell({ router, siteUrl }: { router: AnyRouter; siteUrl: string }) {
  return (
    <SiteUrlProvider value={siteUrl}>
      <RouterProvider router={router} />
    </SiteUrlProvider>
  );
}
