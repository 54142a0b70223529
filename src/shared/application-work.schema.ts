import { z } from 'zod';
import { APPLICATION_KINDS, APPLICATION_STATUSES } from './applications';
import { LANGUAGES } from './languages';
import { calendarDaySchema } from './offline-gift.schema';
import { rowIdSchema } from './row-id';

/**
 * The console's work on applications (staff.applications.*): the list's filters, a step, a note, an
 * assignment, the mail templates staff edit and the admins' keeping period. Shared by the procedures
 * and the console's pages. No Node or DOM imports.
 */

/** Rows per page of the console's list. */
export const APPLICATION_PAGE_SIZE = 50;

/** An open application waiting longer than this in its status is counted on the overview. */
export const APPLICATION_WAITING_DAYS = 3;

export const applicationListInputSchema = z.object({
  kind: z.enum(APPLICATION_KINDS).optional(),
  /** A status, or `open` for every status an application waits in. */
  status: z.enum([...APPLICATION_STATUSES, 'open']).optional(),
  /** Only open ones waiting over APPLICATION_WAITING_DAYS in their status (the overview's link). */
  waiting: z.boolean().default(false),
  /** Part of a name or an e-mail address. */
  search: z.string().trim().max(100, 'At most 100 characters').default(''),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type ApplicationListInput = z.input<typeof applicationListInputSchema>;

const idField = rowIdSchema('Must be an application number');

/** The steps a mail can be sent at: each status staff move to, and the kind word to the other families. */
export const APPLICATION_MAIL_STEPS = [
  'contacted',
  'home-visit',
  'approved',
  'completed',
  'declined',
  'withdrawn',
  'found-another-home',
] as const;
export type ApplicationMailStep = (typeof APPLICATION_MAIL_STEPS)[number];

/** The placeholders a template may use; anything else in braces is refused. */
export const TEMPLATE_PLACEHOLDERS = ['{name}', '{animal}', '{trust}'] as const;

const noteText = z.string().trim().max(2000, 'At most 2,000 characters');

export const applicationMoveInputSchema = z.object({
  id: idField,
  to: z.enum(APPLICATION_STATUSES, { error: 'Choose a step' }),
  /** Mail the applicant the step's template, in their language. */
  mail: z.boolean().default(false),
  note: noteText.default(''),
  /** The India day an adoption was completed (`YYYY-MM-DD`); today when not given. */
  onDate: calendarDaySchema.optional(),
  /** Approving an adoption: the other open applications for the same animal to decline, each with a kind mail. */
  declineOthers: z.array(idField).max(500).default([]),
});
export type ApplicationMoveInput = z.input<typeof applicationMoveInputSchema>;

export const applicationAssignInputSchema = z.object({
  id: idField,
  /** A staff member's account id, or null for nobody. */
  userId: rowIdSchema('Must be a staff member’s number').nullable(),
});

export const applicationNoteInputSchema = z.object({
  id: idField,
  text: noteText.min(1, 'Write a note'),
});

const unknownPlaceholder = (text: string) =>
  (text.match(/\{[^}]*\}/g) ?? []).find((found) => !(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(found));

export const applicationTemplateInputSchema = z
  .object({
    step: z.enum(APPLICATION_MAIL_STEPS),
    language: z.enum(LANGUAGES),
    subject: z.string().trim().min(1, 'Write a subject').max(200, 'At most 200 characters'),
    body: z.string().trim().min(1, 'Write the message').max(5000, 'At most 5,000 characters'),
  })
  .superRefine((value, context) => {
    for (const field of ['subject', 'body'] as const) {
      const unknown = unknownPlaceholder(value[field]);
      if (unknown)
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `${unknown} is not a placeholder: use ${TEMPLATE_PLACEHOLDERS.join(', ')}`,
        });
    }
  });
export type ApplicationTemplateInput = z.input<typeof applicationTemplateInputSchema>;

export const applicationTemplateResetInputSchema = z.object({
  step: z.enum(APPLICATION_MAIL_STEPS),
  language: z.enum(LANGUAGES),
});

/** How many months declined and withdrawn applications are kept before they are erased. */
export const applicationKeepMonthsInputSchema = z.object({
  months: z
    .number({ error: 'Must be a number of months' })
    .int('Must be a whole number of months')
    .min(1, 'At least 1 month')
    .max(120, 'At most 120 months'),
});
