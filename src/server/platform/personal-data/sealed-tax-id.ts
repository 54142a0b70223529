import { maskTaxId, type TaxIdKind } from '../../../shared/tax-id';
import type { FieldCipher } from './field-cipher';

/** A donor's PAN or Aadhaar as it is stored: encrypted whole, and masked for every screen and PDF. */
export interface SealedTaxId {
  kind: TaxIdKind;
  masked: string;
  encrypted: string;
}

export function sealTaxId(cipher: FieldCipher, taxId: { kind: TaxIdKind; value: string }): SealedTaxId {
  return { kind: taxId.kind, masked: maskTaxId(taxId.kind, taxId.value), encrypted: cipher.encrypt(taxId.value) };
}
