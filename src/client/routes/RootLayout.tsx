import { Outlet, useRouterState } from '@tanstack/react-router';
import { SiteFooter } from '../components/SiteFooter';
import { SiteHeader } from '../components/SiteHeader';

export function RootLayout() {
  // The staff console (routes/staff-routes.ts) brings its own layout, without the site's header and footer.
  const isStaff = useRouterState({ select: (state) => /^\/staff(\/|$)/.test(state.location.pathname) });
  if (isStaff) return <Outlet />;
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
