import type { EntityManager } from '@mikro-orm/postgresql';
import { type Actor, audit } from '../../platform/audit/audit';
import { getTrustDetails, type TrustDetails, updateTrustDetails } from './trust-details';

/**
 * An admin changes the trust's legal details (PAN, 80G registration, signatory: what every new
 * receipt prints). The audit trail keeps each changed field's value before and after, in the same
 * transaction as the change.
 */
export async function updateTrust(em: EntityManager, actor: Actor, input: unknown): Promise<TrustDetails> {
  return em.transactional(async (tx) => {
    const before = await getTrustDetails(tx);
    const after = await updateTrustDetails(tx, input);
    const changes = Object.fromEntries(
      (Object.keys(after) as (keyof TrustDetails)[])
        .filter((field) => before[field] !== after[field])
        .map((field) => [field, { before: before[field], after: after[field] }]),
    );
    await audit(tx, actor, 'trust_details_updated', { changes });
    return after;
  });
}
