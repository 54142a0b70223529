/**
 * The home page's impact figures counted from the animal records (issue 42 item 6) instead of a
 * typed number: staff choose, per figure, what to count and since which India day. No Node or DOM
 * imports, no zod (the home page's first load carries this file).
 */
export const IMPACT_COUNT_KINDS = ['rehomed', 'sterilised', 'rescued', 'in-care'] as const;
export type ImpactCountKind = (typeof IMPACT_COUNT_KINDS)[number];

/** What the console offers, in the staff's words. */
export const IMPACT_COUNT_LABELS: Record<ImpactCountKind, string> = {
  rehomed: 'Animals rehomed (moved to adopted) since a day',
  sterilised: 'Animals sterilised since a day',
  rescued: 'Animals rescued (intake kind "rescued") since a day',
  'in-care': 'Animals in the trust’s care now',
};

/** A figure's count: what, and the India day it counts from (`YYYY-MM-DD`; none for "in care now"). */
export interface ImpactCount {
  of: ImpactCountKind;
  since?: string;
}

/** The kinds counted since a day (the others are counted as they are now). */
export const countsSince = (kind: ImpactCountKind): boolean => kind !== 'in-care';

/**
 * The figures as the page shows them: a counted figure's value is its count (`1,204`, Indian
 * grouping) with the day it counts from; a count that could not be read keeps the typed value.
 */
export function withImpactCounts<F extends { value: string; count?: ImpactCount }>(
  figures: readonly F[],
  counts: readonly (number | null)[],
): (F & { countedSince?: string })[] {
  return figures.map((figure, index) => {
    const counted = counts[index];
    if (!figure.count || counted === null || counted === undefined) return figure;
    return {
      ...figure,
      value: counted.toLocaleString('en-IN'),
      ...(figure.count.since && countsSince(figure.count.of) ? { countedSince: figure.count.since } : {}),
    };
  });
}
