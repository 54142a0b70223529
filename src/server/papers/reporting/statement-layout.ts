import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { STATEMENT_DONATION_KINDS } from './statement-purpose.entity';

/**
 * The portal's template for Part B of the statement of donations, as data (statement-layout.json):
 * headings and their order, the codes it accepts, the date format, the characters it refuses in
 * names and addresses, and the form's name by year. When the portal's template for Form 113
 * differs, that file changes and no code does.
 */
export const STATEMENT_FIELDS = [
  'serialNumber',
  'preAcknowledgementNumber',
  'idCode',
  'idNumber',
  'sectionCode',
  'urn',
  'urnDate',
  'name',
  'address',
  'donationType',
  'modeOfReceipt',
  'amount',
] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

/**
 * Part B's "Mode of receipt", one per row: cash (up to the deduction limit), electronic modes
 * (online, an account payee cheque or draft, a bank transfer), and others (a mode the form names
 * that no gift recorded here has). Gifts in kind and cash above the limit are never in Part B
 * (shared/gift-modes.ts statementModeOf).
 */
export const STATEMENT_MODES = ['cash', 'electronic', 'others'] as const;
export type StatementMode = (typeof STATEMENT_MODES)[number];

const financialYear = z.string().regex(/^\d{4}-\d{2}$/, 'must be a financial year such as 2025-26');

export const statementLayoutSchema = z.object({
  /** In year order; the first whose `upToYear` is not before the year names the form (null: every later year). */
  formNames: z.array(z.object({ upToYear: financialYear.nullable(), name: z.string().min(1) })).min(1),
  columns: z.array(z.object({ heading: z.string().min(1), field: z.enum(STATEMENT_FIELDS) })).min(1),
  idCodes: z.object({ pan: z.string().min(1), aadhaar: z.string().min(1) }),
  /**
   * The "Section Code" column by year, as formNames. The code of Form 113 (2026-27 on) is not yet
   * known for certain: check it against the portal's own template before filing (README).
   */
  sectionCodes: z.array(z.object({ upToYear: financialYear.nullable(), code: z.string().min(1) })).min(1),
  donationTypes: z.record(z.enum(STATEMENT_DONATION_KINDS), z.string().min(1)),
  /** The "Mode of receipt" column's words by year, as formNames; in this order in the console. */
  modesOfReceipt: z
    .array(
      z.object({
        upToYear: financialYear.nullable(),
        names: z.object({ cash: z.string().min(1), electronic: z.string().min(1), others: z.string().min(1) }),
      }),
    )
    .min(1),
  /** `DD`, `MM` and `YYYY` stand for the day, month and year. */
  dateFormat: z.string().min(1),
  refusedCharacters: z.string(),
  maxNameLength: z.number().int().positive(),
  maxAddressLength: z.number().int().positive(),
});

export type StatementLayout = z.infer<typeof statementLayoutSchema>;

const DEFAULT_LAYOUT_FILE = new URL('./statement-layout.json', import.meta.url);

/** Reads and checks a layout file; the default is the one beside this module. */
export function loadStatementLayout(file: string | URL = DEFAULT_LAYOUT_FILE): StatementLayout {
  return statementLayoutSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The entry of a by-year list that covers `year`: the first whose `upToYear` is not before it. */
function forYear<Entry extends { upToYear: string | null }>(entries: Entry[], year: string): Entry {
  return entries.find((entry) => entry.upToYear === null || year <= entry.upToYear) ?? (entries.at(-1) as Entry);
}

/** "Form 10BD" up to 2025-26 and "Form 113" after, as the layout says. */
export function formNameFor(layout: StatementLayout, year: string): string {
  return forYear(layout.formNames, year).name;
}

/** The section code Part B's rows carry in that year ("Section 80G" up to 2025-26). */
export function sectionCodeFor(layout: StatementLayout, year: string): string {
  return forYear(layout.sectionCodes, year).code;
}

/** What Part B's "Mode of receipt" column says for a mode in that year. */
export function modeOfReceiptFor(layout: StatementLayout, year: string, mode: StatementMode): string {
  return forYear(layout.modesOfReceipt, year).names[mode];
}

/** An ISO date (`2026-04-01`) in the layout's format. */
export function formatStatementDate(layout: StatementLayout, isoDate: string): string {
  const [year = '', month = '', day = ''] = isoDate.slice(0, 10).split('-');
  return layout.dateFormat.replace('YYYY', year).replace('MM', month).replace('DD', day);
}

/** A name or address the portal accepts: refused characters become spaces, runs of space one, cut to length. */
export function portalText(value: string, maxLength: number, layout: StatementLayout): string {
  const refused = new Set(layout.refusedCharacters);
  const cleaned = [...value]
    .map((char) => (refused.has(char) || /[\r\n\t]/.test(char) ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.slice(0, maxLength).trim();
}
