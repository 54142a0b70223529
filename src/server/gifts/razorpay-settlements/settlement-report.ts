import type { EntityManager } from '@mikro-orm/postgresql';
import { financialYearOf, financialYearStarting } from '../../../shared/india-time';
import { isoTime } from '../../platform/db/sql-time';

/**
 * What the console shows of Razorpay's settlements, and the accountant's CSV of them. Both read
 * the same lines: a settlement's figures are the sums of its lines, and the year's totals the
 * sums of the settlements, so every total on the page is the sum of the CSV's rows. A settlement
 * whose lines Razorpay's report has not given yet is one row of its own (`awaiting report`):
 * what reached the bank, and Razorpay's fee and tax for it, with no gross.
 */

export interface SettlementFigures {
  /** Paise; signed (refunds take money back). Null while the lines are awaited. */
  gross: number | null;
  fee: number;
  tax: number;
  adjustments: number | null;
  net: number;
}

export interface SettlementRow extends SettlementFigures {
  id: string;
  /** ISO-8601. */
  settledAt: string;
  utr: string | null;
  payments: number;
  refunds: number;
  /** What Razorpay said reached the bank; differs from `net` only if its lines do not add up. */
  reportedNet: number;
  awaitingReport: boolean;
}

/** The instants a financial year (`2026-27`) runs between. */
function yearRange(year: string) {
  return financialYearStarting(Number(year.slice(0, 4)));
}

/** A settlement's figures: its lines' sums as stored with them, or what Razorpay reported while its report is awaited. */
const SETTLEMENT_FIGURES = `
  coalesce(s.lines_payments, 0) as payments,
  coalesce(s.lines_refunds, 0) as refunds,
  case when s.entries_fetched_at is null then null else s.lines_gross end as gross,
  case when s.entries_fetched_at is null then s.fee else s.lines_fee end as fee,
  case when s.entries_fetched_at is null then s.tax else s.lines_tax end as tax,
  case when s.entries_fetched_at is null then null else s.adjustments end as adjustments,
  case when s.entries_fetched_at is null then s.amount else s.lines_net end as net`;

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The year's settlements, newest first, each with its figures summed from its lines. */
export async function listSettlements(em: EntityManager, year: string): Promise<SettlementRow[]> {
  const { start, end } = yearRange(year);
  const rows = await em.execute<Record<string, unknown>[]>(
    `select s.id, ${isoTime('s.settled_at')} as "settledAt", s.utr, s.amount as "reportedNet",
            s.entries_fetched_at is null as "awaitingReport", ${SETTLEMENT_FIGURES}
       from settlements s
      where s.settled_at >= ? and s.settled_at < ?
      order by s.settled_at desc, s.id desc`,
    [start, end],
  );
  return rows.map((row) => ({
    id: String(row.id),
    settledAt: String(row.settledAt),
    utr: row.utr === null ? null : String(row.utr),
    payments: Number(row.payments),
    refunds: Number(row.refunds),
    gross: numberOrNull(row.gross),
    fee: Number(row.fee),
    tax: Number(row.tax),
    adjustments: numberOrNull(row.adjustments),
    net: Number(row.net),
    reportedNet: Number(row.reportedNet),
    awaitingReport: Boolean(row.awaitingReport),
  }));
}

/** The year's totals: the sums of its settlements (a null gross or adjustment counts as nothing). */
export function totalsOf(settlements: SettlementFigures[]) {
  const sum = (pick: (row: SettlementFigures) => number | null) =>
    settlements.reduce((total, row) => total + (pick(row) ?? 0), 0);
  return {
    settlements: settlements.length,
    gross: sum((row) => row.gross),
    fee: sum((row) => row.fee),
    tax: sum((row) => row.tax),
    adjustments: sum((row) => row.adjustments),
    net: sum((row) => row.net),
  };
}

export interface SettlementLine {
  settlementId: string;
  settledAt: string;
  utr: string | null;
  /** `payment`, `refund`, `adjustment`, … or `awaiting report`. */
  type: string;
  entityId: string | null;
  paymentId: string | null;
  donationId: number | null;
  receiptNumber: string | null;
  /** When the payment or refund was made (ISO-8601). */
  occurredAt: string | null;
  gross: number | null;
  fee: number;
  tax: number;
  adjustment: number | null;
  net: number;
}

const LINE_COLUMNS = `s.id as "settlementId", ${isoTime('s.settled_at')} as "settledAt", s.utr`;

/**
 * A settlement's lines: its payments, refunds and adjustments (each payment's donation and
 * receipt when the trust has them), or its one `awaiting report` line.
 */
export async function settlementLines(em: EntityManager, settlementId: string): Promise<SettlementLine[]> {
  return em.execute<SettlementLine[]>(
    `select ${LINE_COLUMNS}, e.type, e.entity_id as "entityId", e.payment_id as "paymentId",
            d.id as "donationId", r.number as "receiptNumber", ${isoTime('e.occurred_at')} as "occurredAt",
            e.gross, e.fee, e.tax, e.adjustment, e.net
       from settlements s
       join settlement_entries e on e.settlement_id = s.id
       left join donations d on d.razorpay_payment_id = e.payment_id
       -- The payment's newest receipt: after a partial refund, the one for the amount kept.
       left join lateral (select number from receipts where payment_id = e.payment_id order by id desc limit 1) r on true
      where s.id = ?
     union all
     select ${LINE_COLUMNS}, 'awaiting report', null, null, null, null, null, null, s.fee, s.tax, null, s.amount
       from settlements s where s.id = ? and s.entries_fetched_at is null
      order by "occurredAt" nulls first, "entityId"`,
    [settlementId, settlementId],
  );
}

/** The year's settlements, oldest first, for the CSV (which reads their lines one settlement at a time). */
export async function settlementIdsOf(em: EntityManager, year: string): Promise<string[]> {
  const { start, end } = yearRange(year);
  const rows = await em.execute<{ id: string }[]>(
    'select id from settlements where settled_at >= ? and settled_at < ? order by settled_at, id',
    [start, end],
  );
  return rows.map((row) => row.id);
}

/** Unsettled payments listed on the page; the count and the total cover all of them. */
const UNSETTLED_LISTED = 200;
/** Before the first settlement on record, the trust's books say nothing of what Razorpay settled. */
const BEFORE_FIRST_SETTLEMENT = "interval '7 days'";

/**
 * Online payments captured but in no settlement yet (refunded ones too: Razorpay settles the
 * payment and deducts the refund), counted from a week before the first settlement on record. A
 * payment's settlement is written on it when its settlement's lines are stored, so these are read
 * from a partial index of the unsettled few (donations_unsettled_index), whatever the table's size.
 */
export async function unsettledPayments(em: EntityManager) {
  const [first] = await em.execute<{ since: string | null }[]>(
    `select ${isoTime(`min(settled_at) - ${BEFORE_FIRST_SETTLEMENT}`)} as since from settlements`,
  );
  const since = first?.since ?? null;
  const where = `d.mode = 'online' and d.status in ('paid', 'refunded') and d.razorpay_payment_id is not null
     and d.settlement_id is null and d.created_at >= ?`;
  // One pass over the window: the count, the total and the first rows listed from the same set.
  const rows = await em.execute<
    {
      count: number;
      amount: string | null;
      donationId: number | null;
      paymentId: string;
      itemAmount: number;
      status: string;
      paidAt: string;
    }[]
  >(
    `with unsettled as materialized (
       select d.id, d.razorpay_payment_id, d.amount, d.status, d.created_at from donations d where ${where}),
     totals as (select count(*)::int as count, sum(amount) as amount from unsettled),
     listed as (select * from unsettled order by created_at, id limit ${UNSETTLED_LISTED})
     select t.count, t.amount, l.id as "donationId", l.razorpay_payment_id as "paymentId",
            l.amount as "itemAmount", l.status, ${isoTime('coalesce(r.issued_at, l.created_at)')} as "paidAt"
       from totals t left join listed l on true left join receipts r on r.payment_id = l.razorpay_payment_id and r.replaces_receipt_id is null
      order by l.created_at, l.id`,
    [since ?? new Date(0)],
  );
  const totals = rows[0];
  const items = rows
    .filter((row) => row.donationId !== null)
    .map((row) => ({
      donationId: Number(row.donationId),
      paymentId: row.paymentId,
      amount: Number(row.itemAmount),
      status: row.status,
      paidAt: row.paidAt,
    }));
  return { count: totals?.count ?? 0, amount: Number(totals?.amount ?? 0), since, items };
}

/** The financial years with settlements, newest first, and always the current one. */
export async function settlementYears(em: EntityManager, now = new Date()): Promise<string[]> {
  const [first] = await em.execute<{ first: string | null }[]>(
    `select ${isoTime('min(settled_at)')} as first from settlements`,
  );
  const current = financialYearOf(now);
  const oldest = first?.first ? financialYearOf(new Date(first.first)).startYear : current.startYear;
  const years: string[] = [];
  for (let start = current.startYear; start >= oldest; start -= 1) years.push(financialYearStarting(start).label);
  return years;
}
