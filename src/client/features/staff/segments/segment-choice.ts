import { financialYearOf, financialYearStarting } from '../../../../shared/india-time';
import type { Segment, SegmentKind } from '../../../../shared/segments.schema';

/** What the page's controls hold; `segmentOf` makes the procedure's input of it. */
export interface SegmentChoice {
  kind: SegmentKind;
  year: string;
  appealId: string | null;
  minRupees: number | string;
  maxRupees: number | string;
}

/** This financial year and the nine before it, newest first. */
export function yearChoices(now = new Date()): string[] {
  const current = financialYearOf(now).startYear;
  return Array.from({ length: 10 }, (_, back) => financialYearStarting(current - back).label);
}

export const firstChoice = (): SegmentChoice => ({
  kind: 'lybunt',
  year: financialYearOf(new Date()).label,
  appealId: null,
  minRupees: '',
  maxRupees: '',
});

const rupeesOrNone = (value: number | string) => (value === '' ? undefined : Number(value));

/** The segment the controls describe, or null while an appeal is still to be chosen. */
export function segmentOf(choice: SegmentChoice): Segment | null {
  switch (choice.kind) {
    case 'appeal':
      return choice.appealId === null ? null : { kind: 'appeal', appealId: Number(choice.appealId) };
    case 'amount':
      return {
        kind: 'amount',
        year: choice.year,
        minRupees: rupeesOrNone(choice.minRupees),
        maxRupees: rupeesOrNone(choice.maxRupees),
      };
    default:
      return { kind: choice.kind, year: choice.year };
  }
}

/** The segment's CSV (transports/routes/segment-csv.ts). */
export const segmentCsvHref = (segment: Segment) =>
  `/staff/api/segment.csv?segment=${encodeURIComponent(JSON.stringify(segment))}`;
