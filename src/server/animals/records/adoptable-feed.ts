import type { EntityManager } from '@mikro-orm/postgresql';
import { type AdoptableFeed, type AdoptableFeedInput, FEED_PAGE_SIZE, monthsBetween } from '../../../shared/adoptable';
import { inLanguage, storedTranslations } from '../../../shared/appeals.schema';
import { masterImageUrl } from '../../../shared/images';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { localizedPath } from '../../../shared/locale-paths';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { imagesByIds } from '../../platform/images/images';
import { adoptableRows } from './adoptable-animals';
import type { AnimalTranslations } from './animal.entity';

/**
 * `GET /api/animals/adoptable`: the adoptable animals, as `/adopt` lists them (the same filters,
 * those waiting longest first), a page at a time, with absolute addresses for another site to
 * link and show: each photo's JPEG master, the animal's page in each language.
 */
export async function adoptableFeed(
  em: EntityManager,
  { page = 1, perPage = FEED_PAGE_SIZE, ...filters }: AdoptableFeedInput,
  { siteUrl, now = new Date() }: { siteUrl: string; now?: Date },
): Promise<AdoptableFeed> {
  const origin = siteUrl.replace(/\/+$/, '');
  const { rows, total } = await adoptableRows(em, filters, { page, perPage, now });
  const photos = await imagesByIds(
    em,
    rows.flatMap((row) => row.photoImageIds),
  );
  const photoById = new Map(photos.map((photo) => [photo.id, photo]));
  const today = indiaToday(now);
  const inEach = (text: (language: Language) => string) =>
    Object.fromEntries(LANGUAGES.map((language) => [language, text(language)])) as Record<Language, string>;
  return {
    animals: rows.map((row) => {
      const translations = storedTranslations<AnimalTranslations>(row.translations);
      const path = `/adopt/${row.slug}`;
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        species: row.species,
        sex: row.sex,
        age: row.bornOn
          ? { bornOn: row.bornOn, estimated: row.bornEstimated, months: Math.max(0, monthsBetween(row.bornOn, today)) }
          : null,
        oneLine: inEach((language) => inLanguage(translations, language, 'oneLine', row.oneLine)),
        photos: row.photoImageIds.flatMap((id) => {
          const photo = photoById.get(id);
          return photo
            ? [{ url: `${origin}${masterImageUrl(photo)}`, width: photo.width, height: photo.height, alt: photo.alt }]
            : [];
        }),
        pageUrl: `${origin}${path}`,
        pageUrls: inEach((language) => `${origin}${localizedPath(language, path)}`),
        goodWithDogs: row.goodWithDogs,
        goodWithCats: row.goodWithCats,
        goodWithChildren: row.goodWithChildren,
        houseTrained: row.houseTrained,
        sterilised: row.sterilised,
        specialNeeds: row.specialNeeds,
        updatedAt: new Date(row.updatedAt).toISOString(),
      };
    }),
    page,
    pages: Math.max(1, Math.ceil(total / perPage)),
    perPage,
    total,
  };
}
