import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { stringify } from 'csv-stringify/sync';
import { formatIndiaDateTime } from '../../../shared/india-time';
import type { DonationFilter } from '../../../shared/staff.schema';
import { donationWhere } from './donation-filter';
import { DONATION_COLUMNS, type DonationListItem, SUBSCRIPTION_ID_OF_ROW } from './donation-list';

/** Rows fetched per query: the export holds one page in memory, never the whole table. */
const PAGE_SIZE = 1000;

const COLUMNS = [
  'Donation id',
  'Date (India time)',
  'Name',
  'E-mail',
  'Phone',
  'Amount (₹)',
  'Type',
  'Purpose',
  'Status',
  'Order id',
  'Payment id',
  'Subscription id',
  'Mode',
  'Received on',
  'Reference',
  'Bank',
  'Recorded by',
  'Refunded (₹)',
];

/**
 * A spreadsheet opens a cell starting with = + - @ (or tab / carriage return) as a formula;
 * a leading apostrophe makes it text.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvRecord(row: DonationListItem): string[] {
  return [
    String(row.id),
    formatIndiaDateTime(new Date(row.createdAt)),
    row.name,
    row.email,
    row.phone,
    (row.amount / 100).toFixed(2),
    row.donationType,
    row.purpose ?? '',
    row.status,
    row.razorpayOrderId ?? '',
    row.razorpayPaymentId ?? '',
    row.razorpaySubscriptionId ?? '',
    row.mode,
    row.receivedOn ?? '',
    row.reference ?? '',
    row.bank ?? '',
    row.recordedBy ?? '',
    (Number(row.refundedAmount) / 100).toFixed(2),
  ].map(neutralise);
}

/** The filter's donations, newest (highest id) first, a page at a time by keyset on the id. */
async function* filteredPages(em: EntityManager, filter: DonationFilter): AsyncGenerator<DonationListItem[]> {
  const where = donationWhere(filter);
  let below = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await em.execute<DonationListItem[]>(
      `with page as (
         select ${DONATION_COLUMNS}, d.subscription_id from donations d
          where ${where.sql} and d.id < ? order by d.id desc limit ${PAGE_SIZE})
       select page.*, ${SUBSCRIPTION_ID_OF_ROW} from page order by id desc`,
      [...where.params, below],
    );
    yield rows;
    if (rows.length < PAGE_SIZE) return;
    below = (rows.at(-1) as DonationListItem).id;
  }
}

/**
 * The CSV's text a page at a time: the BOM and the header, then each page's records written at
 * once (a million rows through the stream one by one cost more than writing them).
 */
async function* csvText(em: EntityManager, filter: DonationFilter): AsyncGenerator<string> {
  yield stringify([], { bom: true, header: true, columns: COLUMNS });
  for await (const rows of filteredPages(em, filter)) {
    if (rows.length > 0) yield stringify(rows.map(csvRecord));
  }
}

/**
 * The CSV as a stream: UTF-8 with a BOM (Excel then reads ₹ and Tamil names), amounts in rupees.
 * A failed query ends the download with its error, not a hanging one.
 */
export function donationsCsv(em: EntityManager, filter: DonationFilter): Readable {
  return Readable.from(csvText(em, filter), { objectMode: false });
}
