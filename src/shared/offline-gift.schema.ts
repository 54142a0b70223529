import { z } from 'zod';
import { PURPOSES, type Purpose } from './donation-rules';
import { OFFLINE_GIFT_MODES, type OfflineGiftMode } from './gift-modes';
import { LANGUAGES } from './languages';
import { checkTaxReceiptFields, taxReceiptShape } from './tax-id';
import { tributeSchema } from './tribute';

/**
 * A gift received outside the website (cheque, demand draft, bank transfer, cash, in kind), as
 * staff record it in the console's form or one row of an import: one schema for the form, the
 * procedure and the import. Amounts in paise. Which fields a gift takes depends on its mode: a
 * field another mode needs is refused, so a mistyped row is caught, never silently dropped.
 * No Node or DOM imports.
 */

/** Above any gift the trust has had, and well inside the integer column (₹1 crore). */
export const MAX_OFFLINE_AMOUNT_PAISE = 1_000_000_000;

/** A cheque or draft is paid by the bank for three months from its date (RBI, since 2012). */
export const CHEQUE_VALIDITY_MONTHS = 3;

const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;
const PURPOSE_KEYS = Object.keys(PURPOSES) as [Purpose, ...Purpose[]];

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .regex(NO_CONTROL_CHARACTERS, 'must not contain control characters');

/** An empty box is no value: the form and a CSV send '' for a field left blank. */
const optional = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional())
    .optional();

/** `YYYY-MM-DD` that is a real day of the calendar. */
export const calendarDaySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD', abort: true })
  // "2025-02-30" rolls over to March (refused here); "2025-13-01" is no date at all (no toISOString).
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
  }, 'is not a real date');

const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** Today's date in India, `YYYY-MM-DD`. */
export const indiaToday = (now: Date = new Date()) =>
  new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);

/** `2026-11-01` plus or minus whole months, as a calendar day (the month's last day when it is shorter). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The fields each mode takes beyond the donor, amount, date and purpose. */
export const MODE_FIELDS: Record<OfflineGiftMode, { required: ModeField[]; optional: ModeField[] }> = {
  cheque: { required: ['reference', 'bank', 'instrumentDate'], optional: [] },
  'demand-draft': { required: ['reference', 'bank', 'instrumentDate'], optional: [] },
  'bank-transfer': { required: ['reference'], optional: ['bank'] },
  cash: { required: [], optional: ['reference'] },
  kind: { required: ['kindDescription'], optional: [] },
};
export type ModeField = 'reference' | 'bank' | 'instrumentDate' | 'kindDescription';

/** What the reference is called for each mode, in the form, the receipt and the messages. */
export const REFERENCE_LABELS: Record<OfflineGiftMode, string> = {
  cheque: 'Cheque number',
  'demand-draft': 'Draft number',
  'bank-transfer': 'Bank reference (UTR)',
  cash: 'Receipt book or voucher number',
  kind: 'Reference',
};

/** The reference's shape per mode (after spaces are removed and letters upper-cased). */
const REFERENCE_PATTERNS: Record<OfflineGiftMode, { pattern: RegExp; message: string }> = {
  cheque: { pattern: /^\d{6}$/, message: 'must be the 6-digit number printed on the cheque' },
  'demand-draft': { pattern: /^\d{6,10}$/, message: 'must be the draft’s number: 6 to 10 digits' },
  'bank-transfer': {
    pattern: /^[A-Z0-9]{12,22}$/,
    message: 'must be the bank’s reference (UTR): 12 to 22 letters and digits (IMPS and UPI 12, NEFT 16, RTGS 22)',
  },
  cash: { pattern: /^[A-Z0-9/-]{1,30}$/, message: 'must be up to 30 letters, digits, / or -' },
  kind: { pattern: /^$/, message: 'is not taken for a gift in kind' },
};

const FIELD_NAMES: Record<ModeField, string> = {
  reference: 'a reference',
  bank: 'a bank',
  instrumentDate: 'the date on the cheque or draft',
  kindDescription: 'a description',
};

export const offlineGiftInputSchema = z
  .object({
    name: text(100).min(1, 'is required'),
    email: optional(text(254).email('must be an e-mail address like name@example.com')),
    phone: optional(
      z
        .string()
        .trim()
        .min(10, 'must be at least 10 characters')
        .max(15, 'must be at most 15 characters')
        .regex(/^[0-9+()\-. ]+$/, 'use digits, spaces and + ( ) - . only'),
    ),
    /** Paise: what was received, or for a gift in kind the trust's estimate of its value. */
    amount: z
      .number({ error: 'must be a number of paise' })
      .int('must be a whole number of paise')
      .min(1, 'must be more than zero')
      .max(MAX_OFFLINE_AMOUNT_PAISE, 'must be at most ₹1,00,00,000'),
    mode: z.enum(OFFLINE_GIFT_MODES, { error: `must be one of ${OFFLINE_GIFT_MODES.join(', ')}` }),
    /** The India date the trust received it. */
    receivedOn: calendarDaySchema.refine((day) => day <= indiaToday(), 'must not be in the future'),
    purpose: optional(z.enum(PURPOSE_KEYS, { error: `must be one of ${PURPOSE_KEYS.join(', ')}` })),
    reference: optional(
      z
        .string()
        .transform((value) => value.replace(/\s+/g, '').toUpperCase())
        .pipe(text(30)),
    ),
    bank: optional(text(100).min(2, 'must be the bank’s name')),
    instrumentDate: optional(calendarDaySchema),
    kindDescription: optional(text(500).min(3, 'must say what was given, in at least 3 characters')),
    /** An admin records a gift in a year whose statement is already due (see gifts/offline-gifts/closed-year.ts). */
    allowClosedYear: z.boolean().optional(),
    /** The appeal the gift was given to: a published or closed one (a cheque can come after the appeal closed). */
    appealId: optional(
      z.number({ error: 'must be an appeal id' }).int('must be an appeal id').positive('must be an appeal id'),
    ),
    /** In memory or in honour of a person or an animal, as the donor asked: printed on the receipt. */
    tribute: tributeSchema.optional(),
    /** The donor's language (shared/languages.ts): the receipt mail speaks it, the receipt prints it beside English. */
    language: optional(z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` })),
    ...taxReceiptShape,
  })
  .superRefine(checkTaxReceiptFields)
  .superRefine(checkModeFields);

export type OfflineGiftInput = z.infer<typeof offlineGiftInputSchema>;

/** Each mode's own fields: the ones it needs are there, the ones it does not take are not. */
function checkModeFields(value: Partial<OfflineGiftInput>, ctx: z.RefinementCtx): void {
  if (!value.mode) return;
  const fields = MODE_FIELDS[value.mode];
  const label = value.mode === 'kind' ? 'a gift in kind' : `a gift by ${value.mode.replace('-', ' ')}`;
  for (const field of fields.required) {
    if (value[field] === undefined) {
      ctx.addIssue({ code: 'custom', path: [field], message: `is required for ${label}` });
    }
  }
  for (const field of ['reference', 'bank', 'instrumentDate', 'kindDescription'] as const) {
    if (value[field] !== undefined && !fields.required.includes(field) && !fields.optional.includes(field)) {
      ctx.addIssue({ code: 'custom', path: [field], message: `is not taken for ${label} (${FIELD_NAMES[field]})` });
    }
  }
  const { pattern, message } = REFERENCE_PATTERNS[value.mode];
  if (value.reference !== undefined && fields.required.concat(fields.optional).includes('reference')) {
    if (!pattern.test(value.reference)) ctx.addIssue({ code: 'custom', path: ['reference'], message });
  }
  if (value.phone === undefined && value.mode !== 'cash') {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: `is required for ${label} (only cash may come without)` });
  }
  if (value.instrumentDate && value.receivedOn && fields.required.includes('instrumentDate')) {
    if (value.instrumentDate > value.receivedOn) {
      ctx.addIssue({
        code: 'custom',
        path: ['instrumentDate'],
        message: 'is after the date received: record a post-dated cheque or draft on its date',
      });
    } else if (value.instrumentDate < addMonths(value.receivedOn, -CHEQUE_VALIDITY_MONTHS)) {
      ctx.addIssue({
        code: 'custom',
        path: ['instrumentDate'],
        message: `is more than ${CHEQUE_VALIDITY_MONTHS} months before the date received: the bank will not pay it`,
      });
    }
  }
}

export const bounceGiftInputSchema = z.object({
  id: z.number().int().positive(),
  reason: text(300).min(3, 'must say why the bank returned it (at least 3 characters)'),
});
export type BounceGiftInput = z.infer<typeof bounceGiftInputSchema>;

/** One problem of one row of an import: its line in the file (the header is line 1), the column and why. */
export interface ImportProblem {
  line: number;
  column: string;
  message: string;
}

/** What the preview and the import say of each row. */
export interface ImportRowOutcome {
  line: number;
  /** `new`: will be (or was) written; `recorded`: already recorded, skipped; `refused`: see problems. */
  result: 'new' | 'recorded' | 'refused';
  name: string;
  mode: string;
  receivedOn: string;
  /** Paise, when the row's amount could be read. */
  amount: number | null;
  problems: ImportProblem[];
  /** The gift this row is (already recorded, or written now). */
  donationId: number | null;
  receiptNumber: string | null;
}

export interface ImportOutcome {
  confirmed: boolean;
  rows: ImportRowOutcome[];
  counts: { rows: number; new: number; recorded: number; refused: number; written: number };
  /** A problem of the whole file (its header), with no row to pin it on. */
  fileProblems: ImportProblem[];
}

export type { OfflineGiftMode };
