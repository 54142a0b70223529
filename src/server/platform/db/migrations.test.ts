// Over 250 lines on purpose: the expected schema is listed column by column, one line each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../../migrations';
import { Donation } from '../../gifts/donations/donation.entity';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { ENTITIES } from '../../wiring/entities';
import { openDatabase } from './orm';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const query = <T>(sql: string) => db.orm.em.getConnection().execute<T[]>(sql);

describe('the migrations', () => {
  it('creates exactly the tables of the data model', async () => {
    const tables = await query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((row) => row.table_name)).toEqual([
      'appeal_update_unsubscribes',
      'appeal_updates',
      'appeals',
      'backups',
      'console_settings',
      'contacts',
      'donation_day_totals',
      'donations',
      'donor_certificates',
      'donor_merges',
      'donor_proposal_dismissals',
      'donor_years',
      'donors',
      'erasure_refunds',
      'erasure_requests',
      'health_alerts',
      'image_uses',
      'image_variants',
      'images',
      'mail_outbox',
      'mikro_orm_migrations',
      'monthly_risk_episodes',
      'news_consents',
      'offsite_backup_settings',
      'rate_limit_counters',
      'razorpay_plans',
      'receipt_counters',
      'receipts',
      'settlement_entries',
      'settlements',
      'site_content_versions',
      'staff_audit',
      'staff_devices',
      'staff_sessions',
      'staff_setup_tokens',
      'staff_sign_in_failures',
      'statement_purposes',
      'statement_reviews',
      'subscriptions',
      'thank_you_calls',
      'thanks_settings',
      'trust_settings',
      'users',
      'webhook_deliveries',
      'webhook_events',
    ]);
  });

  it('creates exactly these columns, types, nullability and defaults', async () => {
    const columns = await query<Record<string, string>>(
      `select table_name, column_name, data_type, is_nullable, column_default
         from information_schema.columns
        where table_schema = 'public' and table_name <> 'mikro_orm_migrations'
        order by table_name, ordinal_position`,
    );
    const serial = (table: string) => `nextval('${table}_id_seq'::regclass)`;
    const col = (table: string, name: string, type: string, nullable: 'YES' | 'NO', def: string | null = null) => ({
      table_name: table,
      column_name: name,
      data_type: type,
      is_nullable: nullable,
      column_default: def,
    });
    const timestamp = 'timestamp with time zone';
    expect(columns).toEqual([
      col('appeal_update_unsubscribes', 'email_hash', 'text', 'NO'),
      col('appeal_update_unsubscribes', 'unsubscribed_at', timestamp, 'NO', 'now()'),
      col('appeal_update_unsubscribes', 'id', 'integer', 'NO', serial('appeal_update_unsubscribes')),
      col('appeal_update_unsubscribes', 'appeal_id', 'integer', 'YES'),
      col('appeal_updates', 'id', 'integer', 'NO', serial('appeal_updates')),
      col('appeal_updates', 'appeal_id', 'integer', 'NO'),
      col('appeal_updates', 'text', 'text', 'NO'),
      col('appeal_updates', 'photo_image_id', 'integer', 'YES'),
      col('appeal_updates', 'posted_at', timestamp, 'NO', 'now()'),
      col('appeal_updates', 'posted_by', 'text', 'NO'),
      col('appeal_updates', 'mailed', 'boolean', 'NO', 'false'),
      col('appeal_updates', 'mailed_count', 'integer', 'NO', '0'),
      col('appeal_updates', 'translations', 'jsonb', 'NO', "'{}'::jsonb"),
      col('appeals', 'id', 'integer', 'NO', serial('appeals')),
      col('appeals', 'slug', 'text', 'NO'),
      col('appeals', 'title', 'text', 'NO'),
      col('appeals', 'story', 'text', 'NO'),
      col('appeals', 'goal', 'integer', 'NO'),
      col('appeals', 'ends_on', 'date', 'YES'),
      col('appeals', 'purpose_class', 'text', 'NO', "'specific-grant'::text"),
      col('appeals', 'status', 'text', 'NO', "'draft'::text"),
      col('appeals', 'beyond_goal', 'text', 'YES'),
      col('appeals', 'photo_image_ids', 'jsonb', 'NO', "'[]'::jsonb"),
      col('appeals', 'video_url', 'text', 'YES'),
      col('appeals', 'vet_bill_image_id', 'integer', 'YES'),
      col('appeals', 'created_by', 'text', 'NO'),
      col('appeals', 'created_at', timestamp, 'NO', 'now()'),
      col('appeals', 'updated_by', 'text', 'NO'),
      col('appeals', 'updated_at', timestamp, 'NO', 'now()'),
      col('appeals', 'published_at', timestamp, 'YES'),
      col('appeals', 'closed_at', timestamp, 'YES'),
      col('appeals', 'translations', 'jsonb', 'NO', "'{}'::jsonb"),
      col('backups', 'id', 'integer', 'NO', serial('backups')),
      col('backups', 'taken_at', timestamp, 'NO'),
      col('backups', 'kind', 'text', 'NO'),
      col('backups', 'file', 'text', 'NO'),
      col('backups', 'size_bytes', 'bigint', 'NO'),
      col('backups', 'sha256', 'text', 'NO'),
      col('backups', 'recorded_at', timestamp, 'NO', 'now()'),
      col('backups', 'offsite_key', 'text', 'YES'),
      col('backups', 'offsite_copied_at', timestamp, 'YES'),
      col('console_settings', 'id', 'integer', 'NO'),
      col('console_settings', 'razorpay_key_id', 'text', 'YES'),
      col('console_settings', 'razorpay_key_secret', 'text', 'YES'),
      col('console_settings', 'razorpay_webhook_secret', 'text', 'YES'),
      col('console_settings', 'smtp_host', 'text', 'YES'),
      col('console_settings', 'smtp_port', 'integer', 'YES'),
      col('console_settings', 'smtp_user', 'text', 'YES'),
      col('console_settings', 'smtp_password', 'text', 'YES'),
      col('console_settings', 'mail_from_address', 'text', 'YES'),
      col('console_settings', 'mail_from_name', 'text', 'YES'),
      col('console_settings', 'version', 'integer', 'NO', '0'),
      col('console_settings', 'updated_at', timestamp, 'NO', 'now()'),
      col('console_settings', 'razorpay_checked_key_id', 'text', 'YES'),
      col('console_settings', 'razorpay_check_ok', 'boolean', 'YES'),
      col('console_settings', 'razorpay_checked_at', timestamp, 'YES'),
      col('contacts', 'id', 'integer', 'NO', serial('contacts')),
      col('contacts', 'name', 'text', 'NO'),
      col('contacts', 'email', 'text', 'NO'),
      col('contacts', 'subject', 'text', 'NO'),
      col('contacts', 'message', 'text', 'NO'),
      col('contacts', 'created_at', timestamp, 'NO', 'now()'),
      col('donation_day_totals', 'day', 'date', 'NO'),
      col('donation_day_totals', 'kept_count', 'integer', 'NO', '0'),
      col('donation_day_totals', 'kept_amount', 'bigint', 'NO', '0'),
      col('donation_day_totals', 'returned_count', 'integer', 'NO', '0'),
      col('donation_day_totals', 'returned_amount', 'bigint', 'NO', '0'),
      col('donations', 'id', 'integer', 'NO', serial('donations')),
      col('donations', 'name', 'text', 'NO'),
      col('donations', 'email', 'text', 'NO'),
      col('donations', 'phone', 'text', 'NO'),
      col('donations', 'amount', 'integer', 'NO'),
      col('donations', 'donation_type', 'text', 'NO'),
      col('donations', 'purpose', 'text', 'YES'),
      col('donations', 'razorpay_order_id', 'text', 'YES'),
      col('donations', 'razorpay_payment_id', 'text', 'YES'),
      col('donations', 'razorpay_signature', 'text', 'YES'),
      col('donations', 'status', 'text', 'NO', "'pending'::text"),
      col('donations', 'created_at', timestamp, 'NO', 'now()'),
      col('donations', 'subscription_id', 'integer', 'YES'),
      col('donations', 'address', 'text', 'YES'),
      col('donations', 'tax_id_kind', 'text', 'YES'),
      col('donations', 'tax_id_masked', 'text', 'YES'),
      col('donations', 'tax_id_encrypted', 'text', 'YES'),
      col('donations', 'mode', 'text', 'NO', "'online'::text"),
      col('donations', 'received_on', 'date', 'YES'),
      col('donations', 'reference', 'text', 'YES'),
      col('donations', 'bank', 'text', 'YES'),
      col('donations', 'instrument_date', 'date', 'YES'),
      col('donations', 'kind_description', 'text', 'YES'),
      col('donations', 'recorded_by', 'text', 'YES'),
      col('donations', 'offline_key', 'text', 'YES'),
      col('donations', 'bounced_at', timestamp, 'YES'),
      col('donations', 'bounce_reason', 'text', 'YES'),
      col('donations', 'appeal_id', 'integer', 'YES'),
      col('donations', 'tribute', 'jsonb', 'YES'),
      col('donations', 'settlement_id', 'text', 'YES'),
      col('donations', 'language', 'text', 'NO', "'en'::text"),
      col('donations', 'erased_at', timestamp, 'YES'),
      col('donations', 'refunded_amount', 'integer', 'NO', '0'),
      col('donations', 'donor_id', 'integer', 'YES'),
      col('donations', 'tax_id_hash', 'text', 'YES'),
      col('donations', 'news_consent_wish', 'boolean', 'NO', 'false'),
      col('donor_certificates', 'id', 'integer', 'NO', serial('donor_certificates')),
      col('donor_certificates', 'financial_year', 'text', 'NO'),
      col('donor_certificates', 'file_sha256', 'text', 'NO'),
      col('donor_certificates', 'file_name', 'text', 'NO'),
      col('donor_certificates', 'pdf', 'bytea', 'NO'),
      col('donor_certificates', 'donor_id_kind', 'text', 'YES'),
      col('donor_certificates', 'donor_id_masked', 'text', 'YES'),
      col('donor_certificates', 'donor_id_encrypted', 'text', 'YES'),
      col('donor_certificates', 'donor_name', 'text', 'YES'),
      col('donor_certificates', 'amount', 'integer', 'YES'),
      col('donor_certificates', 'status', 'text', 'NO', "'unmatched'::text"),
      col('donor_certificates', 'match_note', 'text', 'NO'),
      col('donor_certificates', 'donor_email', 'text', 'YES'),
      col('donor_certificates', 'uploaded_by', 'text', 'NO'),
      col('donor_certificates', 'uploaded_at', timestamp, 'NO', 'now()'),
      col('donor_certificates', 'confirmed_by', 'text', 'YES'),
      col('donor_certificates', 'confirmed_at', timestamp, 'YES'),
      col('donor_merges', 'id', 'integer', 'NO', serial('donor_merges')),
      col('donor_merges', 'into_id', 'integer', 'NO'),
      col('donor_merges', 'from_id', 'integer', 'NO'),
      col('donor_merges', 'donation_ids', 'jsonb', 'NO'),
      col('donor_merges', 'merged_donor_ids', 'jsonb', 'NO'),
      col('donor_merges', 'merged_by', 'text', 'NO'),
      col('donor_merges', 'merged_at', timestamp, 'NO', 'now()'),
      col('donor_merges', 'undone_by', 'text', 'YES'),
      col('donor_merges', 'undone_at', timestamp, 'YES'),
      col('donor_proposal_dismissals', 'donor_id', 'integer', 'NO'),
      col('donor_proposal_dismissals', 'other_donor_id', 'integer', 'NO'),
      col('donor_proposal_dismissals', 'dismissed_by', 'text', 'NO'),
      col('donor_proposal_dismissals', 'dismissed_at', timestamp, 'NO', 'now()'),
      col('donor_years', 'donor_id', 'integer', 'NO'),
      col('donor_years', 'start_year', 'smallint', 'NO'),
      col('donor_years', 'kept', 'bigint', 'NO'),
      col('donor_years', 'gifts', 'integer', 'NO'),
      col('donor_years', 'first_gift_at', timestamp, 'NO'),
      col('donor_years', 'last_gift_at', timestamp, 'NO'),
      col('donor_years', 'last_gift_amount', 'integer', 'NO'),
      col('donor_years', 'last_donation_id', 'integer', 'NO'),
      col('donor_years', 'kept_before', 'bigint', 'NO'),
      col('donor_years', 'kept_year_before', 'bigint', 'NO'),
      col('donor_years', 'kept_two_years_before', 'bigint', 'NO'),
      col('donor_years', 'next_start_year', 'smallint', 'YES'),
      col('donor_years', 'next_first_gift_at', timestamp, 'YES'),
      col('donors', 'id', 'integer', 'NO', serial('donors')),
      col('donors', 'email_key', 'text', 'YES'),
      col('donors', 'merged_into_id', 'integer', 'YES'),
      col('donors', 'created_at', timestamp, 'NO', 'now()'),
      col('donors', 'name', 'text', 'YES'),
      col('donors', 'email', 'text', 'YES'),
      col('donors', 'phone', 'text', 'YES'),
      col('donors', 'gift_count', 'integer', 'NO', '0'),
      col('donors', 'lifetime_total', 'bigint', 'NO', '0'),
      col('donors', 'largest_gift', 'integer', 'NO', '0'),
      col('donors', 'first_gift_at', timestamp, 'YES'),
      col('donors', 'last_gift_at', timestamp, 'YES'),
      col('donors', 'search_text', 'text', 'NO', "''::text"),
      col('erasure_refunds', 'payment_id', 'text', 'NO'),
      col('erasure_refunds', 'donation_id', 'integer', 'NO'),
      col('erasure_refunds', 'amount', 'integer', 'NO'),
      col('erasure_refunds', 'status', 'text', 'NO', "'due'::text"),
      col('erasure_refunds', 'recorded_at', timestamp, 'NO', 'now()'),
      col('erasure_refunds', 'refunded_at', timestamp, 'YES'),
      col('erasure_refunds', 'razorpay_refund_id', 'text', 'YES'),
      col('erasure_refunds', 'last_error', 'text', 'YES'),
      col('erasure_requests', 'id', 'integer', 'NO', serial('erasure_requests')),
      col('erasure_requests', 'email', 'text', 'NO'),
      col('erasure_requests', 'status', 'text', 'NO', "'requested'::text"),
      col('erasure_requests', 'requested_at', timestamp, 'NO', 'now()'),
      col('erasure_requests', 'completed_at', timestamp, 'YES'),
      col('erasure_requests', 'completed_by', 'text', 'YES'),
      col('erasure_requests', 'kept_receipt_ids', 'jsonb', 'NO', "'[]'::jsonb"),
      col('erasure_requests', 'retained_until', timestamp, 'YES'),
      col('erasure_requests', 'receipts_anonymised_at', timestamp, 'YES'),
      col('health_alerts', 'item', 'text', 'NO'),
      col('health_alerts', 'state', 'text', 'NO'),
      col('health_alerts', 'red_alerted_at', timestamp, 'YES'),
      col('health_alerts', 'changed_at', timestamp, 'NO', 'now()'),
      col('image_uses', 'image_id', 'integer', 'NO'),
      col('image_uses', 'used_by', 'text', 'NO'),
      col('image_variants', 'image_id', 'integer', 'NO'),
      col('image_variants', 'format', 'text', 'NO'),
      col('image_variants', 'width', 'integer', 'NO'),
      col('image_variants', 'height', 'integer', 'NO'),
      col('image_variants', 'bytes', 'integer', 'NO'),
      col('image_variants', 'data', 'bytea', 'YES'),
      col('images', 'id', 'integer', 'NO', serial('images')),
      col('images', 'hash', 'text', 'NO'),
      col('images', 'width', 'integer', 'NO'),
      col('images', 'height', 'integer', 'NO'),
      col('images', 'alt', 'text', 'NO'),
      col('images', 'source_format', 'text', 'NO'),
      col('images', 'source_bytes', 'integer', 'NO'),
      col('images', 'created_by', 'text', 'NO'),
      col('images', 'created_at', timestamp, 'NO', 'now()'),
      col('mail_outbox', 'id', 'integer', 'NO', serial('mail_outbox')),
      col('mail_outbox', 'message_id', 'text', 'NO'),
      col('mail_outbox', 'kind', 'text', 'NO'),
      col('mail_outbox', 'recipient', 'text', 'NO'),
      col('mail_outbox', 'subject', 'text', 'NO'),
      col('mail_outbox', 'text_body', 'text', 'NO'),
      col('mail_outbox', 'html_body', 'text', 'NO'),
      col('mail_outbox', 'attachments', 'jsonb', 'NO', "'[]'::jsonb"),
      col('mail_outbox', 'status', 'text', 'NO', "'queued'::text"),
      col('mail_outbox', 'attempts', 'integer', 'NO', '0'),
      col('mail_outbox', 'next_attempt_at', timestamp, 'NO', 'now()'),
      col('mail_outbox', 'last_error', 'text', 'YES'),
      col('mail_outbox', 'created_at', timestamp, 'NO', 'now()'),
      col('mail_outbox', 'sent_at', timestamp, 'YES'),
      col('mail_outbox', 'forget_once_sent', 'boolean', 'NO', 'false'),
      col('mail_outbox', 'headers', 'jsonb', 'NO', "'{}'::jsonb"),
      col('monthly_risk_episodes', 'id', 'integer', 'NO', serial('monthly_risk_episodes')),
      col('monthly_risk_episodes', 'subscription_id', 'integer', 'NO'),
      col('monthly_risk_episodes', 'status', 'text', 'NO'),
      col('monthly_risk_episodes', 'started_at', timestamp, 'NO', 'now()'),
      col('monthly_risk_episodes', 'status_changed_at', timestamp, 'NO', 'now()'),
      col('monthly_risk_episodes', 'ended_at', timestamp, 'YES'),
      col('monthly_risk_episodes', 'mail_resends', 'integer', 'NO', '0'),
      col('news_consents', 'id', 'integer', 'NO', serial('news_consents')),
      col('news_consents', 'email', 'text', 'NO'),
      col('news_consents', 'consented', 'boolean', 'NO'),
      col('news_consents', 'source', 'text', 'NO'),
      col('news_consents', 'wording_version', 'text', 'NO'),
      col('news_consents', 'donation_id', 'integer', 'YES'),
      col('news_consents', 'created_at', timestamp, 'NO', 'now()'),
      col('offsite_backup_settings', 'id', 'integer', 'NO'),
      col('offsite_backup_settings', 'endpoint', 'text', 'NO'),
      col('offsite_backup_settings', 'region', 'text', 'NO'),
      col('offsite_backup_settings', 'bucket', 'text', 'NO'),
      col('offsite_backup_settings', 'access_key_id', 'text', 'NO'),
      col('offsite_backup_settings', 'secret_access_key', 'text', 'NO'),
      col('offsite_backup_settings', 'secret_last4', 'text', 'NO'),
      col('offsite_backup_settings', 'public_key', 'text', 'YES'),
      col('offsite_backup_settings', 'key_salt', 'text', 'YES'),
      col('offsite_backup_settings', 'updated_by', 'text', 'NO'),
      col('offsite_backup_settings', 'updated_at', timestamp, 'NO', 'now()'),
      col('offsite_backup_settings', 'last_copied_at', timestamp, 'YES'),
      col('offsite_backup_settings', 'last_copied_key', 'text', 'YES'),
      col('offsite_backup_settings', 'last_error', 'text', 'YES'),
      col('offsite_backup_settings', 'last_error_at', timestamp, 'YES'),
      col('offsite_backup_settings', 'age_recipient', 'text', 'YES'),
      col('offsite_backup_settings', 'signing_key', 'text', 'YES'),
      col('offsite_backup_settings', 'sealed_key', 'text', 'YES'),
      col('rate_limit_counters', 'key', 'text', 'NO'),
      col('rate_limit_counters', 'window_ends_at', timestamp, 'NO'),
      col('rate_limit_counters', 'count', 'integer', 'NO'),
      col('rate_limit_counters', 'max_count', 'integer', 'NO'),
      col('razorpay_plans', 'id', 'integer', 'NO', serial('razorpay_plans')),
      col('razorpay_plans', 'amount', 'integer', 'NO'),
      col('razorpay_plans', 'razorpay_plan_id', 'text', 'NO'),
      col('razorpay_plans', 'created_at', timestamp, 'NO', 'now()'),
      col('razorpay_plans', 'key_id', 'text', 'NO'),
      col('receipt_counters', 'financial_year', 'text', 'NO'),
      col('receipt_counters', 'last_number', 'integer', 'NO'),
      col('receipts', 'id', 'integer', 'NO', serial('receipts')),
      col('receipts', 'number', 'text', 'NO'),
      col('receipts', 'financial_year', 'text', 'NO'),
      col('receipts', 'sequence', 'integer', 'NO'),
      col('receipts', 'payment_id', 'text', 'NO'),
      col('receipts', 'donation_id', 'integer', 'NO'),
      col('receipts', 'amount', 'integer', 'NO'),
      col('receipts', 'purpose', 'text', 'YES'),
      col('receipts', 'donor_name', 'text', 'NO'),
      col('receipts', 'donor_email', 'text', 'NO'),
      col('receipts', 'donor_address', 'text', 'YES'),
      col('receipts', 'donor_id_kind', 'text', 'YES'),
      col('receipts', 'donor_id_masked', 'text', 'YES'),
      col('receipts', 'donor_id_encrypted', 'text', 'YES'),
      col('receipts', 'trust', 'jsonb', 'NO'),
      col('receipts', 'status', 'text', 'NO', "'issued'::text"),
      col('receipts', 'issued_at', timestamp, 'NO'),
      col('receipts', 'cancelled_at', timestamp, 'YES'),
      col('receipts', 'cancellation_reason', 'text', 'YES'),
      col('receipts', 'mode', 'text', 'NO', "'online'::text"),
      col('receipts', 'kind_description', 'text', 'YES'),
      col('receipts', 'mode_reference', 'text', 'YES'),
      col('receipts', 'appeal_id', 'integer', 'YES'),
      col('receipts', 'appeal_title', 'text', 'YES'),
      col('receipts', 'tribute', 'jsonb', 'YES'),
      col('receipts', 'language', 'text', 'NO', "'en'::text"),
      col('receipts', 'replaces_receipt_id', 'integer', 'YES'),
      col('settlement_entries', 'entity_id', 'text', 'NO'),
      col('settlement_entries', 'settlement_id', 'text', 'NO'),
      col('settlement_entries', 'type', 'text', 'NO'),
      col('settlement_entries', 'payment_id', 'text', 'YES'),
      col('settlement_entries', 'gross', 'integer', 'NO'),
      col('settlement_entries', 'fee', 'integer', 'NO'),
      col('settlement_entries', 'tax', 'integer', 'NO'),
      col('settlement_entries', 'adjustment', 'integer', 'NO'),
      col('settlement_entries', 'net', 'integer', 'NO'),
      col('settlement_entries', 'occurred_at', timestamp, 'NO'),
      col('settlements', 'id', 'text', 'NO'),
      col('settlements', 'settled_at', timestamp, 'NO'),
      col('settlements', 'utr', 'text', 'YES'),
      col('settlements', 'amount', 'integer', 'NO'),
      col('settlements', 'fee', 'integer', 'NO'),
      col('settlements', 'tax', 'integer', 'NO'),
      col('settlements', 'adjustments', 'integer', 'YES'),
      col('settlements', 'entries_fetched_at', timestamp, 'YES'),
      col('settlements', 'recorded_at', timestamp, 'NO', 'now()'),
      col('settlements', 'lines_payments', 'integer', 'YES'),
      col('settlements', 'lines_refunds', 'integer', 'YES'),
      col('settlements', 'lines_gross', 'integer', 'YES'),
      col('settlements', 'lines_fee', 'integer', 'YES'),
      col('settlements', 'lines_tax', 'integer', 'YES'),
      col('settlements', 'lines_net', 'integer', 'YES'),
      col('site_content_versions', 'id', 'integer', 'NO', serial('site_content_versions')),
      col('site_content_versions', 'content', 'jsonb', 'NO'),
      col('site_content_versions', 'status', 'text', 'NO', "'draft'::text"),
      col('site_content_versions', 'author', 'text', 'NO'),
      col('site_content_versions', 'created_at', timestamp, 'NO', 'now()'),
      col('site_content_versions', 'published_at', timestamp, 'YES'),
      col('site_content_versions', 'published_by', 'text', 'YES'),
      col('staff_audit', 'id', 'integer', 'NO', serial('staff_audit')),
      col('staff_audit', 'at', timestamp, 'NO', 'now()'),
      col('staff_audit', 'user_id', 'integer', 'YES'),
      col('staff_audit', 'username', 'text', 'NO'),
      col('staff_audit', 'action', 'text', 'NO'),
      col('staff_audit', 'ip', 'text', 'NO'),
      col('staff_audit', 'details', 'jsonb', 'YES'),
      col('staff_devices', 'token_hash', 'text', 'NO'),
      col('staff_devices', 'user_id', 'integer', 'NO'),
      col('staff_devices', 'created_at', timestamp, 'NO', 'now()'),
      col('staff_devices', 'last_used_at', timestamp, 'NO', 'now()'),
      col('staff_sessions', 'id', 'integer', 'NO', serial('staff_sessions')),
      col('staff_sessions', 'user_id', 'integer', 'NO'),
      col('staff_sessions', 'token_hash', 'text', 'NO'),
      col('staff_sessions', 'created_at', timestamp, 'NO', 'now()'),
      col('staff_sessions', 'last_seen_at', timestamp, 'NO', 'now()'),
      col('staff_sessions', 'ip', 'text', 'NO'),
      col('staff_setup_tokens', 'id', 'integer', 'NO', serial('staff_setup_tokens')),
      col('staff_setup_tokens', 'token_hash', 'text', 'NO'),
      col('staff_setup_tokens', 'created_at', timestamp, 'NO', 'now()'),
      col('staff_setup_tokens', 'expires_at', timestamp, 'NO'),
      col('staff_setup_tokens', 'used_at', timestamp, 'YES'),
      col('staff_sign_in_failures', 'id', 'integer', 'NO', serial('staff_sign_in_failures')),
      col('staff_sign_in_failures', 'username', 'text', 'NO'),
      col('staff_sign_in_failures', 'ip', 'text', 'NO'),
      col('staff_sign_in_failures', 'at', timestamp, 'NO', 'now()'),
      col('staff_sign_in_failures', 'device_hash', 'text', 'YES'),
      col('statement_purposes', 'purpose', 'text', 'NO'),
      col('statement_purposes', 'donation_type', 'text', 'NO'),
      col('statement_purposes', 'updated_at', timestamp, 'NO', 'now()'),
      col('statement_reviews', 'financial_year', 'text', 'NO'),
      col('statement_reviews', 'id_hash', 'text', 'NO'),
      col('statement_reviews', 'receipt_id', 'integer', 'NO'),
      col('statement_reviews', 'people', 'jsonb', 'NO'),
      col('statement_reviews', 'resolved_by', 'text', 'NO'),
      col('statement_reviews', 'resolved_at', timestamp, 'NO', 'now()'),
      col('subscriptions', 'id', 'integer', 'NO', serial('subscriptions')),
      col('subscriptions', 'donation_id', 'integer', 'YES'),
      col('subscriptions', 'razorpay_subscription_id', 'text', 'YES'),
      col('subscriptions', 'razorpay_plan_id', 'text', 'YES'),
      col('subscriptions', 'status', 'text', 'NO', "'created'::text"),
      col('subscriptions', 'created_at', timestamp, 'NO', 'now()'),
      col('thank_you_calls', 'donation_id', 'integer', 'NO'),
      col('thank_you_calls', 'called_by', 'text', 'NO'),
      col('thank_you_calls', 'called_at', timestamp, 'NO', 'now()'),
      col('thanks_settings', 'id', 'integer', 'NO'),
      col('thanks_settings', 'threshold', 'integer', 'NO', '1000000'),
      col('thanks_settings', 'updated_by', 'text', 'YES'),
      col('thanks_settings', 'updated_at', timestamp, 'NO', 'now()'),
      col('trust_settings', 'id', 'integer', 'NO'),
      col('trust_settings', 'name', 'text', 'NO'),
      col('trust_settings', 'address', 'text', 'NO'),
      col('trust_settings', 'pan', 'text', 'NO'),
      col('trust_settings', 'registration_80g', 'text', 'NO'),
      col('trust_settings', 'approved_on', 'text', 'NO'),
      col('trust_settings', 'validity', 'text', 'NO'),
      col('trust_settings', 'signatory_name', 'text', 'NO'),
      col('trust_settings', 'signatory_title', 'text', 'NO'),
      col('trust_settings', 'receipt_prefix', 'text', 'NO'),
      col('trust_settings', 'updated_at', timestamp, 'NO', 'now()'),
      col('users', 'id', 'integer', 'NO', serial('users')),
      col('users', 'username', 'text', 'NO'),
      col('users', 'password', 'text', 'NO'),
      col('users', 'display_name', 'text', 'NO', "''::text"),
      col('users', 'role', 'text', 'NO', "'staff'::text"),
      col('users', 'disabled', 'boolean', 'NO', 'false'),
      col('users', 'created_at', timestamp, 'NO', 'now()'),
      col('users', 'last_sign_in_at', timestamp, 'YES'),
      col('users', 'email', 'text', 'YES'),
      col('webhook_deliveries', 'slot', 'integer', 'NO'),
      col('webhook_deliveries', 'seq', 'bigint', 'NO'),
      col('webhook_deliveries', 'received_at', timestamp, 'NO'),
      col('webhook_deliveries', 'event_type', 'text', 'YES'),
      col('webhook_deliveries', 'verified', 'boolean', 'NO'),
      col('webhook_deliveries', 'names_own_payment', 'boolean', 'NO', 'false'),
      col('webhook_events', 'id', 'text', 'NO'),
      col('webhook_events', 'type', 'text', 'NO'),
      col('webhook_events', 'received_at', timestamp, 'NO', 'now()'),
      col('webhook_events', 'payload', 'jsonb', 'NO'),
      col('webhook_events', 'outcome', 'text', 'YES'),
      col('webhook_events', 'order_id', 'text', 'YES'),
    ]);
  });

  it('creates the keys and indexes the payment flows rely on', async () => {
    const indexes = await query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename <> 'mikro_orm_migrations'
        order by indexname`,
    );
    const definitions = Object.fromEntries(indexes.map((index) => [index.indexname, index.indexdef]));
    expect(definitions.users_username_unique).toMatch(/CREATE UNIQUE INDEX .* \(username\)/);
    expect(definitions.donations_razorpay_payment_id_unique).toMatch(/CREATE UNIQUE INDEX .* \(razorpay_payment_id\)/);
    expect(definitions.donations_razorpay_order_id_index).toMatch(/CREATE INDEX .* \(razorpay_order_id\)/);
    expect(definitions.subscriptions_razorpay_subscription_id_unique).toMatch(
      /CREATE UNIQUE INDEX .* \(razorpay_subscription_id\)/,
    );
    // One first receipt per payment; a receipt issued after a partial refund replaces it (Migration20261127131000).
    expect(definitions.receipts_payment_id_unique).toMatch(
      /CREATE UNIQUE INDEX .* \(payment_id\) WHERE \(replaces_receipt_id IS NULL\)$/,
    );
    expect(definitions.receipts_number_unique).toMatch(/CREATE UNIQUE INDEX .* \(number\)/);
    expect(definitions.mail_outbox_message_id_unique).toMatch(/CREATE UNIQUE INDEX .* \(message_id\)/);
    // The health list's mail check (Migration20261127190000).
    expect(definitions.mail_outbox_status_created_at_index).toMatch(/\(status, created_at\)$/);
    expect(definitions.images_hash_unique).toMatch(/CREATE UNIQUE INDEX .* \(hash\)/);
    // The console on an old trust (Migration20261125120000): sorts with their tie-breaker, the
    // overview's sums from the index, one search index, a donation's story by its events.
    expect(definitions.donations_amount_index).toMatch(/CREATE INDEX .* \(amount, id\)$/);
    expect(definitions.donations_status_created_at_index).toMatch(/\(status, created_at\) INCLUDE \(amount\)$/);
    expect(definitions.donations_contact_trgm_index).toMatch(
      /USING gin \(\(\(\(\(\(name \|\| chr\(31\)\) \|\| email\)/,
    );
    expect(definitions.donations_reference_index).toMatch(/\(reference\) WHERE \(reference IS NOT NULL\)$/);
    expect(definitions.webhook_events_failed_order_id_index).toMatch(
      /\(order_id\) WHERE \(type = 'payment.failed'::text\)$/,
    );
    expect(definitions.webhook_events_payment_id_index).toMatch(
      /btree \(\(\(payload #>> '\{payload,payment,entity,id\}'::text\[\]\)\)\)$/,
    );

    const foreignKeys = await query<Record<string, string>>(
      `select tc.table_name, kcu.column_name, ccu.table_name as foreign_table, ccu.column_name as foreign_column
         from information_schema.table_constraints tc
         join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name
         join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`,
    );
    expect(foreignKeys).toEqual(
      expect.arrayContaining([
        { table_name: 'subscriptions', column_name: 'donation_id', foreign_table: 'donations', foreign_column: 'id' },
        { table_name: 'staff_sessions', column_name: 'user_id', foreign_table: 'users', foreign_column: 'id' },
        { table_name: 'staff_devices', column_name: 'user_id', foreign_table: 'users', foreign_column: 'id' },
        {
          table_name: 'settlement_entries',
          column_name: 'settlement_id',
          foreign_table: 'settlements',
          foreign_column: 'id',
        },
        { table_name: 'image_variants', column_name: 'image_id', foreign_table: 'images', foreign_column: 'id' },
        { table_name: 'image_uses', column_name: 'image_id', foreign_table: 'images', foreign_column: 'id' },
        { table_name: 'donations', column_name: 'appeal_id', foreign_table: 'appeals', foreign_column: 'id' },
        { table_name: 'appeal_updates', column_name: 'appeal_id', foreign_table: 'appeals', foreign_column: 'id' },
        {
          table_name: 'appeal_update_unsubscribes',
          column_name: 'appeal_id',
          foreign_table: 'appeals',
          foreign_column: 'id',
        },
        {
          table_name: 'monthly_risk_episodes',
          column_name: 'subscription_id',
          foreign_table: 'subscriptions',
          foreign_column: 'id',
        },
        { table_name: 'thank_you_calls', column_name: 'donation_id', foreign_table: 'donations', foreign_column: 'id' },
        { table_name: 'donations', column_name: 'donor_id', foreign_table: 'donors', foreign_column: 'id' },
        { table_name: 'donors', column_name: 'merged_into_id', foreign_table: 'donors', foreign_column: 'id' },
      ]),
    );
    expect(foreignKeys).toHaveLength(13);
  });

  it('lets many rows have no payment id yet, but never two rows the same one', async () => {
    const insert = (paymentId: string | null) =>
      query(
        `insert into donations (name, email, phone, amount, donation_type, razorpay_payment_id)
         values ('A', 'a@example.com', '9876543210', 50000, 'one-time', ${paymentId ? `'${paymentId}'` : 'null'})`,
      );
    await insert(null);
    await insert(null);
    await insert('pay_1');
    await expect(insert('pay_1')).rejects.toThrow(/donations_razorpay_payment_id_unique/);
  });

  it('accepts only the states of src/shared/donation-states.ts', async () => {
    const insertDonation = (type: string, status: string) =>
      query(
        `insert into donations (name, email, phone, amount, donation_type, status)
         values ('A', 'a@example.com', '9876543210', 50000, '${type}', '${status}') returning id`,
      );
    await expect(insertDonation('yearly', 'pending')).rejects.toThrow(/donations_donation_type_check/);
    await expect(insertDonation('one-time', 'lost')).rejects.toThrow(/donations_status_check/);
    const [donation] = await insertDonation('monthly', 'pending');
    const insertSubscription = (status: string) =>
      query(`insert into subscriptions (donation_id, status) values (${(donation as { id: number }).id}, '${status}')`);
    await expect(insertSubscription('paying')).rejects.toThrow(/subscriptions_status_check/);
    await insertSubscription('paused');
  });

  it('has nothing left to generate: the entities and the migrations agree', async () => {
    expect(await db.orm.getSchemaGenerator().getUpdateSchemaSQL()).toBe('');
  });

  it('stores a donation through the ORM with the database defaults', async () => {
    const em = db.orm.em.fork();
    const donation = em.create(Donation, {
      name: 'Asha',
      email: 'asha@example.com',
      phone: '9876543210',
      amount: 100000,
      donationType: 'one-time',
    });
    await em.flush();
    const stored = await db.orm.em.fork().findOneOrFail(Donation, donation.id);
    expect(stored.status).toBe('pending');
    expect(stored.purpose).toBeNull();
    expect(stored.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(stored.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('lets instances that start together take turns migrating', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      const orms = await Promise.all([1, 2, 3].map(() => openDatabase(fresh.url, ENTITIES)));
      const [row] = await fresh.orm.em
        .getConnection()
        .execute<{ count: string }[]>('select count(*) from mikro_orm_migrations');
      expect(Number(row?.count)).toBe(migrations.length);
      await Promise.all(orms.map((orm) => orm.close()));
    } finally {
      await fresh.drop();
    }
  });
});
