export { PRESET_AMOUNTS_PAISE } from '../../../shared/donation-rules';

export type AmountChoice = { kind: 'preset'; paise: number } | { kind: 'other' } | null;

export { formatRupees } from '../../../shared/rupees';

/**
 * The custom amount typed under "Other", in rupees, as paise; null if it is not a number of at least ₹1.
 * Rounded to whole paise because the amount is an integer everywhere past the form.
 */
export function customRupeesToPaise(text: string | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  const rupees = Number(trimmed);
  if (!Number.isFinite(rupees) || rupees < 1) return null;
  return Math.round(rupees * 100);
}
