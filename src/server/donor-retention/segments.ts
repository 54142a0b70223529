import type { EntityManager } from '@mikro-orm/postgresql';
import { type FinancialYear, financialYearOf, financialYearStarting } from '../../shared/india-time';
import type { Segment } from '../../shared/segments.schema';
import { KEPT_GIFTS } from './kept-gifts';

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

/** SQL on the per-donor sums `p` (y0 the segment's year, y1 the year before, …): who is in it. */
function membership(segment: Segment): { sql: string; params: unknown[] } {
  switch (segment.kind) {
    case 'lybunt':
      return { sql: 'p.y0 is null and p.y1 is not null', params: [] };
    case 'sybunt':
      return {
        sql: 'p.y0 is null and p.y1 is null and (p.y2 is not null or p.y3 is not null or p.earlier is not null)',
        params: [],
      };
    case 'appeal':
      return { sql: 'p.to_appeal', params: [] };
    case 'year':
      return { sql: 'p.y0 is not null', params: [] };
    case 'amount':
      return {
        sql: 'p.y0 is not null and p.y0 >= ? and p.y0 <= ?',
        params: [
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
 * The segment's donors, largest giving first, each once however many records were merged into
 * them, with the totals of every donor in it (the window sums run before the limit). Only gifts up
 * to the end of the segment's year count: a list of a past year reads as it stood then. A donor's
 * name, phone and language are their latest gift's ; the e-mail the latest one they gave (a
 * walk-in's cash may come without one).
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
  const member = membership(segment);
  const appealId = segment.kind === 'appeal' ? segment.appealId : null;
  const rows = await em.execute<Row[]>(
    `with gifts as (${KEPT_GIFTS}),
     p as (
       select g.donor_id,
              sum(g.kept) filter (where g.at >= ?) as y0,
              sum(g.kept) filter (where g.at >= ? and g.at < ?) as y1,
              sum(g.kept) filter (where g.at >= ? and g.at < ?) as y2,
              sum(g.kept) filter (where g.at >= ? and g.at < ?) as y3,
              sum(g.kept) filter (where g.at < ?) as earlier,
              max(g.at) as last_at,
              (array_agg(g.id order by g.at desc, g.id desc))[1] as last_id,
              (array_agg(g.email order by g.at desc, g.id desc) filter (where g.email <> ''))[1] as email,
              coalesce(bool_or(g.appeal_id = ?), false) as to_appeal
         from gifts g where g.at < ? group by g.donor_id)
     select p.donor_id as "donorId", last.name, coalesce(p.email, '') as email, last.phone, last.language,
            p.last_at as "lastGiftAt", last.amount - last.refunded_amount as "lastGiftAmount",
            p.y0, p.y1, p.y2, p.y3, p.earlier,
            count(*) over () as "totalDonors", sum(last.amount - last.refunded_amount) over () as "totalLast",
            sum(p.y0) over () as total0, sum(p.y1) over () as total1, sum(p.y2) over () as total2,
            sum(p.y3) over () as total3, sum(p.earlier) over () as "totalEarlier"
       from p
       join donations last on last.id = p.last_id
      where ${member.sql}
      order by coalesce(p.y0, 0) + coalesce(p.y1, 0) + coalesce(p.y2, 0) + coalesce(p.y3, 0) + coalesce(p.earlier, 0) desc,
               p.donor_id
      ${limit === undefined ? '' : `limit ${Number(limit)}`}`,
    [
      y0.start,
      y1.start,
      y0.start,
      y2.start,
      y1.start,
      y3.start,
      y2.start,
      y3.start,
      appealId,
      y0.end,
      ...member.params,
    ],
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
