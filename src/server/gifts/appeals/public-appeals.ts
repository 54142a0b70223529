import type { EntityManager } from '@mikro-orm/postgresql';
import {
  APPEAL_TRANSLATED_FIELDS,
  type AppealStatus,
  type AppealTranslatedField,
  type AppealTranslations,
  type AppealUpdateTranslations,
  DEFAULT_BEYOND_GOAL,
  inLanguage,
  type PublicAppeal,
  type PublicAppealCard,
  parseVideoUrl,
  storedTranslations,
  storyParagraphs,
} from '../../../shared/appeals.schema';
import type { ImageRecord } from '../../../shared/images';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/languages';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { DomainError } from '../../platform/core/domain-error';
import { imagesByIds } from '../../platform/images/images';
import { type AppealTotals, cachedAppealTotals, countAppealTotals } from './appeal-totals';

/** An appeal's row as the pages read it. */
export interface AppealRow {
  id: number;
  slug: string;
  title: string;
  story: string;
  goal: number;
  endsOn: string | null;
  status: AppealStatus;
  beyondGoal: string | null;
  photoImageIds: number[];
  videoUrl: string | null;
  vetBillImageId: number | null;
  /** Tamil and Hindi texts (jsonb), as staff gave them. */
  translations: AppealTranslations;
}

export const APPEAL_COLUMNS = `a.id, a.slug, a.title, a.story, a.goal, to_char(a.ends_on, 'YYYY-MM-DD') as "endsOn",
  a.status, a.beyond_goal as "beyondGoal", a.photo_image_ids as "photoImageIds", a.video_url as "videoUrl",
  a.vet_bill_image_id as "vetBillImageId", a.translations`;

/**
 * The appeal's own texts in a language, each field in English where staff gave no translation
 * (the default beyond-goal sentence stays English: it is staff's to write in each language).
 */
export function appealTexts(
  appeal: Pick<AppealRow, 'title' | 'story' | 'beyondGoal' | 'translations'>,
  language: Language,
) {
  const translations = storedTranslations<AppealTranslations>(appeal.translations);
  const english: Record<AppealTranslatedField, string> = {
    title: appeal.title,
    story: appeal.story,
    beyondGoal: appeal.beyondGoal ?? DEFAULT_BEYOND_GOAL,
  };
  const shown = Object.fromEntries(
    APPEAL_TRANSLATED_FIELDS.map((field) => [field, inLanguage(translations, language, field, english[field])]),
  ) as Record<AppealTranslatedField, string>;
  // The default sentence is the site's (the page says it in its language), not staff's to translate.
  const untranslated =
    language === DEFAULT_LANGUAGE
      ? []
      : APPEAL_TRANSLATED_FIELDS.filter(
          (field) => shown[field] === english[field] && !(field === 'beyondGoal' && appeal.beyondGoal === null),
        );
  return { ...shown, untranslated };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** India days left to give, today included (1 on the last day, 0 once it has passed); null without an end. */
export function daysLeft(endsOn: string | null, now: Date = new Date()): number | null {
  if (endsOn === null) return null;
  return Math.max(0, Math.round((utcDay(endsOn) - utcDay(indiaToday(now))) / DAY_MS) + 1);
}

/** Whether the appeal takes a gift now: published and not past its last day (as the create path's SQL says). */
export function takesGifts(appeal: Pick<AppealRow, 'status' | 'endsOn'>, now: Date = new Date()): boolean {
  return appeal.status === 'published' && (appeal.endsOn === null || appeal.endsOn >= indiaToday(now));
}

/** The figures every view of an appeal shows beside its story. */
export function progressOf(appeal: AppealRow, totals: AppealTotals, now: Date = new Date()) {
  return {
    goal: appeal.goal,
    raised: totals.raised,
    donors: totals.donors,
    percent: Math.min(100, Math.floor((totals.raised * 100) / appeal.goal)),
    endsOn: appeal.endsOn,
    daysLeft: daysLeft(appeal.endsOn, now),
    open: takesGifts(appeal, now),
    totalsAt: totals.at.toISOString(),
  };
}

/**
 * `appeals.get`: a published or closed appeal by its slug, with its progress (counted at most
 * half a minute ago, or now with `freshTotals`: the appeal pages' own cache limits how often) and
 * its updates, newest first. A draft is not found, as an unknown slug.
 */
export async function publicAppeal(
  em: EntityManager,
  slug: string,
  now: Date = new Date(),
  { freshTotals = false, language = DEFAULT_LANGUAGE }: { freshTotals?: boolean; language?: Language } = {},
): Promise<PublicAppeal> {
  const [appeal] = await em.execute<AppealRow[]>(
    `select ${APPEAL_COLUMNS} from appeals a where a.slug = ? and a.status in ('published', 'closed')`,
    [slug],
  );
  if (!appeal) throw new DomainError('NOT_FOUND', 'No such appeal');
  const [totals, updates] = await Promise.all([
    freshTotals ? countAppealTotals(em, [appeal.id]) : cachedAppealTotals(em, [appeal.id], now),
    em.execute<
      {
        id: number;
        text: string;
        translations: AppealUpdateTranslations;
        photoImageId: number | null;
        postedAt: Date;
      }[]
    >(
      `select id, text, translations, photo_image_id as "photoImageId", posted_at as "postedAt"
         from appeal_updates where appeal_id = ? order by posted_at desc, id desc`,
      [appeal.id],
    ),
  ]);
  const image = await imagesOf(em, [
    ...appeal.photoImageIds,
    appeal.vetBillImageId,
    ...updates.map((update) => update.photoImageId),
  ]);
  const texts = appealTexts(appeal, language);
  return {
    id: appeal.id,
    slug: appeal.slug,
    language,
    untranslated: texts.untranslated,
    title: texts.title,
    story: storyParagraphs(texts.story),
    photos: appeal.photoImageIds.flatMap((id) => image(id) ?? []),
    video: appeal.videoUrl ? parseVideoUrl(appeal.videoUrl) : null,
    vetBill: image(appeal.vetBillImageId),
    ...progressOf(appeal, totals.get(appeal.id) as AppealTotals, now),
    status: appeal.status === 'closed' ? 'closed' : 'published',
    beyondGoal: texts.beyondGoal,
    updates: updates.map((update) => {
      const text = inLanguage(
        storedTranslations<AppealUpdateTranslations>(update.translations),
        language,
        'text',
        update.text,
      );
      return {
        id: update.id,
        text: storyParagraphs(text),
        untranslated: language !== DEFAULT_LANGUAGE && text === update.text,
        photo: image(update.photoImageId),
        postedAt: new Date(update.postedAt).toISOString(),
      };
    }),
  };
}

/** `appeals.listOpen`: the appeals taking gifts now, most recently published first, in a language (English fallback per field). */
export async function openAppeals(
  em: EntityManager,
  now: Date = new Date(),
  language: Language = DEFAULT_LANGUAGE,
): Promise<PublicAppealCard[]> {
  return (await openAppealsInEveryLanguage(em, now))[language];
}

/** The open appeals in each language, read once: the home and donate pages of every language list them. */
export async function openAppealsInEveryLanguage(
  em: EntityManager,
  now: Date = new Date(),
): Promise<Record<Language, PublicAppealCard[]>> {
  const appeals = await em.execute<AppealRow[]>(
    `select ${APPEAL_COLUMNS} from appeals a
      where a.status = 'published' and (a.ends_on is null or a.ends_on >= ?::date)
      order by a.published_at desc, a.id desc`,
    [indiaToday(now)],
  );
  const [totals, image] = await Promise.all([
    cachedAppealTotals(
      em,
      appeals.map((appeal) => appeal.id),
      now,
    ),
    imagesOf(
      em,
      appeals.map((appeal) => appeal.photoImageIds[0] ?? null),
    ),
  ]);
  const cards = (language: Language) =>
    appeals.map((appeal) => {
      const texts = appealTexts(appeal, language);
      return {
        id: appeal.id,
        slug: appeal.slug,
        language,
        untranslated: texts.untranslated,
        title: texts.title,
        summary: storyParagraphs(texts.story)[0] ?? '',
        photo: image(appeal.photoImageIds[0] ?? null),
        ...progressOf(appeal, totals.get(appeal.id) as AppealTotals, now),
        status: 'published' as const,
        beyondGoal: texts.beyondGoal,
      };
    });
  return Object.fromEntries(LANGUAGES.map((language) => [language, cards(language)])) as Record<
    Language,
    PublicAppealCard[]
  >;
}

/** The photos named, read in one query: a lookup by id (null for none, or a photo deleted meanwhile). */
async function imagesOf(em: EntityManager, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const images = new Map((await imagesByIds(em, wanted)).map((image) => [image.id, image]));
  return (id: number | null): ImageRecord | null => (id === null ? null : (images.get(id) ?? null));
}
