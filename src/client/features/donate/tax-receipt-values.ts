import type { TaxReceiptFields } from '../../../shared/tax-id';

/** What the donor has entered for an 80G receipt, as the form holds it (strings, never undefined). */
export interface TaxReceiptValues {
  wants80g: boolean;
  /** Which ID number the donor gives: Aadhaar is for a donor without a PAN. */
  idKind: 'pan' | 'aadhaar';
  pan: string;
  aadhaar: string;
  address: string;
}

export const NO_TAX_RECEIPT: TaxReceiptValues = { wants80g: false, idKind: 'pan', pan: '', aadhaar: '', address: '' };

const filledIn = (value: string) => (value.trim() === '' ? undefined : value);

/**
 * The 80G part of the donation input. A donor who did not ask for a receipt sends none of it, so
 * their call is exactly what it was before these fields existed; only the chosen ID number is sent,
 * whatever was typed into the other before switching.
 */
export function taxReceiptInput(values: TaxReceiptValues): TaxReceiptFields {
  if (!values.wants80g) return {};
  return {
    wants80g: true,
    pan: values.idKind === 'pan' ? filledIn(values.pan) : undefined,
    aadhaar: values.idKind === 'aadhaar' ? filledIn(values.aadhaar) : undefined,
    address: filledIn(values.address),
  };
}
