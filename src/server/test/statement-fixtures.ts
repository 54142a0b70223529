import type { TaxIdKind } from '../../shared/tax-id';
import type { Orm } from '../db/orm';
import { createFieldCipher } from '../personal-data/field-cipher';
import { sealTaxId } from '../personal-data/sealed-tax-id';
import { cancelReceipt, issueReceipt } from '../receipts/issue-receipt';

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
  /** In rupees. */
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
      amount: gift.rupees * 100,
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
