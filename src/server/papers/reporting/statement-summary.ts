import type { EntityManager } from '@mikro-orm/postgresql';
import { financialYearOf, financialYearStarting } from '../../../shared/india-time';
import { maskTaxId } from '../../../shared/tax-id';
import { type Actor, audit } from '../../platform/audit/audit';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import {
  buildStatement,
  dateOf,
  type StatementDonor,
  type StatementRow,
  type UnreportableReasonCode,
} from './statement';
import { modeOfReceiptFor, STATEMENT_MODES, type StatementLayout } from './statement-layout';
import { type StatementDonationKind, StatementPurpose } from './statement-purpose.entity';

/** Rows and their total (whole rupees, as filed) under one label of a column. */
function sumBy(rows: StatementRow[], labels: string[], labelOf: (row: StatementRow) => string) {
  const byLabel = new Map(labels.map((label) => [label, { label, rows: 0, total: 0 }]));
  for (const row of rows) {
    const label = labelOf(row);
    const entry = byLabel.get(label) ?? { label, rows: 0, total: 0 };
    entry.rows += 1;
    entry.total += Number(row.amount);
    byLabel.set(label, entry);
  }
  return [...byLabel.values()].filter((entry) => entry.rows > 0);
}

/**
 * An ID whose receipts carry more than one person, for staff to say whose name and address its rows
 * carry: the ID masked, its rows, each receipt whole, and the receipt chosen (null until chosen, or
 * again once a receipt from someone else came).
 */
function reviewOf(donor: StatementDonor) {
  return {
    idHash: donor.idHash,
    idKind: donor.idKind,
    idMasked: maskTaxId(donor.idKind, donor.idNumber),
    serialNumbers: donor.serialNumbers,
    needsReview: donor.needsReview,
    chosenReceiptNumber: donor.review?.receipt.number ?? null,
    resolvedBy: donor.review?.resolvedBy ?? null,
    receipts: donor.receipts.map((line) => ({
      number: line.number,
      date: dateOf(line),
      name: line.donorName,
      email: line.donorEmail,
      address: line.donorAddress,
      amountPaise: Number(line.amount),
      mode: line.mode,
    })),
  };
}

/**
 * What the console shows before the download. Every Part B figure is summed from the rows the
 * CSV carries (each already rounded to whole rupees), so the page and the file cannot differ by a
 * rupee: rows, donors, the total, and the totals by donation type and by mode of receipt. The
 * gifts left out are listed whole, each with its reason, in paise as their list carries them; so
 * are the IDs whose receipts carry more than one person, and the rows that wait for staff's review.
 */
export async function statementSummary(
  em: EntityManager,
  options: { cipher: FieldCipher; layout: StatementLayout; year: string },
) {
  const { layout, year } = options;
  const statement = await buildStatement(em, options);
  const { rows, unreportable } = statement;
  const byReason = new Map<
    UnreportableReasonCode,
    { code: UnreportableReasonCode; reason: string; count: number; totalPaise: number }
  >();
  for (const gift of unreportable.gifts) {
    const entry = byReason.get(gift.reasonCode) ?? {
      code: gift.reasonCode,
      reason: gift.reason,
      count: 0,
      totalPaise: 0,
    };
    entry.count += 1;
    entry.totalPaise += gift.amount;
    byReason.set(gift.reasonCode, entry);
  }
  return {
    year: statement.year,
    formName: statement.formName,
    rows: rows.length,
    donors: new Set(rows.map((row) => `${row.idCode}:${row.idNumber}`)).size,
    /** Whole rupees: the sum of the rows' amounts. */
    total: rows.reduce((sum, row) => sum + Number(row.amount), 0),
    byType: sumBy(rows, Object.values(layout.donationTypes), (row) => row.donationType).map(
      ({ label, ...figures }) => ({ donationType: label, ...figures }),
    ),
    byMode: sumBy(
      rows,
      STATEMENT_MODES.map((mode) => modeOfReceiptFor(layout, year, mode)),
      (row) => row.modeOfReceipt,
    ).map(({ label, ...figures }) => ({ modeOfReceipt: label, ...figures })),
    /** Every ID with more than one person on its receipts, reviewed or not; `needsReview` per row. */
    reviews: statement.donors.filter((donor) => donor.morePeople).map(reviewOf),
    /** The rows still waiting for staff to say whose they are (their serial numbers), named before the download. */
    rowsNeedingReview: rows.filter((row) => row.needsReview).map((row) => Number(row.serialNumber)),
    unreportable: {
      count: unreportable.count,
      totalPaise: unreportable.total,
      byReason: [...byReason.values()],
      gifts: unreportable.gifts.map((gift) => ({
        receiptNumber: gift.receiptNumber,
        date: gift.date,
        donorName: gift.donorName,
        mode: gift.mode,
        amountPaise: gift.amount,
        reason: gift.reason,
      })),
    },
  };
}

/** Every purpose seen on a receipt or already classed, with its donation type (others unless marked). */
export async function listStatementPurposes(em: EntityManager) {
  return em.execute<{ purpose: string; donationType: StatementDonationKind }[]>(
    `select purposes.purpose, coalesce(p.donation_type, 'others') as "donationType"
       from (select distinct purpose from receipts where purpose is not null
             union select purpose from statement_purposes) purposes
       left join statement_purposes p on p.purpose = purposes.purpose
      order by purposes.purpose`,
  );
}

/** Classes a purpose; receipts already issued are reported under the new type from the next export on. */
export async function setStatementPurpose(
  em: EntityManager,
  actor: Actor,
  input: { purpose: string; donationType: StatementDonationKind },
) {
  await em.upsert(StatementPurpose, { ...input, updatedAt: new Date() });
  await audit(em, actor, 'statement_purpose_set', input);
  return input;
}

/**
 * The years the console offers: every year with a receipt, the current one and the last closed one
 * (the one to file, and the page's default), newest first.
 */
export async function statementYears(em: EntityManager, now: Date = new Date()) {
  const current = financialYearOf(now);
  const lastClosed = financialYearStarting(current.startYear - 1).label;
  const seen = await em.execute<{ year: string }[]>('select distinct financial_year as year from receipts');
  const years = new Set([current.label, lastClosed, ...seen.map((row) => row.year)]);
  return { years: [...years].sort().reverse(), lastClosed };
}
