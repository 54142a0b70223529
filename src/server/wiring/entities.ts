import { APPEAL_ENTITIES } from '../appeals/appeal.entity';
import { BackupRecord, OffsiteBackupSettings } from '../backups/backup.entity';
import { DonorCertificate } from '../certificates/donor-certificate.entity';
import { Contact } from '../contacts/contact.entity';
import { Donation } from '../donations/donation.entity';
import { Subscription } from '../donations/subscription.entity';
import { DonorYear } from '../donor-retention/donor-year.entity';
import { Donor } from '../donors/donor.entity';
import { DONOR_ENTITIES } from '../donors/donor-merge.entity';
import { ErasureRequest } from '../donors/erasure-request.entity';
import { NewsConsent } from '../donors/news-consent.entity';
import { HealthAlert } from '../health/health-alert.entity';
import { IMAGE_ENTITIES } from '../images/image.entities';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { RiskEpisode } from '../monthly-at-risk/risk-episode.entity';
import { RazorpayPlan } from '../payments/plan.entity';
import { SETTLEMENT_ENTITIES } from '../razorpay-settlements/settlement.entity';
import { Receipt, ReceiptCounter } from '../receipts/receipt.entity';
import { TrustSettings } from '../receipts/trust-settings.entity';
import { StatementPurpose } from '../reporting/statement-purpose.entity';
import { StatementReview } from '../reporting/statement-review.entity';
import { RateLimitCounter } from '../security/rate-limit-counter.entity';
import { ConsoleSettings } from '../settings/console-settings.entity';
import { ErasureRefund } from '../settlement/erasure-refund.entity';
import { SiteContentVersion } from '../site-content/site-content-version.entity';
import { DonationDayTotal } from '../staff/donation-day-total.entity';
import { STAFF_ENTITIES } from '../staff/staff.entities';
import { THANKS_ENTITIES } from '../thanks/thanks.entities';
import { User } from '../users/user.entity';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import { WebhookEvent } from '../webhooks/webhook-event.entity';

/**
 * Every table the ORM maps, gathered here so the database layer knows no feature: a new feature
 * adds its entities to this list, and db/ stays as it is.
 */
export const ENTITIES = [
  User,
  Contact,
  Donor,
  ...DONOR_ENTITIES,
  DonorYear,
  Donation,
  Subscription,
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
