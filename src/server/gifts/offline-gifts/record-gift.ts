import type { EntityManager } from '@mikro-orm/postgresql';
import type { OfflineGiftInput } from '../../../shared/offline-gift.schema';
import { audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { actorOf, type StaffActor } from '../../platform/staff/staff-actor';
import type { DonorLinks } from '../settlement/donor-notices';
import { recordPaidOfflineGift } from '../settlement/record-offline-gift';
import { checkYearOpen, isInClosedYear } from './closed-year';
import { alreadyRecordedMessage, offlineGiftRow } from './gift-row';

export interface RecordGiftDeps {
  cipher: FieldCipher;
  donorLinks: DonorLinks;
  staff: StaffActor;
  now?: Date;
}

/**
 * A staff member records one gift received outside the website: its year must be open (or an
 * admin says so), the same gift twice is refused naming the first, and the gift, its receipt, its
 * mail and the audit entry are one transaction.
 */
export async function recordOfflineGift(em: EntityManager, deps: RecordGiftDeps, gift: OfflineGiftInput) {
  const now = deps.now ?? new Date();
  checkYearOpen(gift, deps.staff.role, now);
  const row = offlineGiftRow(deps.cipher, gift, deps.staff.username);
  return em.transactional(async (tx) => {
    if (gift.appealId !== undefined) await checkAppealNamed(tx, gift.appealId);
    const recorded = await recordPaidOfflineGift(tx, deps.donorLinks, row);
    if (recorded.outcome === 'already_recorded') {
      throw new DomainError('CONFLICT', alreadyRecordedMessage(gift, recorded.donationId));
    }
    const { donationId, receipt } = recorded;
    await audit(tx, actorOf(deps.staff), 'offline_gift_recorded', {
      donationId,
      mode: gift.mode,
      ...(gift.appealId !== undefined ? { appealId: gift.appealId } : {}),
      receiptNumber: receipt.number,
      ...(isInClosedYear(gift.receivedOn, now) ? { closedYear: receipt.financialYear } : {}),
    });
    return { donationId, receiptNumber: receipt.number, receiptId: receipt.id, mailed: row.email !== '' };
  });
}

/**
 * A gift received outside the website may name a published appeal or a closed one (a cheque
 * posted before the appeal closed still counts for it), never a draft nobody could have seen.
 */
async function checkAppealNamed(em: EntityManager, appealId: number): Promise<void> {
  const [appeal] = await em.execute<{ status: string }[]>('select status from appeals where id = ? for share', [
    appealId,
  ]);
  if (!appeal || appeal.status === 'draft') {
    throw new DomainError('BAD_REQUEST', `appealId: there is no published appeal ${appealId}`, { field: 'appealId' });
  }
}
