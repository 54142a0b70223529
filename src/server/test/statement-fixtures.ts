import type { OfflineGiftMode } from '../../shared/gift-modes';
import type { TaxIdKind } from '../../shared/tax-id';
import { cancelReceipt, issueReceipt } from '../gifts/receipts/issue-receipt';
import type { Orm } from '../platform/db/orm';
import { createFieldCipher } from '../platform/personal-data/field-cipher';
import { sealTaxId } from '../platform/personal-data/sealed-tax-id';

/** Part B's headings in the portal's order, as the portal's template names them: what the CSV must begin with. */
export const PART_B_HEADINGS = [
  'Sl. No.',
  'Pre Acknowledgement Number',
  'ID Code',
  'Unique Identification Number',
  'Section Code',
  'Unique Registration Number (URN)',
  'Date of Issuance of Unique Registration Number',
  'Name of donor',
  'Address of donor',
  'Donation Type',
  'Mode of receipt',
  'Amount of donation (Indian rupees)',
];

let nextPayment = 0;

export interface SeededGift {
  at: string;
  /** In rupees (paise as decimals: 100.5). */
  rupees: number;
  name: string;
  email: string;
  address?: string | null;
  taxId?: { kind: TaxIdKind; value: string } | null;
  purpose?: string | null;
  donationId?: number;
  refunded?: boolean;
}

/** Issues a receipt as settlement does (in a transaction), and cancels it when the gift was refunded. */
export async function seedReceipt(orm: Orm, key: Buffer, gift: SeededGift) {
  const cipher = createFieldCipher(key);
  const paymentId = `pay_seed_${++nextPayment}_${Date.now()}`;
  return orm.em.fork().transactional(async (em) => {
    const receipt = await issueReceipt(em, {
      donationId: gift.donationId ?? nextPayment,
      paymentId,
      amount: Math.round(gift.rupees * 100),
      purpose: gift.purpose ?? null,
      donor: {
        name: gift.name,
        email: gift.email,
        address: gift.address ?? null,
        taxId: gift.taxId ? sealTaxId(cipher, gift.taxId) : null,
      },
      issuedAt: new Date(gift.at),
    });
    return gift.refunded ? ((await cancelReceipt(em, paymentId, 'Refunded in full')) ?? receipt) : receipt;
  });
}

export interface SeededOfflineGift extends Omit<SeededGift, 'at' | 'donationId' | 'refunded'> {
  mode: OfflineGiftMode;
  /** The India date it was received, `YYYY-MM-DD`. */
  receivedOn: string;
  /** The cheque's number, the UTR, a cash voucher. */
  reference?: string;
  kindDescription?: string;
  /** A cheque the bank returned: the gift bounced, its receipt cancelled. */
  bounced?: boolean;
}

let nextOfflineKey = 0;

/**
 * A gift received outside the website as staff leave it: its donation row (mode, day received,
 * reference, who recorded it) and its receipt `offline-<donationId>`, in one transaction; a
 * bounced cheque's row marked bounced and its receipt cancelled.
 */
export async function seedOfflineGift(orm: Orm, key: Buffer, gift: SeededOfflineGift) {
  const cipher = createFieldCipher(key);
  const taxId = gift.taxId ? sealTaxId(cipher, gift.taxId) : null;
  const amount = Math.round(gift.rupees * 100);
  return orm.em.fork().transactional(async (em) => {
    const [row] = await em.execute<{ id: number }[]>(
      `insert into donations (name, email, phone, amount, donation_type, purpose, status, address, tax_id_kind,
         tax_id_masked, tax_id_encrypted, mode, received_on, reference, kind_description, recorded_by, offline_key)
       values (?, ?, '', ?, 'one-time', ?, 'paid', ?, ?, ?, ?, ?, ?, ?, ?, 'accounts', ?) returning id`,
      [
        gift.name,
        gift.email,
        amount,
        gift.purpose ?? null,
        gift.address ?? null,
        taxId?.kind ?? null,
        taxId?.masked ?? null,
        taxId?.encrypted ?? null,
        gift.mode,
        gift.receivedOn,
        gift.reference ?? null,
        gift.kindDescription ?? null,
        `seed-${++nextOfflineKey}-${Date.now()}`,
      ],
    );
    const donationId = Number(row?.id);
    const paymentId = `offline-${donationId}`;
    const receipt = await issueReceipt(em, {
      donationId,
      paymentId,
      amount,
      purpose: gift.purpose ?? null,
      donor: { name: gift.name, email: gift.email, address: gift.address ?? null, taxId },
      receivedOn: gift.receivedOn,
      mode: gift.mode,
      kindDescription: gift.kindDescription ?? null,
      modeReference: gift.reference ?? null,
    });
    if (!gift.bounced) return { donationId, receipt };
    await em.execute(
      `update donations set status = 'bounced', bounced_at = now(), bounce_reason = 'insufficient funds' where id = ?`,
      [donationId],
      'run',
    );
    const cancelled = await cancelReceipt(em, paymentId, 'the cheque was returned unpaid by the bank');
    return { donationId, receipt: cancelled ?? receipt };
  });
}

/** RFC 4180 as csv-stringify writes it (quoted fields double their quotes), after the BOM. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const pattern = /("(?:[^"]|"")*"|[^,\r\n]*)(,|\r?\n|$)/g;
  let row: string[] = [];
  for (const match of text.replace(/^\uFEFF/, '').matchAll(pattern)) {
    const [, cell = '', end] = match;
    row.push(cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);
    if (end !== ',') {
      rows.push(row);
      row = [];
      if (end === '') break;
    }
  }
  return rows.filter((r) => r.length > 1 || r[0] !== '');
}
