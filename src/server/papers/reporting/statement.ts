import type { EntityManager } from '@mikro-orm/postgresql';
import { CASH_DEDUCTION_LIMIT_PAISE, type GiftMode, statementModeOf } from '../../../shared/gift-modes';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { formatRupees } from '../../../shared/rupees';
import { getTrustDetails } from '../../gifts/receipts/trust-details';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { peopleOf } from './one-person';
import {
  formatStatementDate,
  formNameFor,
  modeOfReceiptFor,
  portalText,
  type StatementField,
  type StatementLayout,
  type StatementMode,
  sectionCodeFor,
} from './statement-layout';
import type { StatementDonationKind } from './statement-purpose.entity';
import { reviewsOf, type StatementReviewChoice, standingReview, statementIdHash } from './statement-review';

/** One receipt as the statement reads it: what was acknowledged is what is reported. */
export interface ReceiptLine {
  id: number;
  number: string;
  issuedAt: Date;
  amount: number;
  purpose: string | null;
  mode: GiftMode;
  /** For a gift received outside the website, the India date it came (`YYYY-MM-DD`). */
  receivedOn: string | null;
  donorName: string;
  donorEmail: string;
  donorAddress: string | null;
  donorIdKind: 'pan' | 'aadhaar' | null;
  donorIdEncrypted: string | null;
  donationType: StatementDonationKind;
}

/** Why a receipt of the year is not in Part B, as the console and the list say it. */
export const UNREPORTABLE_REASONS = {
  kind: 'a gift in kind gives no deduction',
  cashAboveLimit: `cash above ${formatRupees(CASH_DEDUCTION_LIMIT_PAISE)} gives no deduction`,
  noTaxId: 'no PAN or Aadhaar',
} as const;
export type UnreportableReasonCode = keyof typeof UNREPORTABLE_REASONS;
export type UnreportableReason = (typeof UNREPORTABLE_REASONS)[UnreportableReasonCode];

/**
 * A receipt of the year Part B cannot carry: a gift in kind, cash above ₹2,000 (neither gives a
 * deduction), or a gift whose donor gave neither PAN nor Aadhaar.
 */
export interface UnreportableGift {
  receiptNumber: string;
  /** India time: the day received for a gift recorded by staff (`2026-05-04`), else the moment paid (`2026-05-04 10:00`). */
  date: string;
  donorName: string;
  donorEmail: string;
  mode: GiftMode;
  /** In paise (for a gift in kind, the trust's estimate of its value). */
  amount: number;
  reasonCode: UnreportableReasonCode;
  reason: UnreportableReason;
}

/**
 * Part B's rows as filed: each keyed by the layout's fields, the amount in whole rupees; and whether
 * staff must still say who the row's donor is (its ID's receipts carry more than one person).
 */
export type StatementRow = Record<StatementField, string> & { needsReview: boolean };

/** One ID number's place in Part B: its rows, their receipts, and who those receipts name. */
export interface StatementDonor {
  idKind: 'pan' | 'aadhaar';
  /** The ID in clear, normalised (only Part B and the certificates' matching read it). */
  idNumber: string;
  /** A keyed hash of `kind:ID`: how the console and the reviews name it. */
  idHash: string;
  /** Its rows' serial numbers. */
  serialNumbers: number[];
  /** Whole rupees: the sum of its rows, as filed. */
  amount: number;
  /** Its Part B receipts, oldest first. */
  receipts: ReceiptLine[];
  /** More than one name or e-mail address among its receipts (papers/reporting/one-person.ts). */
  morePeople: boolean;
  /** Staff's choice, while it still covers every person on the receipts; null when none or outdated. */
  review: (StatementReviewChoice & { receipt: ReceiptLine }) | null;
  needsReview: boolean;
}

export interface Statement {
  year: string;
  formName: string;
  /** Part B's rows, in the order they are filed: the one source of the CSV and of every figure of the summary. */
  rows: StatementRow[];
  /** The ID numbers Part B's rows are grouped by, in the order of their first row. */
  donors: StatementDonor[];
  unreportable: { count: number; total: number; gifts: UnreportableGift[] };
}

/**
 * Issued (not cancelled) receipts of the year, oldest first, each with its donation type: its
 * appeal's class when it was given to one, else its purpose's.
 * A gift received outside the website is read with its donation: the day it came, and a bounced
 * cheque is never counted (its receipt is cancelled with it; the join makes sure).
 */
async function receiptLines(em: EntityManager, year: string): Promise<ReceiptLine[]> {
  return em.execute<ReceiptLine[]>(
    `select r.id, r.number, r.issued_at as "issuedAt", r.amount, r.purpose, r.mode,
            to_char(d.received_on, 'YYYY-MM-DD') as "receivedOn", r.donor_name as "donorName",
            r.donor_email as "donorEmail", r.donor_address as "donorAddress", r.donor_id_kind as "donorIdKind",
            r.donor_id_encrypted as "donorIdEncrypted",
            coalesce(a.purpose_class, p.donation_type, 'others') as "donationType"
       from receipts r
       left join statement_purposes p on p.purpose = r.purpose
       left join appeals a on a.id = r.appeal_id
       left join donations d on d.id = r.donation_id and r.mode <> 'online'
      where r.financial_year = ? and r.status = 'issued' and d.status is distinct from 'bounced'
      order by r.issued_at, r.id`,
    [year],
  );
}

/** The same PAN however it was typed (case, spaces) is one donor. */
export const normaliseId = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** Paise to the whole rupees a row files, half a rupee up. */
const wholeRupees = (paise: number) => Math.round(paise / 100);

/** Where a receipt goes: a row of Part B under its mode and donor ID, or the list beside it with the reason. */
function placeOf(
  line: ReceiptLine,
  amount: number,
): { mode: StatementMode; idKind: 'pan' | 'aadhaar'; idEncrypted: string } | { reason: UnreportableReasonCode } {
  const mode = statementModeOf(line.mode, amount);
  if (mode === null) {
    return { reason: line.mode === 'kind' ? 'kind' : 'cashAboveLimit' };
  }
  if (!line.donorIdEncrypted || !line.donorIdKind) return { reason: 'noTaxId' };
  return { mode, idKind: line.donorIdKind, idEncrypted: line.donorIdEncrypted };
}

/** A gift recorded by staff is dated the day it came (its time is not known); an online one, the moment paid. */
export function dateOf(line: ReceiptLine): string {
  const moment = formatIndiaDateTime(new Date(line.issuedAt));
  return line.mode === 'online' ? moment : (line.receivedOn ?? moment.slice(0, 10));
}

/**
 * The statement of donations for a financial year: one row per donor (by PAN or Aadhaar) per
 * donation type per mode of receipt, summing their issued receipts, each row's amount rounded to
 * whole rupees once. A donor's rows carry the name and address of their latest gift; when the ID's
 * receipts carry more than one person, those of the receipt staff chose, and until they choose the
 * rows need review. Every other receipt of the year is listed as unreportable with its reason.
 */
export async function buildStatement(
  em: EntityManager,
  { cipher, layout, year }: { cipher: FieldCipher; layout: StatementLayout; year: string },
): Promise<Statement> {
  const lines = await receiptLines(em, year);
  const trust = await getTrustDetails(em);
  const groups = new Map<string, { donor: string; type: StatementDonationKind; mode: StatementMode; amount: number }>();
  /** Each ID's Part B receipts, whatever their type and mode, oldest first. */
  const byDonor = new Map<string, { kind: 'pan' | 'aadhaar'; id: string; receipts: ReceiptLine[] }>();
  const unreportable: UnreportableGift[] = [];
  for (const line of lines) {
    const amount = Number(line.amount);
    const place = placeOf(line, amount);
    if ('reason' in place) {
      unreportable.push({
        receiptNumber: line.number,
        date: dateOf(line),
        donorName: line.donorName,
        donorEmail: line.donorEmail,
        mode: line.mode,
        amount,
        reasonCode: place.reason,
        reason: UNREPORTABLE_REASONS[place.reason],
      });
      continue;
    }
    const id = normaliseId(cipher.decrypt(place.idEncrypted));
    const donor = `${place.idKind}:${id}`;
    const key = `${donor}:${line.donationType}:${place.mode}`;
    const group = groups.get(key);
    if (group) group.amount += amount;
    else groups.set(key, { donor, type: line.donationType, mode: place.mode, amount });
    const receipts = byDonor.get(donor)?.receipts ?? [];
    receipts.push(line);
    byDonor.set(donor, { kind: place.idKind, id, receipts });
  }
  const reviews = await reviewsOf(em, year);
  const donors = new Map<string, StatementDonor>();
  for (const [donor, { kind, id, receipts }] of byDonor) {
    const idHash = statementIdHash(cipher, kind, id);
    const people = peopleOf(receipts);
    const morePeople = !people.oneName || !people.oneEmail;
    const review = morePeople ? standingReview(cipher, reviews.get(idHash), receipts) : null;
    donors.set(donor, {
      idKind: kind,
      idNumber: id,
      idHash,
      serialNumbers: [],
      amount: 0,
      receipts,
      morePeople,
      review,
      needsReview: morePeople && review === null,
    });
  }
  const rows = [...groups.values()].map((group, index): StatementRow => {
    const donor = donors.get(group.donor) as StatementDonor;
    // Receipts come oldest first, so the last one is the latest gift.
    const { donorName, donorAddress } = donor.review?.receipt ?? (donor.receipts.at(-1) as ReceiptLine);
    const amount = wholeRupees(group.amount);
    donor.serialNumbers.push(index + 1);
    donor.amount += amount;
    return {
      serialNumber: String(index + 1),
      preAcknowledgementNumber: '',
      idCode: layout.idCodes[donor.idKind],
      idNumber: donor.idNumber,
      sectionCode: sectionCodeFor(layout, year),
      urn: trust.registration80g,
      urnDate: formatStatementDate(layout, trust.approvedOn),
      name: portalText(donorName, layout.maxNameLength, layout),
      address: portalText(donorAddress ?? '', layout.maxAddressLength, layout),
      donationType: layout.donationTypes[group.type] ?? group.type,
      modeOfReceipt: modeOfReceiptFor(layout, year, group.mode),
      amount: String(amount),
      needsReview: donor.needsReview,
    };
  });
  return {
    year,
    formName: formNameFor(layout, year),
    rows,
    donors: [...donors.values()].sort((a, b) => (a.serialNumbers[0] ?? 0) - (b.serialNumbers[0] ?? 0)),
    unreportable: {
      count: unreportable.length,
      total: unreportable.reduce((sum, gift) => sum + gift.amount, 0),
      gifts: unreportable,
    },
  };
}
