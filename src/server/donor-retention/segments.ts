import type { EntityManager } from '@mikro-orm/postgresql';
import { type FinancialYear, financialYearOf, financialYearStarting } from '../../shared/india-time';
import type { Segment } from '../../shared/segments.schema';

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
 * SQL: the segment's donors, `m(donor_id)`, from the yearly rollup `donor_years` (`?` in the
 * order of `params`). `y0` is the segment's year's start year, y1 the one before.
 */
function members(segment: Segment, y0: number): { sql: string; params: unknown[] } {
  const y1 = y0 - 1;
  const noneIn = (years: string) =>
    `not exists (select 1 from donor_years n where n.start_year in (${years}) and n.donor_id = r.donor_id)`;
  switch (segment.kind) {
    case 'lybunt':
      return {
        sql: `select r.donor_id from donor_years r where r.start_year = ? and ${noneIn('?')}`,
        params: [y1, y0],
      };
    case 'sybunt':
      return {
        sql: `select distinct r.donor_id from donor_years r where r.start_year < ? and ${noneIn('?, ?')}`,
        params: [y1, y0, y1],
      };
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
  const m = members(segment, y0.startYear);
  // The sums and the totals from the rollup (the window sums run before the limit); then the
  // listed donors' last gifts (name, phone, language) and the address they gave last.
  const rows = await em.execute<Row[]>(
    `with m as (${m.sql}),
     p as (
       -- Each member's years by donor_years_donor_id_index (it covers them): a few rows each.
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
           from donor_years r where r.donor_id = m.donor_id and r.start_year <= ?) s),
     listed as (
       select p.*, count(*) over () as "totalDonors", sum(p.last_amount) over () as "totalLast",
              sum(p.y0) over () as total0, sum(p.y1) over () as total1, sum(p.y2) over () as total2,
              sum(p.y3) over () as total3, sum(p.earlier) over () as "totalEarlier"
         from p order by p.total desc, p.donor_id
        ${limit === undefined ? '' : `limit ${Number(limit)}`})
     select l.donor_id as "donorId", last.name, coalesce(nullif(last.email, ''), dn.email, '') as email,
            last.phone, last.language, l.last_at as "lastGiftAt", l.last_amount as "lastGiftAmount",
            l.y0, l.y1, l.y2, l.y3, l.earlier, l."totalDonors", l."totalLast", l.total0, l.total1, l.total2,
            l.total3, l."totalEarlier"
       from listed l join donations last on last.id = l.last_id left join donors dn on dn.id = l.donor_id
      order by l.total desc, l.donor_id`,
    [...m.params, y0.startYear, y1.startYear, y2.startYear, y3.startYear, y3.startYear, y0.startYear],
  );
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
