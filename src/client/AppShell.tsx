import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { SiteUrlProvider } from './site-url';

/**
 * The whole app around a router: the staff console, the dev server, and the site once a page
 * shell's link leads elsewhere (open-in-app.tsx). Prerendered pages use page-shell.tsx instead.
 * Mantine's provider lives in the React pages' chunks: the home page is plain markup and CSS.
 */
export function AppShell({ router, siteUrl }: { router: AnyRouter; siteUrl: string }) {
  return (
    <SiteUrlProvider value={siteUrl}>
      <RouterProvider router={router} />
    </SiteUrlProvider>
  );
}
