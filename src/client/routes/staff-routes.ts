import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { ApplicationsSearch } from '../features/applications/applications-search';
import type { DonationsSearch } from '../features/staff/donations/donations-search';
import { rootRoute } from './root-route';

/*
 * The staff console's routes. Only these few lines live in the site's main chunk: the pages are one
 * lazy chunk (features/staff/staff-console.ts), so the donor pages never load a byte of the console. Search
 * params are checked inside the pages (their parsing is console code too).
 */
const loadConsole = () => import('../features/staff/staff-console');
const page = (name: keyof Awaited<ReturnType<typeof loadConsole>>) => lazyRouteComponent(loadConsole, name);

const staffRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/staff',
  component: page('StaffRoot'),
});

const loginRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: page('LoginPage'),
});

/** The first admin's setup, from the link a start with no admin prints in the server's log. */
const setupRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/setup',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: page('SetupPage'),
});

/** Every page behind the sign-in: the layout checks the session and sends strangers to the login. */
const consoleRoute = createRoute({
  getParentRoute: () => staffRoute,
  id: 'console',
  component: page('ConsoleLayout'),
});

const overviewRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/',
  component: page('OverviewPage'),
});

const donationsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/donations',
  validateSearch: (search: Record<string, unknown>) => search as DonationsSearch,
  component: page('DonationsPage'),
});

const donationStoryRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/donations/$id',
  component: page('DonationStoryPage'),
});

const donorsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/donors',
  component: page('DonorsPage'),
});

const donorRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/donors/$id',
  component: page('DonorPage'),
});

const subscriptionsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/subscriptions',
  component: page('SubscriptionsPage'),
});

/** LYBUNT, SYBUNT and the other segments of donors: their lists, CSV and mail. */
const segmentsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/segments',
  component: page('SegmentsPage'),
});

const monthlyAtRiskRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/monthly-at-risk',
  component: page('MonthlyAtRiskPage'),
});

/** Sponsored animals, their sponsors' updates (issue 43). */
const sponsorshipsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/sponsorships',
  component: page('SponsorshipsPage'),
});

const thanksRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/thanks',
  component: page('ThanksPage'),
});

const receiptsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/receipts',
  component: page('ReceiptsPage'),
});

const statementRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/statement',
  component: page('StatementPage'),
});

const settlementsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/settlements',
  component: page('SettlementsPage'),
});

const giftsReceivedRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/gifts-received',
  component: page('GiftsReceivedPage'),
});

const appealsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/appeals',
  component: page('AppealsPage'),
});

const appealRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/appeals/$id',
  component: page('AppealPage'),
});

const animalsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/animals',
  component: page('AnimalsPage'),
});

const animalRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/animals/$id',
  component: page('AnimalPage'),
});

const certificatesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/certificates',
  component: page('CertificatesPage'),
});

const erasureRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/erasure',
  component: page('ErasurePage'),
});

const outboxRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/outbox',
  component: page('OutboxPage'),
});

const photosRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/photos',
  component: page('ImagesPage'),
});

const siteContentRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/site-content',
  component: page('SiteContentPage'),
});

const trustRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/trust',
  component: page('TrustPage'),
});

const settingsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/settings',
  component: page('SettingsPage'),
});

const accountsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/accounts',
  component: page('AccountsPage'),
});

const auditRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/audit',
  component: page('AuditPage'),
});

const backupsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/backups',
  component: page('BackupsPage'),
});

/** Applications to adopt, foster, volunteer and partner (issue 42): the list, one application, the mails' templates. */
const applicationsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/applications',
  validateSearch: (search: Record<string, unknown>) => search as ApplicationsSearch,
  component: page('ApplicationsPage'),
});

const applicationTemplatesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/application-mails',
  component: page('ApplicationTemplatesPage'),
});

const applicationRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/applications/$id',
  component: page('ApplicationPage'),
});

const passwordRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/password',
  component: page('PasswordPage'),
});

export const staffRouteTree = staffRoute.addChildren([
  loginRoute,
  setupRoute,
  consoleRoute.addChildren([
    overviewRoute,
    donationsRoute,
    donationStoryRoute,
    donorsRoute,
    donorRoute,
    subscriptionsRoute,
    monthlyAtRiskRoute,
    thanksRoute,
    sponsorshipsRoute,
    receiptsRoute,
    statementRoute,
    segmentsRoute,
    certificatesRoute,
    giftsReceivedRoute,
    appealsRoute,
    appealRoute,
    animalsRoute,
    animalRoute,
    settlementsRoute,
    erasureRoute,
    outboxRoute,
    photosRoute,
    siteContentRoute,
    trustRoute,
    settingsRoute,
    accountsRoute,
    auditRoute,
    backupsRoute,
    passwordRoute,
    applicationsRoute,
    applicationTemplatesRoute,
    applicationRoute,
  ]),
]);
