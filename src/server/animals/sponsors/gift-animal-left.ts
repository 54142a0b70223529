import type { EntityManager } from '@mikro-orm/postgresql';
import { LEFT_CARE_STATUSES } from '../../../shared/animals';

/**
 * The sponsors' gifts whose animal has left care (adopted, returned, died), by subscription id, with
 * the animal's name. Such a gift was paused for its sponsor (animal-left.ts) and waits for their
 * choice on the sponsor's page (sponsor-choice.ts): another animal, or stop. It is never simply
 * resumed for an animal no longer in the trust's care, from My giving or anywhere else.
 */
export async function giftsWhoseAnimalLeft(em: EntityManager, subscriptionIds: number[]): Promise<Map<number, string>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await em.execute<{ id: number; name: string }[]>(
    `select s.id, a.name from subscriptions s join animals a on a.id = s.animal_id
      where s.id = any(?::int[]) and a.status in (${LEFT_CARE_STATUSES.map((status) => `'${status}'`).join(', ')})`,
    // A PostgreSQL array literal: MikroORM would spread a JavaScript array into a list.
    [`{${subscriptionIds.map((id) => Math.trunc(id)).join(',')}}`],
  );
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}
