import type { EntityManager } from '@mikro-orm/postgresql';
import { type FinancialYear, financialYearOf, financialYearStarting } from '../../../shared/india-time';
import type { Segment } from '../../../shared/segments.schema';

/** One donor of a segment, as the console lists them and the CSV writes them. Amounts in paise. */
export interface SegmentRow {
  donorId: number;
  name: string;
  email: string;
  phone: string;
  /** The language of their latest gift: the one their mails go in. */
  language: string;
  /** Their latest gift kept, up to the end of the segment's year. */
  lastGiftAt: string;
  lastGiftAmount: number;
  /** What they gave in the segment's year and each of the three before it (`years`, newest first). */
  yearTotals: [number, number, number, number];
  /** What they gave before those four years. */
  earlier: number;
}

export interface SegmentTotals {
  donors: number;
  lastGiftAmount: number;
  yearTotals: [number, number, number, number];
  earlier: number;
}

export interface SegmentList {
  /** The financial year the segment is read in (an appeal's: this one), and the three before it. */
  years: [string, string, string, string];
  rows: SegmentRow[];
  /** Of every row, listed or not: each the sum of that column of the CSV. */
  totals: SegmentTotals;
}

const yearOf = (label: string) => financialYearStarting(Number(label.slice(0, 4)));

/** The year a segment is read in: the one it names, or this one (an appeal's donors). */
export function segmentYear(segment: Segment, now = new Date()): FinancialYear {
  return 'year' in segment ? yearOf(segment.year) : financialYearOf(now);
}

/**
 * SQL: the donors of a segment other than LYBUNT and SYBUNT, `m(donor_id)` (`?` in the
 * order of `params`). `y0` is the segment's year's start year, y1 the one before.
 */
function members(
  segment: Exclude<Segment, { kind: 'lybunt' | 'sybunt' }>,
  y0: number,
): { sql: string; params: unknown[] } {
  switch (segment.kind) {
    case 'appeal':
      // Gifts kept, to the appeal (donations_appeal_id_index), by the donor they belong to.
      return {
        sql: `select distinct d.donor_id from donations d
               where d.appeal_id = ? and d.status = 'paid' and d.amount > d.refunded_amount and d.donor_id is not null`,
        params: [segment.appealId],
      };
    case 'year':
      return { sql: 'select r.donor_id from donor_years r where r.start_year = ?', params: [y0] };
    case 'amount':
      return {
        sql: 'select r.donor_id from donor_years r where r.start_year = ? and r.kept >= ? and r.kept <= ?',
        params: [
          y0,
          Math.round((segment.minRupees ?? 0) * 100),
          segment.maxRupees === undefined ? Number.MAX_SAFE_INTEGER : Math.round(segment.maxRupees * 100),
        ],
      };
  }
}

type Years = readonly [number, number, number, number];

interface MemberYears {
  sql: string;
  params: unknown[];
  /** The first `limit` members, largest giving first, cheaper than `sql` sorted (SYBUNT's), with the others among them. */
  top?: (limit: number) => { sql: string; params: unknown[] };
}

/**
 * SQL: each member's sums (y0 … y3 of `years`, earlier, total) and last gift up to the segment's
 * year, `p`. LYBUNT and SYBUNT read one donor_years row per member, the donor's last up to the
 * year (its next year none or after it), which carries the years before it
 * (Migration20261128060000): a scan of a covering index, no lookup per member. The other kinds
 * read each member's rows by donor_years_donor_id_index.
 */
function memberYears(segment: Segment, [y0, y1, y2, y3]: Years): MemberYears {
  const lastUpTo = (years: string) => `from donor_years r where coalesce(r.next_start_year, 32767) > ? and ${years}`;
  const last = 'r.last_gift_at as last_at, r.last_gift_amount as last_amount, r.last_donation_id as last_id';
  switch (segment.kind) {
    case 'lybunt':
      // The row is y1's: the year before it is y2, two before y3.
      return {
        sql: `select r.donor_id, 0 as y0, r.kept as y1, r.kept_year_before as y2, r.kept_two_years_before as y3,
                     r.kept_before - r.kept_year_before - r.kept_two_years_before as earlier,
                     r.kept + r.kept_before as total, ${last}
                ${lastUpTo('r.start_year = ?')}`,
        params: [y0, y1],
      };
    case 'sybunt': {
      // The row is y2's, y3's or earlier: the donor's last of all (next none), or one whose donor
      // came back after y0. Two ranges, each read from its own index: a SYBUNT of this year reads
      // only the first, its totals from donor_years_last_year_index, its first page walking
      // donor_years_last_year_total_index largest first (Migration20261129081000).
      const inY2 = 'case when r.start_year = ? then r.kept else 0 end';
      const inY3 = 'case r.start_year when ? then r.kept when ? then r.kept_year_before else 0 end';
      const select = `select r.donor_id, 0 as y0, 0 as y1, ${inY2} as y2, ${inY3} as y3,
                     r.kept + r.kept_before - ${inY2} - ${inY3} as earlier, r.kept + r.kept_before as total, ${last}
                from donor_years r`;
      const selectParams = [y2, y3, y2, y2, y3, y2];
      const lastOfAll = {
        sql: `${select} where r.next_start_year is null and r.start_year < ?`,
        params: [...selectParams, y1],
      };
      const cameBack = {
        sql: `${select} where coalesce(r.next_start_year, 32767) > ? and coalesce(r.next_start_year, 32767) < 32767 and r.start_year < ?`,
        params: [...selectParams, y0, y1],
      };
      const largest = 'order by r.kept + r.kept_before desc, r.donor_id';
      return {
        sql: `${lastOfAll.sql} union all ${cameBack.sql}`,
        params: [...lastOfAll.params, ...cameBack.params],
        top: (limit) => ({
          sql: `(${lastOfAll.sql} ${largest} limit ${limit}) union all (${cameBack.sql} ${largest} limit ${limit})`,
          params: [...lastOfAll.params, ...cameBack.params],
        }),
      };
    }
    default: {
      const m = members(segment, y0);
      return {
        sql: `with m as (${m.sql})
              select m.donor_id, s.* from m cross join lateral (
                select sum(r.kept) filter (where r.start_year = ?) as y0,
                       sum(r.kept) filter (where r.start_year = ?) as y1,
                       sum(r.kept) filter (where r.start_year = ?) as y2,
                       sum(r.kept) filter (where r.start_year = ?) as y3,
                       sum(r.kept) filter (where r.start_year < ?) as earlier,
                       sum(r.kept) as total,
                       (array_agg(r.last_gift_at order by r.start_year desc))[1] as last_at,
                       (array_agg(r.last_gift_amount order by r.start_year desc))[1] as last_amount,
                       (array_agg(r.last_donation_id order by r.start_year desc))[1] as last_id
                  from donor_years r where r.donor_id = m.donor_id and r.start_year <= ?) s`,
        params: [...m.params, y0, y1, y2, y3, y3, y0],
      };
    }
  }
}

interface Row {
  donorId: number;
  name: string;
  email: string;
  phone: string;
  language: string;
  lastGiftAt: Date | string;
  lastGiftAmount: string;
  y0: string | null;
  y1: string | null;
  y2: string | null;
  y3: string | null;
  earlier: string | null;
  totalDonors: string;
  totalLast: string;
  total0: string | null;
  total1: string | null;
  total2: string | null;
  total3: string | null;
  totalEarlier: string | null;
}

/**
 * The segment's donors, largest giving first (in the segment's year and before), each once (a
 * merge moves a record's gifts to the one kept), with the totals of every donor in it. Only gifts
 * up to the end of the segment's year count: a list of a past year reads as it stood then. Read
 * from the yearly rollup (donor_years), not the gifts. A donor's name, phone and language are their
 * latest gift's; the e-mail too, or the donor record's (the newest given) when that gift had none.
 */
export async function segmentRows(
  em: EntityManager,
  segment: Segment,
  { limit, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<SegmentList> {
  const y0 = segmentYear(segment, now);
  const [y1, y2, y3] = [1, 2, 3].map((back) => financialYearStarting(y0.startYear - back)) as [
    FinancialYear,
    FinancialYear,
    FinancialYear,
  ];
  const years = [y0.startYear, y1.startYear, y2.startYear, y3.startYear] as const;
  const p = memberYears(segment, years);
  // The totals of every member and the first `limit` of them, largest giving first, each from
  // its own read of the rollup (LYBUNT's and SYBUNT's an index-only scan, cheaper twice than one
  // scan kept whole for window sums; the others' members read once, kept); then the listed donors'
  // last gifts (name, phone, language) and the address they gave last.
  const twice = segment.kind === 'lybunt' || segment.kind === 'sybunt';
  const top = limit === undefined ? undefined : p.top?.(Number(limit));
  const sql = `with p as ${twice ? 'not materialized' : 'materialized'} (${p.sql}),
     totals as (
       select count(*) as "totalDonors", sum(p.last_amount) as "totalLast", sum(p.y0) as total0, sum(p.y1) as total1,
              sum(p.y2) as total2, sum(p.y3) as total3, sum(p.earlier) as "totalEarlier" from p),
     listed as (
       select p.* from ${top ? `(${top.sql}) p` : 'p'} order by p.total desc, p.donor_id ${limit === undefined ? '' : `limit ${Number(limit)}`})
     select l.donor_id as "donorId", last.name, last.email, last.phone, last.language, l.last_at as "lastGiftAt",
            l.last_amount as "lastGiftAmount", l.y0, l.y1, l.y2, l.y3, l.earlier, t."totalDonors", t."totalLast",
            t.total0, t.total1, t.total2, t.total3, t."totalEarlier"
       -- Each listed row's last gift by its key (offset 0 keeps it a lookup per row: for the CSV's
       -- tens of thousands the planner would otherwise hash all million gifts).
       from listed l cross join lateral (
         select d.name, coalesce(nullif(d.email, ''), (select dn.email from donors dn where dn.id = l.donor_id), '') as email,
                d.phone, d.language
           from donations d where d.id = l.last_id offset 0) last
      cross join totals t
      order by l.total desc, l.donor_id`;
  // Parallel workers only slow these short scans on a small, busy server: one process reads them.
  const rows = await em.transactional(async (tx) => {
    await tx.execute('set local max_parallel_workers_per_gather = 0');
    return tx.execute<Row[]>(sql, [...p.params, ...(top?.params ?? [])]);
  });
  const first = rows[0];
  const paise = (value: string | null | undefined) => Number(value ?? 0);
  return {
    years: [y0.label, y1.label, y2.label, y3.label],
    rows: rows.map((row) => ({
      donorId: Number(row.donorId),
      name: row.name,
      email: row.email,
      phone: row.phone,
      language: row.language,
      lastGiftAt: new Date(row.lastGiftAt).toISOString(),
      lastGiftAmount: paise(row.lastGiftAmount),
      yearTotals: [paise(row.y0), paise(row.y1), paise(row.y2), paise(row.y3)],
      earlier: paise(row.earlier),
    })),
    totals: {
      donors: paise(first?.totalDonors),
      lastGiftAmount: paise(first?.totalLast),
      yearTotals: [paise(first?.total0), paise(first?.total1), paise(first?.total2), paise(first?.total3)],
      earlier: paise(first?.totalEarlier),
    },
  };
}
