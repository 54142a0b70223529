import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The statuses in which an animal has a public page (`/adopt/<slug>`): looking for a home, or
 * reserved or adopted (its page then says it found one). Any other animal is public only while open
 * for sponsorship (a monthly amount set).
 */
export const PUBLIC_PAGE_STATUSES = ['adoptable', 'reserved', 'adopted'] as const;

/** The animal an appeal names, when it has a public page to link to; null otherwise. */
export async function publicAnimalOfAppeal(
  em: EntityManager,
  appealId: number,
): Promise<{ slug: string; name: string } | null> {
  const [animal] = await em.execute<{ slug: string; name: string }[]>(
    `select an.slug, an.name from appeals a join animals an on an.id = a.animal_id
      where a.id = ? and (an.status in (${PUBLIC_PAGE_STATUSES.map(() => '?').join(', ')})
                          or an.sponsor_monthly_amount is not null)`,
    [appealId, ...PUBLIC_PAGE_STATUSES],
  );
  return animal ?? null;
}
