import type { EntityManager } from '@mikro-orm/postgresql';
import { appealIdInputSchema } from '../../../shared/appeals.schema';
import { PRESET_AMOUNTS_PAISE } from '../../../shared/donation-rules';
import type { Language } from '../../../shared/languages';
import { localizedPath } from '../../../shared/locale-paths';
import { POSTER_SOURCE, type PosterOptions } from '../../../shared/poster.schema';
import { formatRupees } from '../../../shared/rupees';
import { contentIn } from '../../../shared/site-content-languages';
import { APPEAL_COLUMNS, type AppealRow, appealTexts, takesGifts } from '../../gifts/appeals/public-appeals';
import { getTrustDetails } from '../../gifts/receipts/trust-details';
import { DomainError } from '../../platform/core/domain-error';
import { findImageFile, type ImageStorage, imagesByIds } from '../../platform/images/images';
import { publishedContent } from '../../platform/site-content/site-content-versions';
import type { LadderRung } from './poster-pdf';
import { POSTER_WORDS } from './poster-words';

/**
 * What a poster shows, in the language asked: one kind of poster is a function that reads its page's
 * data into this (appealPoster, generalFundPoster); renderPoster does the rest (the photo's file, the
 * trust's name, the address with its source marker, the words, the PDF). A sponsored animal's is
 * animalPoster.
 */
export interface PosterContent {
  /** The one line, in the poster's language. */
  line: string;
  /** The photo's id in the Photos library (platform/images), or null for none. */
  photoImageId: number | null;
  ladder: LadderRung[];
  /** The page's English path (`/appeals/brunos-surgery`, `/donate`): the address is it in the poster's language. */
  path: string;
  /** For the file's name: `appeal-brunos-surgery`, `donate`. */
  name: string;
}

export interface PosterDeps {
  em: EntityManager;
  storage: ImageStorage;
  siteUrl: string;
}

/** The poster's address: the page in its language, marked as reached from a poster (`?src=poster`). */
export function posterAddress(siteUrl: string, path: string, language: Language): string {
  return `${siteUrl}${localizedPath(language, path)}?${POSTER_SOURCE.param}=${POSTER_SOURCE.value}`;
}

/** The donate form's preset amounts, as printed: what a donor scanning the code will see as buttons. */
const PRESET_LADDER: LadderRung[] = PRESET_AMOUNTS_PAISE.map((paise) => ({ amount: formatRupees(paise) }));

/**
 * An appeal's poster: its title and first photo in the language (English where staff gave no
 * translation), the donate form's amounts, its page. Only an appeal taking gifts gets one: a draft's
 * page is not public and a closed or ended appeal takes no gifts, so the code would lead nowhere useful.
 */
export async function appealPoster(em: EntityManager, id: number, language: Language): Promise<PosterContent> {
  const parsed = appealIdInputSchema.safeParse({ id });
  if (!parsed.success) throw new DomainError('BAD_REQUEST', 'Not an appeal number', { field: 'id' });
  const [appeal] = await em.execute<AppealRow[]>(`select ${APPEAL_COLUMNS} from appeals a where a.id = ?`, [id]);
  if (!appeal) throw new DomainError('NOT_FOUND', `No appeal ${id}`);
  if (!takesGifts(appeal)) {
    const why = appeal.status === 'draft' ? 'is not published yet' : 'takes no more gifts';
    throw new DomainError(
      'BAD_REQUEST',
      `This appeal ${why}: a poster would lead donors to a page they cannot give on`,
      {
        field: 'id',
      },
    );
  }
  return {
    line: appealTexts(appeal, language).title,
    photoImageId: appeal.photoImageIds[0] ?? null,
    ladder: PRESET_LADDER,
    path: `/appeals/${appeal.slug}`,
    name: `appeal-${appeal.slug}`,
  };
}

/**
 * A sponsored animal's poster: "Sponsor Moti: ₹3,500 a month", its first photo, the monthly amount
 * and what it does, its page (`/adopt/<slug>`, where the sponsor block starts the monthly gift tied
 * to it). Only an animal open for sponsorship gets one: otherwise its page asks for no sponsor.
 */
export async function animalPoster(em: EntityManager, id: number, language: Language): Promise<PosterContent> {
  if (!Number.isSafeInteger(id) || id < 1)
    throw new DomainError('BAD_REQUEST', 'Not an animal number', { field: 'id' });
  const [animal] = await em.execute<{ slug: string; name: string; amount: number | null; photoImageIds: number[] }[]>(
    `select slug, name, sponsor_monthly_amount as amount, photo_image_ids as "photoImageIds" from animals where id = ?`,
    [id],
  );
  if (!animal) throw new DomainError('NOT_FOUND', `No animal ${id}`, { field: 'id' });
  if (animal.amount === null)
    throw new DomainError('BAD_REQUEST', `${animal.name} is not open for sponsorship: a poster would ask for nothing`, {
      field: 'id',
    });
  const words = POSTER_WORDS[language];
  const amount = formatRupees(animal.amount);
  return {
    line: words.sponsorLine(animal.name, amount),
    photoImageId: animal.photoImageIds[0] ?? null,
    ladder: [{ amount, text: words.sponsorRung(animal.name) }],
    path: `/adopt/${animal.slug}`,
    name: `animal-${animal.slug}`,
  };
}

/**
 * The general fund's poster (the donate page's): the page's heading and its list of what gifts do
 * (amounts and words as published, in the language), the site's main photo when staff uploaded one.
 */
export async function generalFundPoster(em: EntityManager, language: Language): Promise<PosterContent> {
  const { content } = await publishedContent(em);
  const shown = contentIn(content, language);
  const ladder = shown.donate.impactItems.map((item) => ({ amount: item.amount, text: item.text }));
  return {
    line: shown.donate.heading,
    photoImageId: content.photos.hero.imageId,
    ladder: ladder.length > 0 ? ladder : PRESET_LADDER,
    path: '/donate',
    name: 'donate',
  };
}

/** The photo's JPEG master, or undefined when there is none (deleted since, or its file gone). */
async function photoBytes(deps: PosterDeps, imageId: number | null): Promise<Buffer | undefined> {
  if (imageId === null) return undefined;
  const [image] = await imagesByIds(deps.em, [imageId]);
  if (!image) return undefined;
  const file = await findImageFile(deps.em, deps.storage, { hash: image.hash, width: image.width, format: 'jpeg' });
  return file?.data;
}

/** The poster as a PDF, and its file's name (`poster-donate-A5-ta.pdf`). */
export async function renderPoster(
  deps: PosterDeps,
  content: PosterContent,
  { size, language }: PosterOptions,
): Promise<{ filename: string; pdf: Buffer }> {
  const [photo, trust] = await Promise.all([photoBytes(deps, content.photoImageId), getTrustDetails(deps.em)]);
  // Loaded at the first poster, as the receipts' renderer is (gifts/receipts/pdf-on-demand.ts): pdfkit,
  // its font engine and qrcode are not part of the server's start.
  const { renderPosterPdf } = await import('./poster-pdf');
  const pdf = await renderPosterPdf({
    size,
    language,
    trustName: trust.name,
    line: content.line,
    photo,
    ladder: content.ladder,
    address: posterAddress(deps.siteUrl, content.path, language),
    words: POSTER_WORDS[language],
  });
  return { filename: `poster-${content.name}-${size}-${language}.pdf`, pdf };
}
