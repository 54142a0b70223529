// Over 250 lines on purpose: an offline gift's two settlement moves (recorded as paid with its receipt,
// bounced with its receipt cancelled) share the row's checks and the receipt's key, and change together.
import type { EntityManager } from '@mikro-orm/postgresql';
import { PURPOSES, type Purpose } from '../../../shared/donation-rules';
import { formatIndiaDate } from '../../../shared/financial-year';
import type { OfflineGiftMode } from '../../../shared/gift-modes';
import { parseIndiaDay } from '../../../shared/india-time';
import type { Language } from '../../../shared/languages';
import type { TaxIdKind } from '../../../shared/tax-id';
import type { Tribute } from '../../../shared/tribute';
import { DomainError } from '../../platform/core/domain-error';
import { enqueueMail } from '../../platform/mail/outbox';
import { chequeBouncedMail } from '../../platform/mail/templates';
import { publishedContact } from '../../platform/site-content/published-contact';
import { Donation } from '../donations/donation.entity';
import { attachDonor } from '../donor-keys/attach-donor';
import { cancelReceipt, issueReceipt } from '../receipts/issue-receipt';
import type { Receipt } from '../receipts/receipt.entity';
import { receiptOutgoingMail } from '../receipts/receipt-mail';
import type { DonorLinks } from './donor-notices';

/**
 * The status changes of gifts received outside the website: recorded paid (with its receipt and
 * mail), and a cheque or draft bounced (its receipt cancelled, the donor told). Each runs in the
 * caller's transaction (the staff action's, with its audit entry), so the gift, its receipt number
 * and its mail exist together or not at all.
 */

/** A gift as its row is written: the donor's ID number already sealed, '' for an e-mail or phone not given. */
export interface OfflineGiftRow {
  name: string;
  email: string;
  phone: string;
  /** Paise. */
  amount: number;
  purpose: string | null;
  address: string | null;
  taxIdKind: string | null;
  taxIdMasked: string | null;
  taxIdEncrypted: string | null;
  mode: OfflineGiftMode;
  /** India date, `YYYY-MM-DD`. */
  receivedOn: string;
  reference: string | null;
  bank: string | null;
  instrumentDate: string | null;
  kindDescription: string | null;
  /** The staff member's username. */
  recordedBy: string;
  offlineKey: string;
  /** The appeal it was given to (checked by the caller), or null. */
  appealId: number | null;
  tribute: Tribute | null;
  /** The donor's language: their receipt and mails speak it. */
  language: Language;
}

export type RecordedGift =
  | { outcome: 'recorded'; donationId: number; receipt: Receipt }
  | { outcome: 'already_recorded'; donationId: number };

/** The receipt of a gift recorded by staff: one per donation (receipts are keyed by payment id). */
export const offlineReceiptKey = (donationId: number) => `offline-${donationId}`;

const COLUMNS = [
  'name',
  'email',
  'phone',
  'amount',
  'donation_type',
  'purpose',
  'status',
  'address',
  'tax_id_kind',
  'tax_id_masked',
  'tax_id_encrypted',
  'mode',
  'received_on',
  'reference',
  'bank',
  'instrument_date',
  'kind_description',
  'recorded_by',
  'offline_key',
  'appeal_id',
  'tribute',
  'language',
];

function requireTransaction(em: EntityManager): void {
  if (!em.isInTransaction()) throw new Error('Offline gifts are recorded inside the staff action’s transaction');
}

/**
 * Records a gift received outside the website as paid, issues its receipt (dated and numbered by
 * the day it was received) and queues its mail when there is an address. A gift whose key is
 * recorded already writes nothing and says which gift it is.
 */
export async function recordPaidOfflineGift(
  em: EntityManager,
  donorLinks: DonorLinks,
  row: OfflineGiftRow,
): Promise<RecordedGift> {
  requireTransaction(em);
  const [inserted] = await em.execute<{ id: number }[]>(
    `insert into donations (${COLUMNS.join(', ')}) values (${COLUMNS.map((column) => (column === 'tribute' ? '?::jsonb' : '?')).join(', ')})
     on conflict (offline_key) do nothing returning id`,
    [
      row.name,
      row.email,
      row.phone,
      row.amount,
      'one-time',
      row.purpose,
      'paid',
      row.address,
      row.taxIdKind,
      row.taxIdMasked,
      row.taxIdEncrypted,
      row.mode,
      row.receivedOn,
      row.reference,
      row.bank,
      row.instrumentDate,
      row.kindDescription,
      row.recordedBy,
      row.offlineKey,
      row.appealId,
      row.tribute ? JSON.stringify(row.tribute) : null,
      row.language,
    ],
  );
  if (!inserted) {
    const [existing] = await em.execute<{ id: number }[]>('select id from donations where offline_key = ?', [
      row.offlineKey,
    ]);
    return { outcome: 'already_recorded', donationId: Number(existing?.id) };
  }
  const donationId = Number(inserted.id);
  // Recorded by hand or imported (gifts/offline-gifts/record-gift.ts, import-gifts.ts): a gift, with its donor.
  await attachDonor(em, donationId);
  const taxId =
    row.taxIdKind && row.taxIdMasked && row.taxIdEncrypted
      ? // Written only from the shared schema: 'pan' or 'aadhaar'.
        { kind: row.taxIdKind as TaxIdKind, masked: row.taxIdMasked, encrypted: row.taxIdEncrypted }
      : null;
  const receipt = await issueReceipt(em, {
    donationId,
    paymentId: offlineReceiptKey(donationId),
    amount: row.amount,
    purpose: (row.purpose && PURPOSES[row.purpose as Purpose]) || null,
    donor: { name: row.name, email: row.email, address: row.address, taxId },
    receivedOn: row.receivedOn,
    mode: row.mode,
    kindDescription: row.kindDescription,
    modeReference: modeReference(row),
    appealId: row.appealId,
    tribute: row.tribute,
    language: row.language,
  });
  if (row.email) {
    await enqueueMail(
      em,
      receiptOutgoingMail(
        receipt,
        {
          // Its link runs from today, when the donor is sent it, not from the day the gift came.
          downloadUrl: donorLinks.receiptUrl(receipt.id, new Date()),
          donorPageUrl: donorLinks.donorPageUrl,
        },
        await publishedContact(em),
      ),
    );
  }
  return { outcome: 'recorded', donationId, receipt };
}

/** The reference as the receipt prints it after the mode's name. */
function modeReference(row: OfflineGiftRow): string | null {
  const dated = (day: string | null) => (day ? `, dated ${formatIndiaDate(parseIndiaDay(day))}` : '');
  switch (row.mode) {
    case 'cheque':
    case 'demand-draft':
      return `No. ${row.reference}, ${row.bank}${dated(row.instrumentDate)}`;
    case 'bank-transfer':
      return `UTR ${row.reference}${row.bank ? `, from ${row.bank}` : ''}`;
    case 'cash':
      return row.reference ? `voucher ${row.reference}` : null;
    case 'kind':
      return null;
  }
}

/**
 * A cheque or draft the bank returned unpaid: the gift becomes `bounced` (one conditional UPDATE,
 * from paid only), its receipt is cancelled with the reason (kept, never deleted), and the donor is
 * told by mail if there is an address. Refused for anything but a paid cheque or draft.
 */
export async function markOfflineGiftBounced(
  em: EntityManager,
  donorLinks: DonorLinks,
  bounce: { donationId: number; reason: string; at?: Date },
): Promise<{ donationId: number; receiptNumber: string | null }> {
  requireTransaction(em);
  const at = bounce.at ?? new Date();
  const [row] = await em.execute<Record<string, unknown>[]>(
    `update donations set status = 'bounced', bounced_at = ?, bounce_reason = ?
      where id = ? and status = 'paid' and mode in ('cheque', 'demand-draft') returning *`,
    [at, bounce.reason, bounce.donationId],
  );
  if (!row) throw await whyNotBounced(em, bounce.donationId);
  const donation = em.map(Donation, row);
  const instrument = donation.mode === 'cheque' ? 'cheque' : 'demand draft';
  const receipt = await cancelReceipt(
    em,
    offlineReceiptKey(donation.id),
    `the ${instrument} was returned unpaid by the bank: ${bounce.reason}`,
    at,
  );
  if (donation.email) {
    await enqueueMail(em, {
      eventKey: `bounced-${donation.id}`,
      kind: 'cheque-bounced',
      to: donation.email,
      ...chequeBouncedMail({
        donorName: donation.name,
        language: donation.language,
        donorPageUrl: donorLinks.donorPageUrl(donation.email, donation.language),
        contact: await publishedContact(em),
        amount: donation.amount,
        instrument,
        reference: donation.reference ?? '',
        reason: bounce.reason,
        receiptNumber: receipt?.number ?? null,
      }),
    });
  }
  return { donationId: donation.id, receiptNumber: receipt?.number ?? null };
}

async function whyNotBounced(em: EntityManager, donationId: number): Promise<DomainError> {
  const [current] = await em.execute<{ mode: string; status: string }[]>(
    'select mode, status from donations where id = ?',
    [donationId],
  );
  if (!current) return new DomainError('NOT_FOUND', `No donation ${donationId}`);
  if (current.mode !== 'cheque' && current.mode !== 'demand-draft') {
    return new DomainError(
      'BAD_REQUEST',
      `Donation ${donationId} came by ${current.mode}: only a cheque or draft bounces`,
    );
  }
  if (current.status === 'bounced')
    return new DomainError('CONFLICT', `Donation ${donationId} is already marked bounced`);
  return new DomainError('CONFLICT', `Donation ${donationId} is ${current.status} and cannot bounce`);
}
