import type { EntityManager } from '@mikro-orm/postgresql';
import { isoTime } from '../db/sql-time';

export type AuditAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_in_locked'
  | 'sign_out'
  | 'export'
  | 'subscription_cancelled'
  | 'staff_added'
  | 'first_admin_created'
  | 'staff_disabled'
  | 'staff_enabled'
  | 'password_reset'
  | 'password_changed'
  | 'staff_email_set'
  | 'statement_export'
  | 'statement_purpose_set'
  | 'statement_review_resolved'
  | 'donor_subscription_cancelled'
  | 'donor_monthly_amount_changed'
  | 'donor_monthly_paused'
  | 'donor_monthly_resumed'
  | 'donor_monthly_cancel_at_cycle_end'
  | 'donor_new_mandate_started'
  | 'donor_new_mandate_authorised'
  | 'donor_data_exported'
  | 'erasure_requested'
  | 'erasure_completed'
  | 'retention_anonymised'
  | 'trust_details_updated'
  | 'certificates_uploaded'
  | 'certificate_assigned'
  | 'certificates_sent'
  | 'certificate_downloaded'
  | 'certificates_printed'
  | 'offline_gift_recorded'
  | 'offline_gift_bounced'
  | 'offline_gifts_imported'
  | 'site_content_draft_saved'
  | 'site_content_published'
  | 'image_uploaded'
  | 'image_alt_changed'
  | 'image_deleted'
  | 'appeal_created'
  | 'appeal_edited'
  | 'appeal_published'
  | 'appeal_closed'
  | 'appeal_update_posted'
  | 'appeal_update_translated'
  | 'segment_mailed'
  | 'settings_changed'
  | 'settings_test_mail_sent'
  | 'offsite_backups_set_up'
  | 'backup_requested'
  | 'backup_downloaded'
  | 'donors_merged'
  | 'donor_merge_undone'
  | 'donor_proposal_dismissed'
  | 'monthly_at_risk_mail_resent'
  | 'thank_you_ticked'
  | 'thank_you_unticked'
  | 'thanks_threshold_set'
  | 'animal_created'
  | 'animal_edited'
  | 'animal_moved'
  | 'animal_vaccination_recorded'
  | 'application_status_changed'
  | 'application_assigned'
  | 'application_note_added'
  | 'application_mailed'
  | 'application_templates_saved'
  | 'application_erased'
  | 'applications_keep_period_set'
  | 'sponsorship_opened'
  | 'sponsorship_closed'
  | 'sponsor_update_posted'
  | 'sponsor_gift_moved';

/** Who acted: `userId` null for a failed sign-in on a name no account has. */
export interface Actor {
  userId: number | null;
  username: string;
  ip: string;
}

/** Written in the caller's transaction when there is one: an action rolled back leaves no entry. */
export async function audit(
  em: EntityManager,
  actor: Actor,
  action: AuditAction,
  details: Record<string, unknown> | null = null,
): Promise<void> {
  await em.execute('insert into staff_audit (user_id, username, action, ip, details) values (?, ?, ?, ?, ?)', [
    actor.userId,
    actor.username,
    action,
    actor.ip,
    details === null ? null : JSON.stringify(details),
  ]);
}

export interface AuditRow {
  id: number;
  /** ISO-8601 UTC. */
  at: string;
  userId: number | null;
  username: string;
  action: string;
  ip: string;
  details: Record<string, unknown> | null;
}

/** Newest first, a page at a time. */
export async function listAudit(
  em: EntityManager,
  input: { page: number; pageSize: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const rows = await em.execute<AuditRow[]>(
    `select id, ${isoTime('at')} as at, user_id as "userId", username, action, ip, details from staff_audit
      order by at desc, id desc limit ? offset ?`,
    [input.pageSize, (input.page - 1) * input.pageSize],
  );
  const [count] = await em.execute<{ total: string }[]>('select count(*) as total from staff_audit');
  return { rows, total: Number(count?.total ?? 0) };
}
