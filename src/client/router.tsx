import { createRoute, createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { APPEAL_PAGE, REACT_PAGES } from './react-pages';
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

// An appeal's page: fetches its appeal when reached here (the server renders it with its appeal).
const appealRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/appeals/$slug',
  component: lazyRouteComponent(async () => ({ default: await APPEAL_PAGE.load() })),
});

const routeTree = rootRoute.addChildren([homeRoute, ...reactPageRoutes, appealRoute, staffRouteTree]);

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
