import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { stringify } from 'csv-stringify';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { neutralise } from '../gift-lists/csv-export';
import { type SettlementLine, settlementIdsOf, settlementLines } from './settlement-report';

const COLUMNS = [
  'Settlement id',
  'Settled on (India time)',
  'UTR',
  'Type',
  'Razorpay id',
  'Payment id',
  'Donation id',
  'Receipt',
  'Made on (India time)',
  'Gross (₹)',
  'Razorpay fee (₹)',
  'GST on the fee (₹)',
  'Adjustment (₹)',
  'Net (₹)',
];

/** Rupees with paise, signed; a figure the line does not have is left empty. */
const rupees = (paise: number | null) => (paise === null ? '' : (paise / 100).toFixed(2));
const text = (value: string | number | null) => neutralise(value === null ? '' : String(value));
const when = (iso: string | null) => (iso ? formatIndiaDateTime(new Date(iso)) : '');

function csvRecord(line: SettlementLine): string[] {
  return [
    text(line.settlementId),
    when(line.settledAt),
    text(line.utr),
    text(line.type),
    text(line.entityId),
    text(line.paymentId),
    text(line.donationId),
    text(line.receiptNumber),
    when(line.occurredAt),
    // Figures are written as numbers (never neutralised: a refund's minus sign is its sign).
    rupees(line.gross),
    rupees(line.fee),
    rupees(line.tax),
    rupees(line.adjustment),
    rupees(line.net),
  ];
}

/** One settlement's lines at a time: the export holds one settlement in memory, never the year. */
async function* yearLines(em: EntityManager, year: string): AsyncGenerator<string[]> {
  for (const id of await settlementIdsOf(em, year)) {
    for (const line of await settlementLines(em, id)) yield csvRecord(line);
  }
}

/**
 * The accountant's CSV of a financial year's settlements: every line of every settlement, oldest
 * first, each with gross − fee − GST + adjustment = net, so its columns add up to the console's
 * totals and each settlement's net rows to the credit against its UTR. UTF-8 with a BOM.
 */
export function settlementsCsv(em: EntityManager, year: string): Readable {
  const csv = stringify({ bom: true, header: true, columns: COLUMNS });
  return Readable.from(yearLines(em, year))
    .on('error', (error) => csv.destroy(error))
    .pipe(csv);
}
