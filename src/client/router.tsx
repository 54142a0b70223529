import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { HomeRoute } from './routes/HomeRoute';
import { NotFoundPage } from './routes/NotFoundPage';
import { RootLayout } from './routes/RootLayout';

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomeRoute });

// The donate page (form, tRPC client, React Query, toasts, checkout) is its own chunk, off the home page's first load.
const donateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/donate',
  component: lazyRouteComponent(() => import('./features/donate/DonateRoute'), 'DonateRoute'),
});

const routeTree = rootRoute.addChildren([homeRoute, donateRoute]);

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
