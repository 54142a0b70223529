import type { EntityManager } from '@mikro-orm/postgresql';
import {
  APPEAL_TRANSLATED_FIELDS,
  APPEAL_TRANSLATION_LANGUAGES,
  type AppealEditInput,
  type AppealFields,
  type AppealStatus,
  type AppealTranslations,
  storedTranslations,
} from '../../../shared/appeals.schema';
import { audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { isoTime } from '../../platform/db/sql-time';
import { setImageUses } from '../../platform/images/image-uses';
import { actorOf, type StaffActor } from '../../platform/staff/staff-actor';
import { countAppealTotals } from './appeal-totals';
import { APPEAL_COLUMNS, type AppealRow, progressOf } from './public-appeals';
import { slugFrom, withUniqueSlug } from './slug';

/**
 * The console's appeals: written, edited, published and closed by staff, each change with its
 * audit entry in the same transaction. The slug is made once, from the first title.
 */

interface StaffCall {
  em: EntityManager;
  staff: StaffActor;
}

/** The columns staff write, in the order of `fieldValues`. */
const FIELD_COLUMNS = [
  'title',
  'story',
  'goal',
  'ends_on',
  'purpose_class',
  'beyond_goal',
  'photo_image_ids',
  'video_url',
  'vet_bill_image_id',
  'translations',
  'animal_id',
] as const;
const FIELD_PLACEHOLDERS = ['?', '?', '?', '?::date', '?', '?', '?::jsonb', '?', '?', '?::jsonb', '?'];

/**
 * The translations as stored: only the texts given (a blank box is no translation), a language
 * with none left out, so `{}` is "nothing translated" however the form sent it.
 */
export function compactTranslations<T extends Partial<Record<string, Record<string, string | undefined>>>>(
  translations: T,
): T {
  const kept: Record<string, Record<string, string>> = {};
  for (const [language, texts] of Object.entries(translations)) {
    const given = Object.entries(texts ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
    );
    if (given.length > 0) kept[language] = Object.fromEntries(given);
  }
  return kept as T;
}

/** Which translated texts differ (`translations.ta.title`), for the audit: the texts themselves stay out of it. */
function changedTranslations(before: unknown, after: AppealTranslations): string[] {
  const stored = storedTranslations<AppealTranslations>(before);
  return APPEAL_TRANSLATION_LANGUAGES.flatMap((language) =>
    APPEAL_TRANSLATED_FIELDS.filter(
      (field) => (stored[language]?.[field] ?? null) !== (after[language]?.[field] ?? null),
    ).map((field) => `translations.${language}.${field}`),
  );
}

const fieldValues = (fields: AppealFields) => [
  fields.title,
  fields.story,
  fields.goal,
  fields.endsOn ?? null,
  fields.purposeClass,
  fields.beyondGoal ?? null,
  JSON.stringify(fields.photoImageIds),
  fields.videoUrl ?? null,
  fields.vetBillImageId ?? null,
  JSON.stringify(compactTranslations(fields.translations ?? {})),
  fields.animalId ?? null,
];

/**
 * The animal named must have a record (no foreign key: gifts sits below the animals wing, so the
 * check is a read of its table, not an import of its code).
 */
async function checkAnimal(em: EntityManager, animalId: number | undefined): Promise<void> {
  if (animalId === undefined) return;
  const [animal] = await em.execute('select 1 from animals where id = ?', [animalId]);
  if (!animal) throw new DomainError('BAD_REQUEST', 'No animal has this number', { field: 'animalId' });
}

/** Every photo the appeal shows (a photo in use cannot be deleted from the console: platform/images/image-uses.ts). */
const photosOf = (fields: AppealFields) => [
  ...fields.photoImageIds,
  ...(fields.vetBillImageId === undefined ? [] : [fields.vetBillImageId]),
];

export async function createAppeal({ em, staff }: StaffCall, input: AppealFields) {
  return em.transactional(async (tx) => {
    await checkAnimal(tx, input.animalId);
    const created = await withUniqueSlug(tx, slugFrom(input.title), async (slug) => {
      const [row] = await tx.execute<{ id: number }[]>(
        `insert into appeals (slug, ${FIELD_COLUMNS.join(', ')}, created_by, updated_by)
         values (?, ${FIELD_PLACEHOLDERS.join(', ')}, ?, ?) on conflict (slug) do nothing returning id`,
        [slug, ...fieldValues(input), staff.username, staff.username],
      );
      return row ? row.id : null;
    });
    await setImageUses(tx, `appeal:${created.id}`, photosOf(input));
    await audit(tx, actorOf(staff), 'appeal_created', {
      appealId: created.id,
      slug: created.slug,
      title: input.title,
      translated: changedTranslations({}, compactTranslations(input.translations ?? {})),
      ...(input.animalId === undefined ? {} : { animalId: input.animalId }),
    });
    return created;
  });
}

/** The whole appeal as staff wrote it again; the slug stays (links already shared keep working). */
export async function editAppeal({ em, staff }: StaffCall, input: AppealEditInput) {
  return em.transactional(async (tx) => {
    const [before] = await tx.execute<Record<string, unknown>[]>(
      `select ${FIELD_COLUMNS.map((column) => (column === 'ends_on' ? `to_char(ends_on, 'YYYY-MM-DD') as ends_on` : column)).join(', ')}
         from appeals where id = ? for update`,
      [input.id],
    );
    if (!before) throw new DomainError('NOT_FOUND', `No appeal ${input.id}`);
    await checkAnimal(tx, input.animalId);
    await tx.execute(
      `update appeals set ${FIELD_COLUMNS.map((column, index) => `${column} = ${FIELD_PLACEHOLDERS[index]}`).join(', ')},
              updated_by = ?, updated_at = now() where id = ?`,
      [...fieldValues(input), staff.username, input.id],
    );
    await setImageUses(tx, `appeal:${input.id}`, photosOf(input));
    // Which fields changed, for the audit: the stored values against the new (photo ids as a list, not JSON text).
    // Translations by the text (`translations.ta.title`): jsonb keeps its keys in an order of its own.
    const after = fieldValues(input).map((value, index) =>
      FIELD_COLUMNS[index] === 'photo_image_ids' ? input.photoImageIds : value,
    );
    const changed = [
      ...FIELD_COLUMNS.filter(
        (column, index) =>
          column !== 'translations' && JSON.stringify(before[column] ?? null) !== JSON.stringify(after[index] ?? null),
      ),
      ...changedTranslations(before.translations, compactTranslations(input.translations ?? {})),
    ];
    await audit(tx, actorOf(staff), 'appeal_edited', { appealId: input.id, changed });
    return { id: input.id, changed };
  });
}

const MOVES = {
  publish: { from: 'draft', to: 'published', stamp: 'published_at', action: 'appeal_published' },
  close: { from: 'published', to: 'closed', stamp: 'closed_at', action: 'appeal_closed' },
} as const;

/** draft → published, published → closed: one conditional UPDATE each, forward only. */
export async function moveAppeal({ em, staff }: StaffCall, id: number, move: keyof typeof MOVES) {
  const { from, to, stamp, action } = MOVES[move];
  return em.transactional(async (tx) => {
    const [moved] = await tx.execute<{ slug: string }[]>(
      `update appeals set status = ?, ${stamp} = now(), updated_by = ?, updated_at = now()
        where id = ? and status = ? returning slug`,
      [to, staff.username, id, from],
    );
    if (!moved) {
      const [current] = await tx.execute<{ status: string }[]>('select status from appeals where id = ?', [id]);
      if (!current) throw new DomainError('NOT_FOUND', `No appeal ${id}`);
      throw new DomainError('CONFLICT', `The appeal is ${current.status}: only a ${from} appeal can be ${to}`);
    }
    await audit(tx, actorOf(staff), action, { appealId: id, slug: moved.slug });
    return { id, slug: moved.slug, status: to as AppealStatus };
  });
}

/** Every appeal, newest first, with its totals counted now (staff see the figures as they are). */
export async function listAppeals({ em }: { em: EntityManager }) {
  const appeals = await em.execute<(AppealRow & { createdAt: string; updates: string })[]>(
    `select ${APPEAL_COLUMNS}, ${isoTime('a.created_at')} as "createdAt",
            (select count(*) from appeal_updates u where u.appeal_id = a.id) as updates
       from appeals a order by a.created_at desc, a.id desc`,
  );
  const totals = await countAppealTotals(
    em,
    appeals.map((appeal) => appeal.id),
  );
  return appeals.map((appeal) => ({
    id: appeal.id,
    slug: appeal.slug,
    title: appeal.title,
    status: appeal.status,
    createdAt: appeal.createdAt,
    updates: Number(appeal.updates),
    ...progressOf(appeal, totals.get(appeal.id) ?? { raised: 0, donors: 0, at: new Date() }),
  }));
}

/** One appeal as the console's form edits it, with its updates (who posted them, and whether mailed). */
export async function appealForStaff({ em }: { em: EntityManager }, id: number) {
  const [appeal] = await em.execute<
    (AppealRow & {
      purposeClass: string;
      createdBy: string;
      createdAt: string;
      updatedBy: string;
      updatedAt: string;
      publishedAt: string | null;
      closedAt: string | null;
      animalId: number | null;
    })[]
  >(
    `select ${APPEAL_COLUMNS}, a.purpose_class as "purposeClass", a.created_by as "createdBy",
            ${isoTime('a.created_at')} as "createdAt", a.updated_by as "updatedBy", ${isoTime('a.updated_at')} as "updatedAt",
            ${isoTime('a.published_at')} as "publishedAt", ${isoTime('a.closed_at')} as "closedAt",
            a.animal_id as "animalId"
       from appeals a where a.id = ?`,
    [id],
  );
  if (!appeal) throw new DomainError('NOT_FOUND', `No appeal ${id}`);
  const updates = await em.execute<
    {
      id: number;
      text: string;
      photoImageId: number | null;
      postedAt: string;
      postedBy: string;
      mailed: boolean;
      mailedCount: number;
      translations: Record<string, unknown>;
    }[]
  >(
    `select id, text, translations, photo_image_id as "photoImageId", ${isoTime('posted_at')} as "postedAt", posted_by as "postedBy",
            mailed, mailed_count as "mailedCount"
       from appeal_updates where appeal_id = ? order by posted_at desc, id desc`,
    [id],
  );
  const totals = (await countAppealTotals(em, [id])).get(id) ?? { raised: 0, donors: 0, at: new Date() };
  return { ...appeal, ...progressOf(appeal, totals), updates };
}
