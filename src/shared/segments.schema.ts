import { z } from 'zod';
import { financialYearSchema } from './annual.schema';
import { plainText } from './appeals.schema';

/**
 * Segments of donors: who is slipping away (LYBUNT, SYBUNT), who gave to an appeal, in a year, or
 * a total within a range in a year. One schema for the console's lists, the CSV route and the
 * segment mail. Amounts are rupees at this edge; the server turns them into paise.
 */

const appealId = z.number({ error: 'must be an appeal' }).int().positive().max(2_147_483_647);
const rupees = z
  .number({ error: 'must be a number of rupees' })
  .nonnegative('must not be negative')
  .max(100_000_000, 'must be at most ₹10,00,00,000');

export const SEGMENT_KINDS = ['lybunt', 'sybunt', 'appeal', 'year', 'amount'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

export const SEGMENT_LABELS: Record<SegmentKind, string> = {
  lybunt: 'Gave last year but not this year (LYBUNT)',
  sybunt: 'Gave some year before, but not last year or this year (SYBUNT)',
  appeal: 'Gave to an appeal',
  year: 'Gave in a year',
  amount: 'Gave a total in a range in a year',
};

export const segmentSchema = z.discriminatedUnion(
  'kind',
  [
    /** `year` is "this year": the donors gave in the year before it and not in it. */
    z.object({ kind: z.literal('lybunt'), year: financialYearSchema }).strict(),
    /** Gave in some year before the one before `year`, and neither in that one nor in `year`. */
    z.object({ kind: z.literal('sybunt'), year: financialYearSchema }).strict(),
    z.object({ kind: z.literal('appeal'), appealId }).strict(),
    z.object({ kind: z.literal('year'), year: financialYearSchema }).strict(),
    z
      .object({
        kind: z.literal('amount'),
        year: financialYearSchema,
        /** Inclusive bounds of what the donor gave in all in the year; either may be left out. */
        minRupees: rupees.optional(),
        maxRupees: rupees.optional(),
      })
      .strict()
      .refine(
        (segment) =>
          segment.minRupees === undefined || segment.maxRupees === undefined || segment.minRupees <= segment.maxRupees,
        {
          message: 'must not be below the least amount',
          path: ['maxRupees'],
        },
      ),
  ],
  { error: `must be one of ${SEGMENT_KINDS.join(', ')}` },
);
export type Segment = z.infer<typeof segmentSchema>;

/** The console's list: the first rows (largest giving first) and the totals of every row. */
export const segmentListInputSchema = z.object({
  segment: segmentSchema,
  limit: z.number().int().min(1).max(500).default(100),
});

/**
 * The retention figures of a financial year (to date when it is the current one). An object, even
 * empty: the console posts its queries (methodOverride), and a POST without a body is not JSON.
 */
export const retentionInputSchema = z.object({ year: financialYearSchema.optional() });

const subjectSchema = plainText(150, { multiline: false }).min(3, 'must be at least 3 characters');
const textSchema = plainText(5_000, { multiline: true }).min(3, 'must be at least 3 characters');
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());
const translation = z
  .object({ subject: optionalText(subjectSchema), text: optionalText(textSchema) })
  .strict()
  .optional();

/**
 * An update mailed to a segment: the English subject and text, and either in Tamil and Hindi
 * where staff wrote them (a donor whose language has none gets the English).
 */
export const segmentMailInputSchema = z.object({
  segment: segmentSchema,
  subject: subjectSchema,
  text: textSchema,
  translations: z.object({ ta: translation, hi: translation }).strict().default({}),
});
export type SegmentMailInput = z.infer<typeof segmentMailInputSchema>;
