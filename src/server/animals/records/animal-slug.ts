import type { EntityManager } from '@mikro-orm/postgresql';
import { slugFrom } from '../../gifts/appeals/slug';

/**
 * `Bruno` → `bruno`, then `bruno-2`, … : the animal's address on `/adopt/<slug>`, made once from
 * its first name and never changed (shared links keep working). A name in Tamil or Hindi letters
 * gives `animal`, numbered like any other. The unique index decides between two staff at once:
 * `insert` answers the new row's id, or null when the slug was taken meanwhile.
 */
export async function insertWithAnimalSlug(
  em: EntityManager,
  name: string,
  insert: (slug: string) => Promise<number | null>,
): Promise<{ id: number; slug: string }> {
  const made = slugFrom(name);
  const base = made === 'appeal' ? 'animal' : made;
  const taken = new Set(
    (
      await em.execute<{ slug: string }[]>(`select slug from animals where slug = ? or slug like ?`, [
        base,
        `${base}-%`,
      ])
    ).map((row) => row.slug),
  );
  for (let number = 1; ; number++) {
    const slug = number === 1 ? base : `${base}-${number}`;
    if (taken.has(slug)) continue;
    const id = await insert(slug);
    if (id !== null) return { id, slug };
  }
}
