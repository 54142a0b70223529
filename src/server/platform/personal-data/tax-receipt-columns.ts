import { type TaxReceiptFields, taxIdOf } from '../../../shared/tax-id';
import type { FieldCipher } from './field-cipher';
import { sealTaxId } from './sealed-tax-id';

/** The donation row's 80G columns: the ID number only encrypted and masked, never in plain. */
export interface TaxReceiptColumns {
  address: string | null;
  taxIdKind: string | null;
  taxIdMasked: string | null;
  taxIdEncrypted: string | null;
}

/** All null for a donor who skipped the 80G fields: nothing is encrypted, nothing slows them. */
export function taxReceiptColumns(cipher: FieldCipher, input: TaxReceiptFields): TaxReceiptColumns {
  const taxId = input.wants80g ? taxIdOf(input) : undefined;
  const sealed = taxId ? sealTaxId(cipher, taxId) : undefined;
  return {
    address: (input.wants80g && input.address) || null,
    taxIdKind: sealed?.kind ?? null,
    taxIdMasked: sealed?.masked ?? null,
    taxIdEncrypted: sealed?.encrypted ?? null,
  };
}
