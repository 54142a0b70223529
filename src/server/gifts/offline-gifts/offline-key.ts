import { createHash } from 'node:crypto';
import type { OfflineGiftInput } from '../../../shared/offline-gift.schema';

/**
 * The key that makes one gift one row, however often it is recorded by hand or imported
 * (`donations.offline_key`, unique):
 * - a transfer: its UTR, which the banks make unique;
 * - a cheque or draft: its number, bank and date (a number repeats across a bank's accounts);
 * - cash with a receipt book or voucher number: that number;
 * - other cash and gifts in kind: the date, the amount and the donor. The donor part is a hash, so
 *   the key (which erasure leaves, to keep refusing the same import) holds no name or address.
 */
export function offlineKeyOf(gift: OfflineGiftInput): string {
  const fold = (value: string | undefined) =>
    (value ?? '')
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '');
  switch (gift.mode) {
    case 'bank-transfer':
      return `bank-transfer:${gift.reference}`;
    case 'cheque':
    case 'demand-draft':
      return `${gift.mode}:${gift.reference}:${fold(gift.bank)}:${gift.instrumentDate}`;
    case 'cash':
    case 'kind': {
      if (gift.mode === 'cash' && gift.reference) return `cash:voucher:${gift.reference}`;
      const donor = [gift.name, gift.email, gift.phone?.replace(/\D/g, '').slice(-10), gift.kindDescription]
        .map(fold)
        .join('|');
      const hash = createHash('sha256').update(donor).digest('hex').slice(0, 24);
      return `${gift.mode}:${gift.receivedOn}:${gift.amount}:${hash}`;
    }
  }
}
