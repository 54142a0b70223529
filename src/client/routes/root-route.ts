import { createRootRoute } from '@tanstack/react-router';
import { NotFoundPage } from './NotFoundPage';
import { RootLayout } from './RootLayout';

/** The root of the route tree: the donor pages (router.tsx) and the staff console (staff-routes.ts) hang from it. */
export const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });
