// Over 250 lines on purpose: one erasure, run as one transaction after the monthly gifts are stopped at
// Razorpay; every table it touches is in this file so that a reader sees all that an erasure removes.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriptionStatus } from '../../../shared/donation-states';
import { formatIndiaDate } from '../../../shared/financial-year';
import { financialYearStarting } from '../../../shared/india-time';
import { RECEIPT_RETENTION_YEARS } from '../../../shared/policy-pages';
import { eraseApplicationsOf } from '../../animals/applications/application-erasure';
import { erasureRequestsOfSql } from '../../gifts/donor-keys/person-of-address';
import type { PaymentGateway } from '../../gifts/payments/gateway';
import { cancelSubscription } from '../../gifts/settlement/cancel-subscription';
import type { DonorLinks } from '../../gifts/settlement/donor-notices';
import { closeOrdersOfErasedDonor } from '../../gifts/settlement/paid-after-erasure';
import { isFinalSubscriptionStatus } from '../../gifts/settlement/subscription-status';
import { eraseDonorCertificates } from '../../papers/certificates/erase-certificates';
import { type Actor, audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { isoTime } from '../../platform/db/sql-time';
import { enqueueMail } from '../../platform/mail/outbox';
import { erasureCompletedMail } from '../../platform/mail/templates';
import { ERASED, ERASED_EMAIL } from '../../platform/personal-data/erased';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { publishedContact } from '../../platform/site-content/published-contact';
import { type DonorActor, donorAuditActor } from '../donor-page/donor-actor';
import { erasureReach } from './erasure-reach';
import { ErasureRequest } from './erasure-request.entity';
import { scrubJson } from './scrub-json';

/** The tax law keeps receipts (and what the statement reported) for this long after their year ends; the privacy notice says so. */
export const RETENTION_YEARS = RECEIPT_RETENTION_YEARS;
/** A list of ids bound as one JSON parameter (a JS array would be spread into several). */
const JSON_INTS = '(select value::int from jsonb_array_elements_text(?::jsonb))';
/** A list of strings bound the same way. */
const JSON_TEXTS = '(select value from jsonb_array_elements_text(?::jsonb))';

/**
 * A donor asks to be forgotten; asking again while a request waits returns that request, asked
 * from this address or another of their donor record's (gifts/donor-keys/person-of-address.ts).
 */
export async function requestErasure(em: EntityManager, donor: DonorActor) {
  const [waiting] = await em.execute<{ id: number }[]>(
    `select er.id from ${erasureRequestsOfSql('?')} and er.status = 'requested' order by er.id limit 1`,
    [donor.email],
  );
  if (waiting) return { id: waiting.id, status: 'requested' as const };
  const request = em.create(ErasureRequest, { email: donor.email });
  await em.flush();
  await audit(em, donorAuditActor(donor), 'erasure_requested', { requestId: request.id });
  return { id: request.id, status: request.status };
}

/** A request as the console lists it; times are ISO strings. */
export interface ErasureRequestRow {
  id: number;
  /** The donor's address while the request waits; `erased` once completed. */
  email: string;
  status: 'requested' | 'completed';
  requestedAt: string;
  completedAt: string | null;
  completedBy: string | null;
  keptReceipts: number;
  retainedUntil: string | null;
  receiptsAnonymisedAt: string | null;
}

/** Every request, waiting ones first; a completed one no longer shows whose it was. */
export async function listErasureRequests(em: EntityManager) {
  return em.execute<ErasureRequestRow[]>(
    `select id, email, status, ${isoTime('requested_at')} as "requestedAt", ${isoTime('completed_at')} as "completedAt",
            completed_by as "completedBy", jsonb_array_length(kept_receipt_ids) as "keptReceipts",
            ${isoTime('retained_until')} as "retainedUntil", ${isoTime('receipts_anonymised_at')} as "receiptsAnonymisedAt"
       from erasure_requests order by status = 'completed', requested_at desc, id desc`,
  );
}

/** The end of the retention period of a receipt of this financial year (`2026-27` → 1 April 2035, India time). */
export function retentionEnd(financialYear: string): Date {
  return financialYearStarting(Number(financialYear.slice(0, 4)) + 1 + RETENTION_YEARS).start;
}

/**
 * What erasing a donor needs besides the database: Razorpay, to stop their monthly gifts first; the
 * cipher, to find their certificates by the ID numbers they gave.
 */
export interface ErasureDeps {
  gateway: Pick<PaymentGateway, 'cancelSubscription'>;
  donorLinks: DonorLinks;
  cipher: FieldCipher;
}

interface MonthlyGift {
  id: number;
  status: SubscriptionStatus;
  razorpaySubscriptionId: string | null;
  amount: number;
}

/** The donor's monthly gifts that could still charge them: not cancelled, completed or expired. */
async function liveMonthlyGifts(em: EntityManager, donationIds: number[]): Promise<MonthlyGift[]> {
  const rows = await em.execute<MonthlyGift[]>(
    `select s.id, s.status, s.razorpay_subscription_id as "razorpaySubscriptionId", d.amount
       from subscriptions s join donations d on d.id = s.donation_id where d.id in ${JSON_INTS} order by s.id`,
    [JSON.stringify(donationIds)],
  );
  return rows.filter((gift) => !isFinalSubscriptionStatus(gift.status));
}

/**
 * Stops every monthly gift of the donor at Razorpay (gifts/settlement/cancel-subscription.ts, as the
 * console and the donor page do), each committed on its own: a cancellation Razorpay has made must
 * stay recorded even if the erasure then waits. Razorpay unreachable: the erasure waits, and says so.
 */
async function stopMonthlyGifts(em: EntityManager, deps: ErasureDeps, email: string): Promise<MonthlyGift[]> {
  const stopped: MonthlyGift[] = [];
  const { donationIds } = await erasureReach(em, email);
  for (const gift of await liveMonthlyGifts(em, donationIds)) {
    // Never started at Razorpay (no subscription id): there is nothing there that could charge.
    if (!gift.razorpaySubscriptionId) continue;
    const outcome = await cancelSubscription(em.fork(), deps, gift);
    if (outcome.ok) {
      stopped.push(gift);
      continue;
    }
    // A colleague's completion of the same request (or the donor) may have cancelled it meanwhile.
    const [now] = await em.execute<{ status: SubscriptionStatus }[]>('select status from subscriptions where id = ?', [
      gift.id,
    ]);
    if (now && isFinalSubscriptionStatus(now.status)) continue;
    throw new DomainError(
      'BAD_GATEWAY',
      `Razorpay did not cancel the donor's monthly gift ${gift.id}, so nothing was erased: the erasure waits until their monthly gifts can be stopped. Try again later.`,
      { cause: outcome.cause },
    );
  }
  return stopped;
}

/**
 * Erases a donor everywhere but on the receipts the tax law keeps: their donor record's e-mail key, donation rows (subscriptions
 * reach the donor only through them; their unpaid orders closed, gifts/settlement/paid-after-erasure.ts), contact messages, mails, certificates of donation
 * (papers/certificates/erase-certificates.ts), webhook payloads and the audit trail's details. Their monthly gifts are stopped at Razorpay first, and their last mail (what was
 * stopped, erased and kept) is queued to an address the outbox forgets once it is sent. The
 * receipts are listed on the request for the retention job (retention.ts).
 *
 * Everything from the request's row lock to the audit entry is one transaction: a failure erases
 * nothing, and a second completion of the same request waits for the first, then is refused.
 */
export async function completeErasure(
  em: EntityManager,
  deps: ErasureDeps,
  actor: Actor,
  id: number,
  now: Date = new Date(),
) {
  const [waiting] = await em.execute<{ email: string; status: string }[]>(
    'select email, status from erasure_requests where id = ?',
    [id],
  );
  if (!waiting) throw new DomainError('NOT_FOUND', `No erasure request ${id}`);
  if (waiting.status !== 'requested') throw new DomainError('CONFLICT', 'Already completed');
  const stopped = await stopMonthlyGifts(em, deps, waiting.email);

  return em.transactional(async (tx) => {
    const [request] = await tx.execute<{ email: string; status: string }[]>(
      'select email, status from erasure_requests where id = ? for update',
      [id],
    );
    if (!request) throw new DomainError('NOT_FOUND', `No erasure request ${id}`);
    if (request.status !== 'requested') throw new DomainError('CONFLICT', 'Already completed');
    const { email } = request;
    // The person, not one spelling of their address: every gift of their donor record (erasure-reach.ts).
    const reach = await erasureReach(tx, email);
    const emails = JSON.stringify(reach.emails);
    // A monthly gift started between the cancellations and this lock: stop it first, then erase.
    if ((await liveMonthlyGifts(tx, reach.donationIds)).some((gift) => gift.razorpaySubscriptionId)) {
      throw new DomainError('CONFLICT', 'The donor started a monthly gift just now: complete the erasure again');
    }

    const donations = await tx.execute<
      { id: number; name: string; phone: string; ids: string[]; tax_id_encrypted: string | null }[]
    >(
      `select id, name, phone, array_remove(array[razorpay_payment_id, razorpay_order_id], null) as ids, tax_id_encrypted
         from donations where id in ${JSON_INTS} order by id desc`,
      [JSON.stringify(reach.donationIds)],
    );
    const donationIds = donations.map((donation) => donation.id);
    const personal = [...reach.emails, ...new Set(donations.flatMap((donation) => [donation.name, donation.phone]))];
    const providerIds = donations.flatMap((donation) => donation.ids);

    const receipts = await tx.execute<{ id: number; financial_year: string; donor_id_encrypted: string | null }[]>(
      `select id, financial_year, donor_id_encrypted from receipts
        where lower(donor_email) in ${JSON_TEXTS} or donation_id in ${JSON_INTS} order by id`,
      [emails, JSON.stringify(donationIds)],
    );
    const retainedUntil = receipts.length
      ? new Date(Math.max(...receipts.map((receipt) => retentionEnd(receipt.financial_year).getTime())))
      : null;

    await tx.execute(
      `update donations set name = 'Erased donor', email = 'erased-' || id || '@erased.invalid', phone = '0000000000'
        where id in ${JSON_INTS}`,
      [JSON.stringify(donationIds)],
    );
    await eraseOptionalDonationColumns(tx, donationIds);
    // The donor record: its key goes (a later gift from the address starts a new record), and its
    // name, e-mail and phone are now the erased gifts' (the rollups' trigger read them just above).
    await tx.execute(`update donors set email_key = null where id in ${JSON_INTS}`, [JSON.stringify(reach.donorIds)]);
    // Their checkouts still open are closed: a payment arriving on one later is refunded, never receipted.
    const unpaidOrdersClosed = await closeOrdersOfErasedDonor(tx, donationIds, now);
    // A tribute names someone close to the donor (their mother, their dog): erased with them.
    await tx.execute(`update donations set tribute = null where id in ${JSON_INTS} and tribute is not null`, [
      JSON.stringify(donationIds),
    ]);
    const [contacts] = await tx.execute<{ count: number }[]>(
      `with erased as (update contacts set name = 'Erased', email = ?, subject = ?, message = ?
        where lower(email) in ${JSON_TEXTS} returning 1) select count(*)::int as count from erased`,
      [ERASED_EMAIL, ERASED, ERASED, emails],
    );
    const [mails] = await tx.execute<{ count: number }[]>(
      `with erased as (update mail_outbox set recipient = ?, subject = ?, text_body = ?, html_body = ?, attachments = '[]',
          status = case when status = 'queued' then 'failed' else status end,
          last_error = case when status = 'queued' then 'erased at the donor''s request' else last_error end
        where lower(recipient) in ${JSON_TEXTS} returning 1) select count(*)::int as count from erased`,
      [ERASED_EMAIL, ERASED, ERASED, ERASED, emails],
    );
    const encryptedIds = [
      ...donations.map((row) => row.tax_id_encrypted),
      ...receipts.map((row) => row.donor_id_encrypted),
    ].filter((stored): stored is string => stored !== null);
    let certificates = 0;
    for (const spelling of reach.emails) {
      certificates += await eraseDonorCertificates(tx, deps.cipher, { email: spelling, encryptedIds });
    }
    // Their applications to adopt, foster, volunteer or partner, with their steps and a partner's contacts row.
    const applications = await eraseApplicationsOf(tx, actor, reach.emails);
    // What they agreed to about news goes with them: no address, no record of it.
    await tx.execute(`delete from news_consents where lower(email) in ${JSON_TEXTS}`, [emails]);
    const webhookEvents = await scrubJsonColumn(tx, 'webhook_events', 'payload', personal, [
      ...reach.emails,
      ...providerIds,
    ]);
    const auditEntries = await scrubJsonColumn(tx, 'staff_audit', 'details', personal, reach.emails);

    await tx.execute(
      `update erasure_requests set email = ?, status = 'completed', completed_at = ?, completed_by = ?,
         kept_receipt_ids = ?, retained_until = ? where id = ?`,
      [ERASED, now, actor.username, JSON.stringify(receipts.map((receipt) => receipt.id)), retainedUntil, id],
    );
    // Queued after the outbox was scrubbed above, so this one mail still reaches the donor.
    await enqueueMail(tx, {
      eventKey: `erasure-completed-${id}`,
      kind: 'erasure-completed',
      to: email,
      forgetOnceSent: true,
      ...erasureCompletedMail({
        donorName: donations[0]?.name ?? 'donor',
        cancelledMonthlyAmounts: stopped.map((gift) => gift.amount),
        receiptsKept: receipts.length,
        // The last day the receipts are kept, as a person reads it: the day before the period ends.
        retainedUntil: retainedUntil && formatIndiaDate(new Date(retainedUntil.getTime() - 1)),
        contact: await publishedContact(tx),
      }),
    });
    const outcome = {
      requestId: id,
      monthlyGiftsCancelled: stopped.length,
      donorMailed: true,
      donations: donationIds.length,
      unpaidOrdersClosed,
      contacts: contacts?.count ?? 0,
      applications,
      mails: mails?.count ?? 0,
      certificates,
      webhookEvents,
      auditEntries,
      receiptsKept: receipts.length,
      retainedUntil: retainedUntil?.toISOString() ?? null,
    };
    await audit(tx, actor, 'erasure_completed', outcome);
    return outcome;
  });
}

/**
 * Donors' addresses and ID numbers, where the donations table has them (80G details): any nullable
 * text column so named is cleared, so a column added later is erased without a change here.
 */
async function eraseOptionalDonationColumns(em: EntityManager, donationIds: number[]) {
  const columns = await em.execute<{ column_name: string }[]>(
    `select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'donations' and is_nullable = 'YES'
        and data_type = 'text' and column_name ~ '(^|_)(address|tax_id|pan|aadhaar|id_number|id_masked|id_encrypted)(_|$)'`,
  );
  for (const { column_name: column } of columns) {
    await em.execute(`update donations set "${column}" = null where id in ${JSON_INTS}`, [JSON.stringify(donationIds)]);
  }
}

/** Scrubs the donor's values (`personal`) from a jsonb column, on the rows holding one of `needles` (their addresses, payment ids). */
async function scrubJsonColumn(
  em: EntityManager,
  table: 'webhook_events' | 'staff_audit',
  column: 'payload' | 'details',
  personal: string[],
  picks: string[],
): Promise<number> {
  // Rows are picked by an e-mail or the donor's payment ids (a name alone could be another donor's).
  const needles = picks.filter((item) => item.length >= 3);
  const rows = await em.execute<{ id: string | number; value: unknown }[]>(
    `select id, ${column} as value from ${table}
      where ${column}::text ilike any(select '%' || value || '%' from jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(needles)],
  );
  let changed = 0;
  for (const row of rows) {
    const { value, replaced } = scrubJson(row.value, personal, ERASED);
    if (replaced === 0) continue;
    await em.execute(`update ${table} set ${column} = ? where id = ?`, [JSON.stringify(value), row.id]);
    changed += 1;
  }
  return changed;
}
