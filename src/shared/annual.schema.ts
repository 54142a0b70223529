import { z } from 'zod';
import { LANGUAGES } from './languages';

/** Inputs of the year's close (statement of donations) and of donors' own page, shared with the pages. */

/** `2026-27`: April 2026 to March 2027, India time. */
export const financialYearSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}$/, 'must be a financial year such as 2026-27')
  .refine(
    (value) => (Number(value.slice(0, 4)) + 1) % 100 === Number(value.slice(5)),
    'the two years must follow each other',
  );

export const statementYearInputSchema = z.object({ year: financialYearSchema });

export const statementPurposeInputSchema = z.object({
  purpose: z.string().trim().min(1).max(200),
  donationType: z.enum(['corpus', 'specific-grant', 'others']),
});

/**
 * Staff's choice for an ID whose receipts carry more than one person: the ID by the keyed hash the
 * summary lists it with, and the receipt whose name and address its Part B rows carry.
 */
export const statementReviewInputSchema = z.object({
  year: financialYearSchema,
  idHash: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be an ID as the summary lists it'),
  receiptNumber: z.string().trim().min(1, 'choose a receipt').max(64),
});

/** `POST /api/my-giving/link`: the address, and the language of the page it was asked on (the mail's; English if none). */
export const donorLinkRequestSchema = z.object({
  email: z.email().trim().max(254),
  language: z.enum(LANGUAGES).optional(),
});

export const donorCancelMonthlyInputSchema = z.object({ subscriptionId: z.number().int().positive() });

export const erasureCompleteInputSchema = z.object({ id: z.number().int().positive() });
