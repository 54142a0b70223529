import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ANIMALS_PAGE_SIZE,
  type AnimalList,
  type AnimalListInput,
  type AnimalListRow,
  animalListInputSchema,
} from '../../../shared/animal-record.schema';

/** `%` and `_` typed in a name are letters, not LIKE's wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The console's list of animals (`staff.animals.list`): filtered by status and species (the
 * `animals_status_index`), a name searched in, newest intake first, a page of 50 with the total in
 * the same query. At a large shelter's size (5,000 animals) every filter stays a few milliseconds.
 */
export async function listAnimals(em: EntityManager, input: AnimalListInput = {}): Promise<AnimalList> {
  const { status, species, search, page } = animalListInputSchema.parse(input);
  const where: string[] = [];
  const values: unknown[] = [];
  if (status !== undefined) {
    where.push('status = ?');
    values.push(status);
  }
  if (species !== undefined) {
    where.push('species = ?');
    values.push(species);
  }
  if (search !== undefined) {
    where.push('name ilike ?');
    values.push(likePattern(search));
  }
  const rows = await em.execute<(AnimalListRow & { total: string })[]>(
    `select id, slug, name, species, sex, status, to_char(status_on, 'YYYY-MM-DD') as "statusOn",
            to_char(intake_on, 'YYYY-MM-DD') as "intakeOn", (photo_image_ids->>0)::int as "photoImageId",
            count(*) over () as total
       from animals ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
      order by intake_on desc, id desc limit ? offset ?`,
    [...values, ANIMALS_PAGE_SIZE, (page - 1) * ANIMALS_PAGE_SIZE],
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const [counted] = await em.execute<{ total: string }[]>(
      `select count(*) as total from animals ${where.length > 0 ? `where ${where.join(' and ')}` : ''}`,
      values,
    );
    total = Number(counted?.total ?? 0);
  }
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    total,
    page,
    pageSize: ANIMALS_PAGE_SIZE,
  };
}
