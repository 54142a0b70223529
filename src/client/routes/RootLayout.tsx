import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { SiteLayout } from '../components/SiteLayout';
import { type SiteNavigation, SiteNavigationProvider, scrollToSection } from '../components/site-navigation';

/** The site's links, moved by the router; a section link scrolls even when the home page is already shown. */
function useRouterNavigation(): SiteNavigation {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return useMemo(
    () => ({
      pathname,
      go: (href: string) => {
        const target = new URL(href, window.location.origin);
        const section = target.hash.slice(1);
        const alreadyThere = router.state.location.pathname === target.pathname;
        void router.navigate({ href, hashScrollIntoView: { behavior: 'smooth', block: 'start' } }).then(() => {
          if (section && alreadyThere) scrollToSection(section);
        });
      },
    }),
    [router, pathname],
  );
}

export function RootLayout() {
  const navigation = useRouterNavigation();
  // The staff console (routes/staff-routes.ts) brings its own layout, without the site's header and footer.
  if (/^\/staff(\/|$)/.test(navigation.pathname)) return <Outlet />;
  return (
    <SiteNavigationProvider value={navigation}>
      <SiteLayout>
        <Outlet />
      </SiteLayout>
    </SiteNavigationProvider>
  );
}
