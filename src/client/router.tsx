import { createRoute, createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { REACT_PAGES } from './react-pages';
import { HomeRoute } from './routes/HomeRoute';
import { rootRoute } from './routes/root-route';
import { staffRouteTree } from './routes/staff-routes';

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomeRoute });

// Each React page (the donate page: form, tRPC client, toasts, checkout) is its own chunk.
const reactPageRoutes = Object.entries(REACT_PAGES).map(([path, page]) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: lazyRouteComponent(async () => ({ default: await page.load() })),
  }),
);

const routeTree = rootRoute.addChildren([homeRoute, ...reactPageRoutes, staffRouteTree]);

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
