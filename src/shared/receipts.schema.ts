import { z } from 'zod';

/** The inputs of the console's receipt, outbox and mailbox procedures (staff.receipts.*, staff.outbox.*, staff.mailbox.*). */

const page = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
};

export const RECEIPT_STATUSES = ['issued', 'cancelled'] as const;

/** The receipt register: every number of a financial year, filtered as the accountant asks. */
export const receiptListInputSchema = z
  .object({
    ...page,
    /** `2026-27`. */
    financialYear: z
      .string()
      .regex(/^\d{4}-\d{2}$/, 'Must be a financial year like 2026-27')
      .optional(),
    /** The whole receipt number or a part of it. */
    number: z.string().trim().max(40).optional(),
    /** Part of the donor's name or e-mail. */
    donor: z.string().trim().max(100).optional(),
    status: z.enum(RECEIPT_STATUSES).optional(),
  })
  .strict();
export type ReceiptListInput = z.infer<typeof receiptListInputSchema>;

export const OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const;

export const outboxListInputSchema = z.object({ ...page, status: z.enum(OUTBOX_STATUSES).optional() }).strict();
export type OutboxListInput = z.infer<typeof outboxListInputSchema>;

export const receiptIdInputSchema = z.object({ id: z.number().int().positive().max(2_147_483_647) });

/** A message of the development mailbox, by its position in the list (oldest is 0). */
export const mailboxMessageInputSchema = z.object({ index: z.number().int().min(0).max(1_000_000) });
