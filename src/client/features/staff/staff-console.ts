/*
 * The whole console as one lazy chunk (staff-console-*.js). One chunk, not one per page: the code the
 * console shares with the donate page (Mantine, React Query, tRPC, zod) then forms a single common
 * chunk, instead of the dozens of small ones that every page's own import would split it into,
 * each an extra request on the donate page.
 */
export { AnimalPage } from '../animals/AnimalPage';
export { AnimalsPage } from '../animals/AnimalsPage';
export { SponsorshipsPage } from '../animals/SponsorshipsPage';
export { ApplicationPage } from '../applications/ApplicationPage';
export { ApplicationsPage } from '../applications/ApplicationsPage';
export { TemplatesPage as ApplicationTemplatesPage } from '../applications/TemplatesPage';
export { AccountsPage } from './accounts/AccountsPage';
export { PasswordPage } from './accounts/PasswordPage';
export { AppealPage } from './appeals/AppealPage';
export { AppealsPage } from './appeals/AppealsPage';
export { AuditPage } from './audit/AuditPage';
export { LoginPage } from './auth/LoginPage';
export { SetupPage } from './auth/SetupPage';
export { BackupsPage } from './backups/BackupsPage';
export { CertificatesPage } from './certificates/CertificatesPage';
export { DonationsPage } from './donations/DonationsPage';
export { DonorPage } from './donors/DonorPage';
export { DonorsPage } from './donors/DonorsPage';
export { ErasurePage } from './erasure/ErasurePage';
export { GiftsReceivedPage } from './gifts-received/GiftsReceivedPage';
export { ImagesPage } from './images/ImagesPage';
export { ConsoleLayout } from './layout/ConsoleLayout';
export { MonthlyAtRiskPage } from './monthly-at-risk/MonthlyAtRiskPage';
export { OutboxPage } from './outbox/OutboxPage';
export { OverviewPage } from './overview/OverviewPage';
export { ReceiptsPage } from './receipts/ReceiptsPage';
export { StaffRoot } from './StaffRoot';
export { SegmentsPage } from './segments/SegmentsPage';
export { SettingsPage } from './settings/SettingsPage';
export { SettlementsPage } from './settlements/SettlementsPage';
export { SiteContentPage } from './site-content/SiteContentPage';
export { StatementPage } from './statement/StatementPage';
export { DonationStoryPage } from './story/DonationStoryPage';
export { SubscriptionsPage } from './subscriptions/SubscriptionsPage';
export { ThanksPage } from './thanks/ThanksPage';
export { TrustPage } from './trust/TrustPage';
