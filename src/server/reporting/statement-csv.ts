import { stringify } from 'csv-stringify/sync';
import { formatIndiaDateTime } from '../../shared/india-time';
import { neutralise } from '../staff/csv-export';
import type { Statement } from './statement';
import type { StatementLayout } from './statement-layout';

/** Part B as the portal's template lays it out: the layout's headings, in its order, UTF-8 with a BOM. */
export function statementCsv(statement: Statement, layout: StatementLayout): string {
  return stringify(
    statement.rows.map((row) => layout.columns.map((column) => neutralise(row[column.field]))),
    { bom: true, header: true, columns: layout.columns.map((column) => column.heading) },
  );
}

const UNREPORTABLE_COLUMNS = ['Receipt number', 'Date (India time)', 'Name', 'E-mail', 'Amount (₹)'];

/** The gifts left out for want of PAN or Aadhaar, so staff can write to those donors before filing. */
export function unreportableCsv(statement: Statement): string {
  return stringify(
    statement.unreportable.gifts.map((gift) =>
      [
        gift.receiptNumber,
        formatIndiaDateTime(gift.issuedAt),
        gift.donorName,
        gift.donorEmail,
        (gift.amount / 100).toFixed(2),
      ].map(neutralise),
    ),
    { bom: true, header: true, columns: UNREPORTABLE_COLUMNS },
  );
}
