import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  AnimalEditInput,
  AnimalFields,
  AnimalTranslationsInput,
  StaffAnimal,
} from '../../../shared/animal-record.schema';
import { compactTranslations } from '../../gifts/appeals/staff-appeals';
import { audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { isoTime } from '../../platform/db/sql-time';
import { setImageUses } from '../../platform/images/image-uses';
import { actorOf, type StaffActor } from '../../platform/staff/staff-actor';
import { insertWithAnimalSlug } from './animal-slug';
import { animalTimeline } from './animal-timeline';

/**
 * The console's animal records: created and edited by staff, each change with its audit entry in
 * the same transaction, photos registered as the image pipeline's uses (`animal:<id>`). The status
 * is not a field here: it moves only through move-animal.ts.
 */

interface StaffCall {
  em: EntityManager;
  staff: StaffActor;
}

/** The columns staff write, with their placeholders, in the order of `fieldValues`. */
const FIELDS: readonly [column: string, key: keyof AnimalFields, placeholder: string][] = [
  ['name', 'name', '?'],
  ['species', 'species', '?'],
  ['sex', 'sex', '?'],
  ['born_on', 'bornOn', '?::date'],
  ['born_estimated', 'bornEstimated', '?'],
  ['colour', 'colour', '?'],
  ['markings', 'markings', '?'],
  ['photo_image_ids', 'photoImageIds', '?::jsonb'],
  ['one_line', 'oneLine', '?'],
  ['story', 'story', '?'],
  ['translations', 'translations', '?::jsonb'],
  ['intake_on', 'intakeOn', '?::date'],
  ['intake_kind', 'intakeKind', '?'],
  ['locality', 'locality', '?'],
  ['condition', 'condition', '?'],
  ['special_needs', 'specialNeeds', '?::jsonb'],
  ['sterilised', 'sterilised', '?'],
  ['sterilised_on', 'sterilisedOn', '?::date'],
  ['good_with_dogs', 'goodWithDogs', '?'],
  ['good_with_cats', 'goodWithCats', '?'],
  ['good_with_children', 'goodWithChildren', '?'],
  ['house_trained', 'houseTrained', '?'],
];
const JSON_KEYS = new Set<keyof AnimalFields>(['photoImageIds', 'translations', 'specialNeeds']);

const stored = (fields: AnimalFields, key: keyof AnimalFields) =>
  key === 'translations'
    ? compactTranslations(fields.translations as Record<string, Record<string, string | undefined>>)
    : (fields[key] ?? null);
const fieldValues = (fields: AnimalFields) =>
  FIELDS.map(([, key]) => (JSON_KEYS.has(key) ? JSON.stringify(stored(fields, key)) : stored(fields, key)));

/** The record's columns read back as the schema's fields (dates as `YYYY-MM-DD`). */
const SELECT_FIELDS = FIELDS.map(([column, key, placeholder]) =>
  placeholder === '?::date' ? `to_char(${column}, 'YYYY-MM-DD') as "${key}"` : `${column} as "${key}"`,
).join(', ');

export async function createAnimal({ em, staff }: StaffCall, fields: AnimalFields) {
  return em.transactional(async (tx) => {
    const created = await insertWithAnimalSlug(tx, fields.name, async (slug) => {
      const [row] = await tx.execute<{ id: number }[]>(
        `insert into animals (slug, ${FIELDS.map(([column]) => column).join(', ')}, status, status_on, created_by, updated_by)
         values (?, ${FIELDS.map(([, , placeholder]) => placeholder).join(', ')}, 'in-care', ?::date, ?, ?)
         on conflict (slug) do nothing returning id`,
        [slug, ...fieldValues(fields), fields.intakeOn, staff.username, staff.username],
      );
      return row ? row.id : null;
    });
    await setImageUses(tx, `animal:${created.id}`, fields.photoImageIds);
    await audit(tx, actorOf(staff), 'animal_created', {
      animalId: created.id,
      slug: created.slug,
      species: fields.species,
    });
    return created;
  });
}

/** The whole record as staff wrote it again; the slug and the status stay. */
export async function editAnimal({ em, staff }: StaffCall, { id, fields }: AnimalEditInput) {
  return em.transactional(async (tx) => {
    const [before] = await tx.execute<Record<string, unknown>[]>(
      `select ${SELECT_FIELDS}, to_char(status_on, 'YYYY-MM-DD') as "statusOn",
              (select count(*) from animal_status_changes c where c.animal_id = animals.id)::int as moves
         from animals where id = ? for update`,
      [id],
    );
    if (!before) throw new DomainError('NOT_FOUND', `No animal ${id}`, { field: 'id' });
    // The intake day is the status's day until the first move; after, it must not pass the moves.
    const [firstMove] = await tx.execute<{ on: string | null }[]>(
      `select to_char(min(on_date), 'YYYY-MM-DD') as on from animal_status_changes where animal_id = ?`,
      [id],
    );
    if (firstMove?.on && fields.intakeOn > firstMove.on)
      throw new DomainError('BAD_REQUEST', `must not be after the first status move (${firstMove.on})`, {
        field: 'fields.intakeOn',
      });
    await tx.execute(
      `update animals set ${FIELDS.map(([column, , placeholder]) => `${column} = ${placeholder}`).join(', ')},
              status_on = case when ? then ?::date else status_on end,
              updated_by = ?, updated_at = now() where id = ?`,
      [...fieldValues(fields), before.moves === 0, fields.intakeOn, staff.username, id],
    );
    await setImageUses(tx, `animal:${id}`, fields.photoImageIds);
    // Which fields changed, for the audit: names only (a story is not the audit's to keep).
    const changed = FIELDS.filter(
      ([, key]) => JSON.stringify(before[key] ?? null) !== JSON.stringify(stored(fields, key) ?? null),
    ).map(([, key]) => key);
    await audit(tx, actorOf(staff), 'animal_edited', { animalId: id, changed });
    return { id, changed };
  });
}

/** One animal with its vaccinations, appeals and timeline, as the console's page shows it. */
export async function animalForStaff(em: EntityManager, id: number): Promise<StaffAnimal> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select id, slug, ${SELECT_FIELDS}, status, to_char(status_on, 'YYYY-MM-DD') as "statusOn",
            sponsor_monthly_amount as "sponsorMonthlyAmount", created_by as "createdBy", ${isoTime('created_at')} as "createdAt",
            updated_by as "updatedBy", ${isoTime('updated_at')} as "updatedAt"
       from animals where id = ?`,
    [id],
  );
  if (!row) throw new DomainError('NOT_FOUND', `No animal ${id}`, { field: 'id' });
  const fields = Object.fromEntries(
    FIELDS.map(([, key]) => [key, row[key] === null ? undefined : row[key]]),
  ) as unknown as AnimalFields;
  fields.translations = (fields.translations ?? {}) as AnimalTranslationsInput;
  const vaccinations = await em.execute<StaffAnimal['vaccinations']>(
    `select id, to_char(given_on, 'YYYY-MM-DD') as "givenOn", vaccine, batch, recorded_by as "recordedBy"
       from animal_vaccinations where animal_id = ? order by given_on, id`,
    [id],
  );
  const appeals = await em.execute<StaffAnimal['appeals']>(
    `select id, slug, title, status from appeals where animal_id = ? order by created_at, id`,
    [id],
  );
  return {
    id,
    slug: row.slug as string,
    fields,
    status: row.status as StaffAnimal['status'],
    statusOn: row.statusOn as string,
    sponsorMonthlyAmount: row.sponsorMonthlyAmount as number | null,
    createdBy: row.createdBy as string,
    createdAt: row.createdAt as string,
    updatedBy: row.updatedBy as string,
    updatedAt: row.updatedAt as string,
    vaccinations,
    appeals,
    timeline: await animalTimeline(em, id),
  };
}
