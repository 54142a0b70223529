import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { stringify } from 'csv-stringify';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { TRIBUTE_LABELS, tributeOf } from '../../../shared/tribute';
import { isoTime } from '../../platform/db/sql-time';
import { neutralise } from '../gift-lists/csv-export';

/** Rows fetched per query: the export holds one page in memory, never the appeal's every gift. */
const PAGE_SIZE = 1000;

const COLUMNS = [
  'Donation id',
  'Date (India time)',
  'Name',
  'E-mail',
  'Phone',
  'Amount (₹)',
  'Type',
  'Status',
  'Counts for the appeal',
  'Mode',
  'Received on',
  'Reference',
  'Receipt',
  'Tribute',
  'Tribute name',
  'Tribute message',
  'Refunded (₹)',
];

interface GiftRow {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  phone: string;
  amount: number;
  refundedAmount: number;
  donationType: string;
  status: string;
  mode: string;
  receivedOn: string | null;
  reference: string | null;
  receiptNumber: string | null;
  tribute: unknown;
}

function csvRecord(row: GiftRow): string[] {
  const tribute = tributeOf(row.tribute);
  return [
    String(row.id),
    formatIndiaDateTime(new Date(row.createdAt)),
    neutralise(row.name),
    neutralise(row.email),
    neutralise(row.phone),
    (row.amount / 100).toFixed(2),
    row.donationType,
    row.status,
    row.status === 'paid' ? 'yes' : 'no',
    row.mode,
    row.receivedOn ?? '',
    neutralise(row.reference ?? ''),
    row.receiptNumber ?? '',
    tribute ? `${TRIBUTE_LABELS[tribute.kind]} (${tribute.of})` : '',
    neutralise(tribute?.name ?? ''),
    neutralise(tribute?.message ?? ''),
    (Number(row.refundedAmount) / 100).toFixed(2),
  ];
}

/** The appeal's gifts that reached the trust (paid, and later refunded or bounced), oldest first, by keyset on the id. */
async function* appealGifts(em: EntityManager, appealId: number): AsyncGenerator<string[]> {
  let after = 0;
  for (;;) {
    const rows = await em.execute<GiftRow[]>(
      `select d.id, ${isoTime('d.created_at')} as "createdAt", d.name, d.email, d.phone, d.amount,
              case when d.status = 'refunded' then d.amount else d.refunded_amount end as "refundedAmount",
              d.donation_type as "donationType", d.status, d.mode, to_char(d.received_on, 'YYYY-MM-DD') as "receivedOn",
              d.reference, d.tribute,
              (select r.number from receipts r
                where r.payment_id = d.razorpay_payment_id or (d.mode <> 'online' and r.donation_id = d.id)
                order by r.id desc limit 1) as "receiptNumber"
         from donations d
        where d.appeal_id = ? and d.status in ('paid', 'refunded', 'bounced') and d.id > ?
        order by d.id limit ${PAGE_SIZE}`,
      [appealId, after],
    );
    for (const row of rows) yield csvRecord(row);
    if (rows.length < PAGE_SIZE) return;
    after = (rows.at(-1) as GiftRow).id;
  }
}

/** The CSV of one appeal's gifts as a stream: UTF-8 with a BOM (Excel reads ₹ and Tamil names), amounts in rupees. */
export function appealGiftsCsv(em: EntityManager, appealId: number): Readable {
  const csv = stringify({ bom: true, header: true, columns: COLUMNS });
  return Readable.from(appealGifts(em, appealId))
    .on('error', (error) => csv.destroy(error))
    .pipe(csv);
}
