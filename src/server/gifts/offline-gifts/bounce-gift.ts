import type { EntityManager } from '@mikro-orm/postgresql';
import type { BounceGiftInput } from '../../../shared/offline-gift.schema';
import { type Actor, audit } from '../../platform/audit/audit';
import type { DonorLinks } from '../settlement/donor-notices';
import { markOfflineGiftBounced } from '../settlement/record-offline-gift';

/** A staff member marks a cheque or draft bounced: the change, its cancelled receipt, the mail and the audit entry in one transaction. */
export function bounceOfflineGift(
  em: EntityManager,
  deps: { donorLinks: DonorLinks; actor: Actor },
  input: BounceGiftInput,
) {
  return em.transactional(async (tx) => {
    const bounced = await markOfflineGiftBounced(tx, deps.donorLinks, { donationId: input.id, reason: input.reason });
    await audit(tx, deps.actor, 'offline_gift_bounced', {
      donationId: bounced.donationId,
      receiptNumber: bounced.receiptNumber,
      reason: input.reason,
    });
    return bounced;
  });
}
