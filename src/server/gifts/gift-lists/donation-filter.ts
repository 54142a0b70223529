import { parseIndiaDay } from '../../../shared/india-time';
import type { DonationFilter } from '../../../shared/staff.schema';

/** A SQL condition on `donations d` with its `?` parameters. */
export interface Where {
  sql: string;
  params: unknown[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_INT = 2_147_483_647;

/** `%` and `_` in what staff type are letters, not wildcards. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The one translation of the console's filter into SQL, shared by the list and the CSV export so
 * the export holds exactly what the list shows. Dates are India days; amounts rupees → paise.
 */
export function donationWhere(filter: DonationFilter): Where {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    conditions.push(sql);
    params.push(...values);
  };

  if (filter.status?.length) add(`d.status in (${filter.status.map(() => '?').join(', ')})`, ...filter.status);
  if (filter.type) add('d.donation_type = ?', filter.type);
  if (filter.purpose) add('d.purpose = ?', filter.purpose);
  if (filter.mode) add('d.mode = ?', filter.mode);
  if (filter.from) add('d.created_at >= ?', parseIndiaDay(filter.from));
  if (filter.to) add('d.created_at < ?', new Date(parseIndiaDay(filter.to).getTime() + DAY_MS));
  if (filter.minAmountRupees !== undefined) add('d.amount >= ?', Math.round(filter.minAmountRupees * 100));
  if (filter.maxAmountRupees !== undefined) add('d.amount <= ?', Math.round(filter.maxAmountRupees * 100));
  if (filter.search) addSearch(filter.search, add);

  return { sql: conditions.length ? conditions.join(' and ') : 'true', params };
}

/**
 * Razorpay ids are recognised by their prefix and matched exactly (their indexes); up to 6 digits
 * (or `#` and digits) are a donation id or a cheque's number, 7 or more part of a phone; anything
 * else is part of a name, e-mail or phone (a trigram index), or a whole reference (a UTR, a draft's
 * number, a cash voucher) as the recording stored it: without spaces, in capitals.
 */
function addSearch(search: string, add: (sql: string, ...values: unknown[]) => void): void {
  if (/^sub_/i.test(search)) {
    // One IN over both links (first donation, later charges): an OR of two would scan the table.
    add(
      `d.id in (select donation_id from subscriptions where razorpay_subscription_id = ?
                union all
                select c.id from donations c join subscriptions s on s.id = c.subscription_id
                 where s.razorpay_subscription_id = ?)`,
      search,
      search,
    );
  } else if (/^order_/i.test(search)) {
    add('d.razorpay_order_id = ?', search);
  } else if (/^pay_/i.test(search)) {
    add('d.razorpay_payment_id = ?', search);
  } else if (search.startsWith('#') && /^#\d{1,9}$/.test(search)) {
    add('d.id = ?', Math.min(Number(search.slice(1)), MAX_INT));
  } else if (/^\d{1,6}$/.test(search)) {
    add('(d.id = ? or d.reference = ?)', Number(search), search);
  } else {
    const pattern = contains(search);
    const reference = search.replace(/\s+/g, '').toUpperCase();
    if (search.includes(SEPARATOR)) {
      // The separator itself could match across fields in the joined text: each field on its own.
      add(
        '(d.name ilike ? or d.email ilike ? or d.phone ilike ? or d.reference = ?)',
        pattern,
        pattern,
        pattern,
        reference,
      );
    } else {
      add(`(${CONTACT} ilike ? or d.reference = ?)`, pattern, reference);
    }
  }
}

/**
 * Name, e-mail and phone joined by U+001F, which nobody types: text without it is part of one of
 * them exactly when it is part of the joined text, and one trigram index (donations_contact_trgm_index,
 * on this very expression) serves the search instead of one scan of each column's.
 */
const SEPARATOR = '\u001f';
const CONTACT = `(d.name || chr(31) || d.email || chr(31) || d.phone)`;
