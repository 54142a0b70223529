import { z } from 'zod';

/**
 * A gift made in memory or in honour of someone, a person or an animal: its kind, the name and an
 * optional message. The donate form, tRPC, REST and the console share this schema; the receipt
 * prints it (`tributeLine`) and the console's donation story shows it. No Node or DOM imports.
 */

export const TRIBUTE_KINDS = ['memory', 'honour'] as const;
export type TributeKind = (typeof TRIBUTE_KINDS)[number];

/** Whom the gift remembers or honours. */
export const TRIBUTE_SUBJECTS = ['person', 'animal'] as const;
export type TributeSubject = (typeof TRIBUTE_SUBJECTS)[number];

export const MAX_TRIBUTE_NAME = 100;
export const MAX_TRIBUTE_MESSAGE = 300;

/** Control characters (NUL, escapes, line breaks) have no place on a receipt's line. */
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;

const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .regex(NO_CONTROL_CHARACTERS, 'Must not contain control characters or line breaks');

export const tributeSchema = z
  .object({
    kind: z.enum(TRIBUTE_KINDS, { error: "Must be 'memory' or 'honour'" }),
    of: z.enum(TRIBUTE_SUBJECTS, { error: "Must be 'person' or 'animal'" }),
    name: line(MAX_TRIBUTE_NAME).min(1, 'Required'),
    message: line(MAX_TRIBUTE_MESSAGE).optional(),
  })
  .strict();
export type Tribute = z.infer<typeof tributeSchema>;

/** `In memory of` / `In honour of`: the label a receipt and the console print before the name. */
export const TRIBUTE_LABELS: Record<TributeKind, string> = {
  memory: 'In memory of',
  honour: 'In honour of',
};

/** The tribute as one line of a receipt: `Rani (a beloved animal)`, with the message after a dash. */
export function tributeText(tribute: Tribute): string {
  const name = tribute.of === 'animal' ? `${tribute.name} (a beloved animal)` : tribute.name;
  return tribute.message ? `${name}: “${tribute.message}”` : name;
}

/** A tribute read back from storage (jsonb), or null when there is none or it is not one. */
export function tributeOf(value: unknown): Tribute | null {
  if (value === null || value === undefined) return null;
  const parsed = tributeSchema.safeParse(typeof value === 'string' ? JSON.parse(value) : value);
  return parsed.success ? parsed.data : null;
}
