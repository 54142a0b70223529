import { stringify } from 'csv-stringify/sync';
import { GIFT_MODE_LABELS } from '../../../shared/gift-modes';
import { neutralise } from '../../gifts/gift-lists/csv-export';
import type { Statement } from './statement';
import type { StatementLayout } from './statement-layout';

/** Part B as the portal's template lays it out: the layout's headings, in its order, UTF-8 with a BOM. */
export function statementCsv(statement: Statement, layout: StatementLayout): string {
  return stringify(
    statement.rows.map((row) => layout.columns.map((column) => neutralise(row[column.field]))),
    { bom: true, header: true, columns: layout.columns.map((column) => column.heading) },
  );
}

export const UNREPORTABLE_COLUMNS = [
  'Receipt number',
  'Date (India time)',
  'Name',
  'E-mail',
  'Mode',
  'Amount (₹)',
  'Why not in Part B',
];

/**
 * Every receipt of the year Part B leaves out, with the reason: gifts in kind and cash above
 * ₹2,000 (no deduction), and gifts without PAN or Aadhaar, so staff can write to those donors
 * before filing. With Part B's receipts, they are every receipt issued in the year.
 */
export function unreportableCsv(statement: Statement): string {
  return stringify(
    statement.unreportable.gifts.map((gift) =>
      [
        gift.receiptNumber,
        gift.date,
        gift.donorName,
        gift.donorEmail,
        GIFT_MODE_LABELS[gift.mode],
        (gift.amount / 100).toFixed(2),
        gift.reason,
      ].map(neutralise),
    ),
    { bom: true, header: true, columns: UNREPORTABLE_COLUMNS },
  );
}
