import type { EntityManager } from '@mikro-orm/postgresql';

/** The longest slug made from a title (an address shared on WhatsApp should stay readable). */
const MAX_SLUG_LENGTH = 60;

/**
 * `Bruno's surgery, after the truck` → `brunos-surgery-after-the-truck`: letters without their
 * accents, digits and single dashes. A title with no Latin letters (Tamil, Hindi) gives `appeal`,
 * which uniqueSlug then numbers.
 */
export function slugFrom(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug || 'appeal';
}

/**
 * Inserts the appeal under the first free slug of `base`, `base-2`, `base-3`, … (the unique index
 * decides, so two staff creating "Bruno" at once get two slugs) and answers its id and slug.
 * `insert` writes the row with the slug given and answers its id, or null when the slug is taken.
 */
export async function withUniqueSlug(
  em: EntityManager,
  base: string,
  insert: (slug: string) => Promise<number | null>,
): Promise<{ id: number; slug: string }> {
  const taken = new Set(
    (
      await em.execute<{ slug: string }[]>(`select slug from appeals where slug = ? or slug like ?`, [
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
