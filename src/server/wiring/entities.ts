import { APPLICATION_ENTITIES } from '../animals/applications/application.entity';
import { APPLICATION_WORK_ENTITIES } from '../animals/applications/application-work.entities';
import { ANIMAL_ENTITIES } from '../animals/records/animal.entity';
import { SPONSOR_ENTITIES } from '../animals/sponsors/sponsor.entities';
import { HealthAlert } from '../console/health/health-alert.entity';
import { DonationDayTotal } from '../console/overview/donation-day-total.entity';
import { ConsoleSettings } from '../console/settings/console-settings.entity';
import { DONOR_ENTITIES } from '../donors/records/donor-merge.entity';
import { DonorYear } from '../donors/retention/donor-year.entity';
import { ErasureRequest } from '../donors/rights/erasure-request.entity';
import { THANKS_ENTITIES } from '../donors/thanks/thanks.entities';
import { APPEAL_ENTITIES } from '../gifts/donations/appeal.entity';
import { Donation } from '../gifts/donations/donation.entity';
import { MonthlyChange, Subscription } from '../gifts/donations/subscription.entity';
import { Donor } from '../gifts/donor-keys/donor.entity';
import { NewsConsent } from '../gifts/donor-keys/news-consent.entity';
import { RiskEpisode } from '../gifts/monthly-at-risk/risk-episode.entity';
import { RazorpayPlan } from '../gifts/payments/plan.entity';
import { SETTLEMENT_ENTITIES } from '../gifts/razorpay-settlements/settlement.entity';
import { Receipt, ReceiptCounter } from '../gifts/receipts/receipt.entity';
import { TrustSettings } from '../gifts/receipts/trust-settings.entity';
import { ErasureRefund } from '../gifts/settlement/erasure-refund.entity';
import { WebhookDelivery } from '../gifts/webhooks/webhook-delivery.entity';
import { WebhookEvent } from '../gifts/webhooks/webhook-event.entity';
import { DonorCertificate } from '../papers/certificates/donor-certificate.entity';
import { StatementPurpose } from '../papers/reporting/statement-purpose.entity';
import { StatementReview } from '../papers/reporting/statement-review.entity';
import { BackupRecord, OffsiteBackupSettings } from '../platform/backups/backup.entity';
import { Contact } from '../platform/contacts/contact.entity';
import { IMAGE_ENTITIES } from '../platform/images/image.entities';
import { OutboxMessage } from '../platform/mail/outbox-message.entity';
import { RateLimitCounter } from '../platform/security/rate-limit-counter.entity';
import { SiteContentVersion } from '../platform/site-content/site-content-version.entity';
import { STAFF_ENTITIES } from '../platform/staff/staff.entities';
import { User } from '../platform/staff/user.entity';

/**
 * Every table the ORM maps, gathered here so the database layer knows no feature: a new feature
 * adds its entities to this list, and db/ stays as it is.
 */
export const ENTITIES = [
  User,
  Contact,
  ...ANIMAL_ENTITIES,
  ...APPLICATION_ENTITIES,
  ...APPLICATION_WORK_ENTITIES,
  ...SPONSOR_ENTITIES,
  Donor,
  ...DONOR_ENTITIES,
  DonorYear,
  Donation,
  Subscription,
  MonthlyChange,
  RazorpayPlan,
  WebhookEvent,
  TrustSettings,
  Receipt,
  ReceiptCounter,
  OutboxMessage,
  StatementPurpose,
  StatementReview,
  ErasureRequest,
  ErasureRefund,
  NewsConsent,
  RateLimitCounter,
  DonorCertificate,
  ...SETTLEMENT_ENTITIES,
  BackupRecord,
  OffsiteBackupSettings,
  ...STAFF_ENTITIES,
  ...IMAGE_ENTITIES,
  ...APPEAL_ENTITIES,
  SiteContentVersion,
  ConsoleSettings,
  WebhookDelivery,
  HealthAlert,
  RiskEpisode,
  ...THANKS_ENTITIES,
  DonationDayTotal,
];
