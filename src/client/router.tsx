import { createRoute, createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { HomeRoute } from './routes/HomeRoute';
import { rootRoute } from './routes/root-route';
import { staffRouteTree } from './routes/staff-routes';

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomeRoute });

// The donate page (form, tRPC client, React Query, toasts, checkout) is its own chunk, off the home page's first load.
const donateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/donate',
  component: lazyRouteComponent(() => import('./features/donate/DonateRoute'), 'DonateRoute'),
});

// A donor's own page (gifts, receipts, their rights) is its own chunk too: few visitors need it.
const myGivingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/my-giving',
  component: lazyRouteComponent(() => import('./features/my-giving/MyGivingRoute'), 'MyGivingRoute'),
});

const routeTree = rootRoute.addChildren([homeRoute, donateRoute, myGivingRoute, staffRouteTree]);

export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    defaultHashScrollIntoView: { behavior: 'smooth', block: 'start' },
    defaultPreload: 'intent',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
