import { formatReceiptRupees } from '../../../../shared/rupees';

/** An accountant's figure: always with paise, a minus sign before the ₹ (`−₹234.57`), a dash for none. */
export function money(paise: number | null): string {
  if (paise === null) return '—';
  return paise < 0 ? `−${formatReceiptRupees(-paise)}` : formatReceiptRupees(paise);
}
