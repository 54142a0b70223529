import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type AdoptableCard,
  type AdoptFilters,
  type AdoptListOnPage,
  AGE_BAND_YEARS,
  type AnimalOnPage,
  ageOn,
  animalCardPath,
  yearsBefore,
} from '../../../shared/adoptable';
import type { AnimalStatus, Sex, SpecialNeed, Species, YesNoUnknown } from '../../../shared/animals';
import {
  type AppealTranslations,
  inLanguage,
  storedTranslations,
  storyParagraphs,
} from '../../../shared/appeals.schema';
import type { ImageRecord } from '../../../shared/images';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { appealTexts } from '../../gifts/appeals/public-appeals';
import { imagesByIds } from '../../platform/images/images';
import type { AnimalTranslations } from './animal.entity';

/** An adoptable animal's row as the list and the feed read it. */
export interface AdoptableRow {
  id: number;
  slug: string;
  name: string;
  species: Species;
  sex: Sex;
  bornOn: string | null;
  bornEstimated: boolean;
  oneLine: string;
  translations: AnimalTranslations;
  photoImageIds: number[];
  specialNeeds: SpecialNeed[];
  goodWithDogs: YesNoUnknown;
  goodWithCats: YesNoUnknown;
  goodWithChildren: YesNoUnknown;
  houseTrained: YesNoUnknown;
  sterilised: boolean;
  updatedAt: Date;
}

const LIST_COLUMNS = `a.id, a.slug, a.name, a.species, a.sex, to_char(a.born_on, 'YYYY-MM-DD') as "bornOn",
  a.born_estimated as "bornEstimated", a.one_line as "oneLine", a.translations, a.photo_image_ids as "photoImageIds",
  a.special_needs as "specialNeeds", a.good_with_dogs as "goodWithDogs", a.good_with_cats as "goodWithCats",
  a.good_with_children as "goodWithChildren", a.house_trained as "houseTrained", a.sterilised,
  a.updated_at as "updatedAt"`;

/**
 * The filters as a where-clause over adoptable animals only: each a fixed condition with its
 * value a parameter (nothing of the query string is ever SQL). An age band is a range of birth
 * days, so it reads the same index-ordered rows; an animal of unknown age is in no band.
 */
function whereOf(filters: AdoptFilters, today: string): { sql: string; params: unknown[] } {
  const conditions = [`a.status = 'adoptable'`];
  const params: unknown[] = [];
  if (filters.species) {
    conditions.push('a.species = ?');
    params.push(filters.species);
  }
  if (filters.sex) {
    conditions.push('a.sex = ?');
    params.push(filters.sex);
  }
  if (filters.children) conditions.push(`a.good_with_children = 'yes'`);
  if (filters.needs === 'none') conditions.push(`a.special_needs = '[]'::jsonb`);
  if (filters.needs === 'has') conditions.push(`a.special_needs <> '[]'::jsonb`);
  if (filters.age) {
    const [from, to] = AGE_BAND_YEARS[filters.age];
    // Born on or before the day `from` years ago (at least that old), and after the day `to` years ago.
    conditions.push('a.born_on <= ?');
    params.push(yearsBefore(today, from));
    if (to !== null) {
      conditions.push('a.born_on > ?');
      params.push(yearsBefore(today, to));
    }
  }
  return { sql: conditions.join(' and '), params };
}

/**
 * One page of adoptable animals matching the filters, those waiting longest first (they have
 * waited longest for a family), with how many match in all. Read through `animals_adoptable_index`
 * (Migration20261129125000): one index range, no sort, then `limit`.
 */
export async function adoptableRows(
  em: EntityManager,
  filters: AdoptFilters,
  { page, perPage, now = new Date() }: { page: number; perPage: number; now?: Date },
): Promise<{ rows: AdoptableRow[]; total: number }> {
  const { sql, params } = whereOf(filters, indiaToday(now));
  // The page and the count apart: a window count would read every match to give one page.
  const [rows, [count]] = await Promise.all([
    em.execute<AdoptableRow[]>(
      `select ${LIST_COLUMNS} from animals a where ${sql} order by a.status_on, a.id limit ? offset ?`,
      [...params, perPage, (page - 1) * perPage],
    ),
    em.execute<{ total: string }[]>(`select count(*) as total from animals a where ${sql}`, params),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** The one line in a language, and whether it is the English one shown for want of a translation. */
function oneLineIn(row: Pick<AdoptableRow, 'oneLine' | 'translations'>, language: Language) {
  const text = inLanguage(storedTranslations<AnimalTranslations>(row.translations), language, 'oneLine', row.oneLine);
  return { text, inEnglish: language !== DEFAULT_LANGUAGE && text === row.oneLine };
}

/** `/adopt`: a page of the adoptable animals matching the filters, as cards in a language. */
export async function adoptableList(
  em: EntityManager,
  filters: AdoptFilters,
  { page, perPage, language, now = new Date() }: { page: number; perPage: number; language: Language; now?: Date },
): Promise<AdoptListOnPage> {
  const { rows, total } = await adoptableRows(em, filters, { page, perPage, now });
  const photos = await imagesByIds(
    em,
    rows.flatMap((row) => row.photoImageIds.slice(0, 1)),
  );
  const photoById = new Map(photos.map((photo) => [photo.id, photo]));
  const today = indiaToday(now);
  const animals = rows.map((row): AdoptableCard => {
    const oneLine = oneLineIn(row, language);
    return {
      slug: row.slug,
      name: row.name,
      species: row.species,
      sex: row.sex,
      age: ageOn(row.bornOn, row.bornEstimated, today),
      oneLine: oneLine.text,
      oneLineInEnglish: oneLine.inEnglish,
      photo: photoById.get(row.photoImageIds[0] as number) ?? null,
    };
  });
  return { filters, page, pages: Math.max(1, Math.ceil(total / perPage)), total, animals };
}

interface AnimalRow extends Omit<AdoptableRow, 'updatedAt'> {
  status: AnimalStatus;
  colour: string;
  markings: string;
  story: string;
  condition: string;
  sterilisedOn: string | null;
  sponsorMonthlyAmount: number | null;
}

/**
 * An animal's page by its slug, in a language, or null where it has none: only an adoptable
 * animal, one that has found a home (reserved, adopted: the page says so) and one open for
 * sponsorship (`sponsor_monthly_amount` set) have a page; an animal still in care, fostered or
 * returned is not found, as an unknown slug.
 */
export async function animalPage(
  em: EntityManager,
  slug: string,
  { language, now = new Date() }: { language: Language; now?: Date },
): Promise<AnimalOnPage | null> {
  const [row] = await em.execute<AnimalRow[]>(
    `select ${LIST_COLUMNS}, a.status, a.colour, a.markings, a.story, a.condition,
        to_char(a.sterilised_on, 'YYYY-MM-DD') as "sterilisedOn", a.sponsor_monthly_amount as "sponsorMonthlyAmount"
       from animals a
      where a.slug = ? and (a.status in ('adoptable', 'reserved', 'adopted') or a.sponsor_monthly_amount is not null)`,
    [slug],
  );
  if (!row) return null;
  const [photos, vaccinations, appeals] = await Promise.all([
    imagesByIds(em, row.photoImageIds),
    em.execute<{ vaccine: string; givenOn: string }[]>(
      `select vaccine, to_char(given_on, 'YYYY-MM-DD') as "givenOn" from animal_vaccinations
        where animal_id = ? order by given_on desc, id desc`,
      [row.id],
    ),
    em.execute<
      { slug: string; title: string; story: string; beyondGoal: string | null; translations: AppealTranslations }[]
    >(
      `select slug, title, story, beyond_goal as "beyondGoal", translations from appeals
        where animal_id = ? and status = 'published' order by published_at desc, id desc`,
      [row.id],
    ),
  ]);
  const translations = storedTranslations<AnimalTranslations>(row.translations);
  const oneLine = oneLineIn(row, language);
  const story = inLanguage(translations, language, 'story', row.story);
  const inEnglish: AnimalOnPage['inEnglish'] = [
    ...(oneLine.inEnglish ? (['oneLine'] as const) : []),
    ...(language !== DEFAULT_LANGUAGE && story === row.story && row.story !== '' ? (['story'] as const) : []),
  ];
  const first: ImageRecord | undefined = photos[0];
  return {
    slug: row.slug,
    name: row.name,
    species: row.species,
    sex: row.sex,
    status: row.status,
    age: ageOn(row.bornOn, row.bornEstimated, indiaToday(now)),
    colour: row.colour,
    markings: row.markings,
    photos,
    oneLine: oneLine.text,
    story: storyParagraphs(story),
    inEnglish,
    sterilised: row.sterilised,
    sterilisedOn: row.sterilisedOn,
    vaccinations,
    goodWithDogs: row.goodWithDogs,
    goodWithCats: row.goodWithCats,
    goodWithChildren: row.goodWithChildren,
    houseTrained: row.houseTrained,
    specialNeeds: row.specialNeeds,
    condition: row.condition,
    sponsorMonthlyAmount: row.sponsorMonthlyAmount,
    appeals: appeals.map((appeal) => {
      const texts = appealTexts(appeal, language);
      return { slug: appeal.slug, title: texts.title, titleInEnglish: texts.untranslated.includes('title') };
    }),
    card: first ? animalCardPath(row.slug, first.hash) : null,
  };
}
