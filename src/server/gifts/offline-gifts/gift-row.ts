import type { OfflineGiftInput } from '../../../shared/offline-gift.schema';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { taxReceiptColumns } from '../../platform/personal-data/tax-receipt-columns';
import type { OfflineGiftRow } from '../settlement/record-offline-gift';
import { offlineKeyOf } from './offline-key';

/**
 * A checked gift as its donation row is written: the ID number encrypted and masked as the donate
 * form's are (platform/personal-data/tax-receipt-columns.ts), '' for an e-mail or phone not given (walk-in
 * cash), and its key.
 */
export function offlineGiftRow(cipher: FieldCipher, gift: OfflineGiftInput, recordedBy: string): OfflineGiftRow {
  return {
    name: gift.name,
    email: gift.email?.toLowerCase() ?? '',
    phone: gift.phone ?? '',
    amount: gift.amount,
    purpose: gift.purpose ?? null,
    ...taxReceiptColumns(cipher, gift),
    mode: gift.mode,
    receivedOn: gift.receivedOn,
    reference: gift.reference ?? null,
    bank: gift.bank ?? null,
    instrumentDate: gift.instrumentDate ?? null,
    kindDescription: gift.kindDescription ?? null,
    recordedBy,
    offlineKey: offlineKeyOf(gift),
    appealId: gift.appealId ?? null,
    tribute: gift.tribute ?? null,
    language: gift.language ?? 'en',
  };
}

/** Why a gift with this key cannot be recorded again, naming the gift that has it. */
export function alreadyRecordedMessage(gift: OfflineGiftInput, donationId: number): string {
  switch (gift.mode) {
    case 'bank-transfer':
      return `reference: UTR ${gift.reference} is already recorded, as donation #${donationId}`;
    case 'cheque':
    case 'demand-draft':
      return `reference: ${gift.mode === 'cheque' ? 'cheque' : 'draft'} No. ${gift.reference} of ${gift.bank}, dated ${gift.instrumentDate}, is already recorded, as donation #${donationId}`;
    case 'cash':
      return gift.reference
        ? `reference: cash voucher ${gift.reference} is already recorded, as donation #${donationId}`
        : `receivedOn: the same cash gift (donor, amount and date) is already recorded, as donation #${donationId}; give each gift its voucher number to record a second one`;
    case 'kind':
      return `kindDescription: the same gift in kind (donor, description, value and date) is already recorded, as donation #${donationId}`;
  }
}
