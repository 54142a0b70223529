import type { EntityManager } from '@mikro-orm/postgresql';
import { ownApplications } from '../../animals/applications/applicant-data';
import { erasureRequestsOfSql } from '../../gifts/donor-keys/person-of-address';
import { audit } from '../../platform/audit/audit';
import { isoTime } from '../../platform/db/sql-time';
import { type DonorActor, donorAuditActor } from './donor-actor';
import { OWN_RECEIPT } from './donor-receipts';

/**
 * Everything the trust holds about a donor (DPDP Act 2023, right to information), as JSON: their
 * donations as given, receipts (ID numbers masked, as printed), monthly gifts, messages sent to
 * them and their requests. Each download is in the audit trail.
 */
export async function exportDonorData(em: EntityManager, donor: DonorActor) {
  const { email } = donor;
  const donations = await em.execute(
    `select id, name, email, phone, amount, donation_type as "donationType", purpose, status,
            razorpay_payment_id as "paymentId", ${isoTime('created_at')} as "createdAt"
       from donations where lower(email) = ? order by id`,
    [email],
  );
  const receipts = await em.execute(
    `select r.number, r.financial_year as "financialYear", r.amount, r.purpose, r.donor_name as "name",
            r.donor_email as "email", r.donor_address as "address", r.donor_id_kind as "idKind",
            r.donor_id_masked as "idMasked", r.status, ${isoTime('r.issued_at')} as "issuedAt",
            ${isoTime('r.cancelled_at')} as "cancelledAt"
       from receipts r where ${OWN_RECEIPT} order by r.id`,
    [email],
  );
  const monthlyGifts = await em.execute(
    `select s.id, s.status, s.razorpay_subscription_id as "subscriptionId", ${isoTime('s.created_at')} as "createdAt"
       from subscriptions s join donations d on d.id = s.donation_id where lower(d.email) = ? order by s.id`,
    [email],
  );
  const messages = await em.execute(
    `select kind, subject, status, ${isoTime('created_at')} as "createdAt", ${isoTime('sent_at')} as "sentAt"
       from mail_outbox where lower(recipient) = ? order by id`,
    [email],
  );
  const contactMessages = await em.execute(
    `select name, email, subject, message, ${isoTime('created_at')} as "createdAt" from contacts where lower(email) = ? order by id`,
    [email],
  );
  const erasureRequests = await em.execute(
    `select er.id, er.status, ${isoTime('er.requested_at')} as "requestedAt" from ${erasureRequestsOfSql('?')} order by er.id`,
    [email],
  );
  const applications = await ownApplications(em, email);
  await audit(em, donorAuditActor(donor), 'donor_data_exported', {
    donations: donations.length,
    receipts: receipts.length,
  });
  return {
    exportedAt: new Date().toISOString(),
    email,
    donations,
    receipts,
    monthlyGifts,
    messages,
    contactMessages,
    erasureRequests,
    applications,
  };
}
