import type { EntityManager } from '@mikro-orm/postgresql';
import type { DONATION_SORT_COLUMNS, DonationListInput } from '../../../shared/staff.schema';
import { isoTime } from '../../platform/db/sql-time';
import { donationWhere } from './donation-filter';
import { withTotal } from './list-total';

/** The only columns the list sorts by: the input names one of these keys, never SQL. */
const SORT_SQL: Record<(typeof DONATION_SORT_COLUMNS)[number], string> = {
  createdAt: 'created_at',
  amount: 'amount',
  name: 'name',
  status: 'status',
  id: 'id',
};

/**
 * A donation as the console lists, exports and tells it: the entity's fields as the browser gets
 * them (times as ISO strings) plus its subscription's Razorpay id.
 */
export interface DonationListItem {
  id: number;
  /** ISO-8601 UTC. */
  createdAt: string;
  name: string;
  email: string;
  phone: string;
  /** Paise. */
  amount: number;
  /** Paise refunded: all of it for a refunded gift, the part returned of a paid one (else 0). */
  refundedAmount: number;
  donationType: string;
  purpose: string | null;
  status: string;
  razorpayOrderId: string | null;
  razorpayPaymentId: string | null;
  razorpaySubscriptionId: string | null;
  /** How it came (shared/gift-modes.ts); the rest is set only for a gift staff recorded. */
  mode: string;
  /** India day, `YYYY-MM-DD`. */
  receivedOn: string | null;
  reference: string | null;
  bank: string | null;
  recordedBy: string | null;
}

/** The donation's columns as `DonationListItem`, over `donations d`. */
export const DONATION_COLUMNS = `d.id, ${isoTime('d.created_at')} as "createdAt", d.name, d.email, d.phone, d.amount,
  case when d.status = 'refunded' then d.amount else d.refunded_amount end as "refundedAmount",
  d.donation_type as "donationType", d.purpose, d.status, d.razorpay_order_id as "razorpayOrderId",
  d.razorpay_payment_id as "razorpayPaymentId", d.mode, to_char(d.received_on, 'YYYY-MM-DD') as "receivedOn",
  d.reference, d.bank, d.recorded_by as "recordedBy"`;

/**
 * The Razorpay subscription a donation belongs to (its first charge, or a later one): two look-ups
 * by index, where one with an OR of both cost the export more than the rest of its row.
 */
export const SUBSCRIPTION_ID_OF_ROW = `coalesce(
  (select s.razorpay_subscription_id from subscriptions s where s.donation_id = page.id limit 1),
  (select s.razorpay_subscription_id from subscriptions s where s.id = page.subscription_id)) as "razorpaySubscriptionId"`;

export async function listDonations({ em, input }: { em: EntityManager; input: DonationListInput }) {
  const where = donationWhere(input.filter);
  const column = SORT_SQL[input.sort];
  const { direction } = input;
  const offset = (input.page - 1) * input.pageSize;
  // The page's ids are cut first (from the sort's index alone where it can), then their rows are
  // read, and the subscription lookup runs for those rows only.
  const { rows, ...total } = await withTotal(
    em,
    em.execute<(DonationListItem & { subscription_id?: number; sort_key?: unknown })[]>(
      `with ids as (
         select d.id from donations d where ${where.sql}
          order by d.${column} ${direction}, d.id ${direction} limit ? offset ?),
       page as (
         select ${DONATION_COLUMNS}, d.subscription_id, d.${column} as sort_key from ids join donations d on d.id = ids.id)
       select page.*, ${SUBSCRIPTION_ID_OF_ROW} from page order by sort_key ${direction}, id ${direction}`,
      [...where.params, input.pageSize, offset],
    ),
    offset,
    `from donations d where ${where.sql}`,
    where.params,
  );
  return {
    rows: rows.map(({ subscription_id: _id, sort_key: _key, ...row }) => row as DonationListItem),
    ...total,
    page: input.page,
    pageSize: input.pageSize,
  };
}
