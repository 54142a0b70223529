import type { EntityManager } from '@mikro-orm/postgresql';
import { stringify } from 'csv-stringify/sync';
import { formatIndiaDateTime } from '../../../shared/india-time';
import type { Segment } from '../../../shared/segments.schema';
import { neutralise } from '../../gifts/gift-lists/csv-export';
import { type SegmentList, type SegmentRow, segmentRows } from './segments';

const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * A phone number as text: the leading apostrophe keeps a spreadsheet from reading 9876543210 as a
 * number (shown as 9.88E+09) or +91… as a formula, as neutralise does for any cell.
 */
const phoneAsText = (phone: string) => (phone === '' ? '' : `'${phone}`);

function columns(years: SegmentList['years']): string[] {
  return [
    'Donor id',
    'Name',
    'E-mail',
    'Phone',
    'Language',
    'Last gift (India time)',
    'Last gift (₹)',
    ...years.map((year) => `${year} (₹)`),
    `Before ${years[3]} (₹)`,
  ];
}

function csvRecord(row: SegmentRow): string[] {
  return [
    String(row.donorId),
    neutralise(row.name),
    neutralise(row.email),
    phoneAsText(row.phone),
    row.language,
    formatIndiaDateTime(new Date(row.lastGiftAt)),
    rupees(row.lastGiftAmount),
    ...row.yearTotals.map(rupees),
    rupees(row.earlier),
  ];
}

/**
 * The segment's every donor as CSV: UTF-8 with a BOM (Excel reads ₹ and Tamil names), amounts in
 * rupees, the same rows in the same order as the console's list, so each column sums to the
 * list's total. Built whole: a segment is a row per donor, not per gift.
 */
export async function segmentCsv(em: EntityManager, segment: Segment, now = new Date()): Promise<string> {
  const list = await segmentRows(em, segment, { now });
  return stringify(list.rows.map(csvRecord), { bom: true, header: true, columns: columns(list.years) });
}
