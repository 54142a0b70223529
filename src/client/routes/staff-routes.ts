import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { DonationsSearch } from '../features/staff/donations/donations-search';
import { rootRoute } from './root-route';

/*
 * The staff console's routes. Only these few lines live in the site's main chunk: every page is a
 * lazy chunk under features/staff, so the donor pages never load a byte of the console. Search
 * params are checked inside the pages (their parsing is console code too).
 */
const page = <Name extends string>(name: Name, load: () => Promise<Record<Name, () => React.ReactNode>>) =>
  lazyRouteComponent(load, name);

const staffRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/staff',
  component: page('StaffRoot', () => import('../features/staff/StaffRoot')),
});

const loginRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: page('LoginPage', () => import('../features/staff/auth/LoginPage')),
});

/** Every page behind the sign-in: the layout checks the session and sends strangers to the login. */
const consoleRoute = createRoute({
  getParentRoute: () => staffRoute,
  id: 'console',
  component: page('ConsoleLayout', () => import('../features/staff/layout/ConsoleLayout')),
});

const overviewRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/',
  component: page('OverviewPage', () => import('../features/staff/overview/OverviewPage')),
});

const donationsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/donations',
  validateSearch: (search: Record<string, unknown>) => search as DonationsSearch,
  component: page('DonationsPage', () => import('../features/staff/donations/DonationsPage')),
});

const donationStoryRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/donations/$id',
  component: page('DonationStoryPage', () => import('../features/staff/story/DonationStoryPage')),
});

const subscriptionsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/subscriptions',
  component: page('SubscriptionsPage', () => import('../features/staff/subscriptions/SubscriptionsPage')),
});

const accountsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/accounts',
  component: page('AccountsPage', () => import('../features/staff/accounts/AccountsPage')),
});

const auditRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/audit',
  component: page('AuditPage', () => import('../features/staff/audit/AuditPage')),
});

const passwordRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/password',
  component: page('PasswordPage', () => import('../features/staff/accounts/PasswordPage')),
});

export const staffRouteTree = staffRoute.addChildren([
  loginRoute,
  consoleRoute.addChildren([
    overviewRoute,
    donationsRoute,
    donationStoryRoute,
    subscriptionsRoute,
    accountsRoute,
    auditRoute,
    passwordRoute,
  ]),
]);
