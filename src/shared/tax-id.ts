import { z } from 'zod';

/**
 * The donor's ID numbers for an 80G receipt: PAN, or Aadhaar for a donor without one. The trust
 * reports each gift with one of them; without either a receipt is still an acknowledgement.
 * Isomorphic: the donate form and the server validate with the same rules.
 */

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** PAN as printed on the card: `AAAAA9999A`; spaces around it and lower case are forgiven. */
export const panSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(PAN_PATTERN, 'must be a PAN like ABCDE1234F: five letters, four digits, one letter');

// Verhoeff's dihedral-group tables, as UIDAI uses them for the last digit of an Aadhaar number.
const MULTIPLY = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const PERMUTE = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** The tables are complete, so the fallback never happens; it keeps the types honest. */
const cell = (table: number[][], row: number, column: number): number => table[row]?.[column] ?? Number.NaN;

/** True when a string of digits (check digit last) passes the Verhoeff check. */
export function hasValidVerhoeffCheckDigit(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let check = 0;
  const reversed = [...digits].reverse();
  for (const [position, digit] of reversed.entries()) {
    check = cell(MULTIPLY, check, cell(PERMUTE, position % 8, Number(digit)));
  }
  return check === 0;
}

/** Aadhaar: 12 digits, spaces allowed as printed (`2345 6789 0124`), stored without them. */
export const aadhaarSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .regex(/^[2-9][0-9]{11}$/, { message: 'must be 12 digits, not starting with 0 or 1', abort: true })
      .refine(hasValidVerhoeffCheckDigit, 'is not a valid Aadhaar number (its check digit does not match)'),
  );

export type TaxIdKind = 'pan' | 'aadhaar';

/** PAN shows its four digits and last letter (`XXXXX1234F`); Aadhaar its last four digits. */
export function maskTaxId(kind: TaxIdKind, value: string): string {
  if (kind === 'pan') return `XXXXX${value.slice(5)}`;
  return `XXXX XXXX ${value.slice(-4)}`;
}

/**
 * The optional 80G fields, to spread into a donation input object. The postal address is required
 * once a receipt is asked for (Rule 18AB needs it); PAN or Aadhaar stay optional, one at most.
 */
export const taxReceiptShape = {
  wants80g: z.boolean().optional(),
  pan: panSchema.optional(),
  aadhaar: aadhaarSchema.optional(),
  address: z.string().trim().min(10, 'must be a postal address of at least 10 characters').max(500).optional(),
};

export interface TaxReceiptFields {
  wants80g?: boolean | undefined;
  pan?: string | undefined;
  aadhaar?: string | undefined;
  address?: string | undefined;
}

/** The rules across the 80G fields: for `.superRefine` on the object they were spread into. */
export function checkTaxReceiptFields(value: TaxReceiptFields, ctx: z.RefinementCtx): void {
  if (!value.wants80g) {
    for (const field of ['pan', 'aadhaar', 'address'] as const) {
      if (value[field] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'is only taken when an 80G receipt is asked for' });
      }
    }
    return;
  }
  if (value.address === undefined) {
    ctx.addIssue({ code: 'custom', path: ['address'], message: 'is required for an 80G receipt' });
  }
  if (value.pan !== undefined && value.aadhaar !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['aadhaar'], message: 'give PAN or Aadhaar, not both' });
  }
}

export const taxReceiptSchema = z.object(taxReceiptShape).superRefine(checkTaxReceiptFields);

/** The one ID number given, if any. */
export function taxIdOf(fields: TaxReceiptFields): { kind: TaxIdKind; value: string } | undefined {
  if (fields.pan) return { kind: 'pan', value: fields.pan };
  if (fields.aadhaar) return { kind: 'aadhaar', value: fields.aadhaar };
  return undefined;
}
