import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { ANIMAL_CARD_HEIGHT, ANIMAL_CARD_WIDTH } from '../../../shared/adoptable';
import type { ImageRecord } from '../../../shared/images';
import { findImageFile, type ImageStorage } from '../../platform/images/images';

/**
 * An animal's link preview (Open Graph, WhatsApp): its first photo at the card's size, 1200×630,
 * cropped to fill around what sharp finds most interesting (the animal, not the floor), from the
 * photo's JPEG master. Undefined when the photo's file cannot be read.
 */
export async function renderAnimalCard(
  em: EntityManager,
  storage: ImageStorage,
  photo: Pick<ImageRecord, 'hash' | 'width'>,
): Promise<Buffer | undefined> {
  const file = await findImageFile(em, storage, { hash: photo.hash, width: photo.width, format: 'jpeg' });
  if (!file?.data) return undefined;
  return sharp(file.data)
    .rotate()
    .resize(ANIMAL_CARD_WIDTH, ANIMAL_CARD_HEIGHT, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

/** The first photo of an animal with a public page whose photo has this hash, or undefined. */
export async function animalCardPhoto(
  em: EntityManager,
  slug: string,
  hash: string,
): Promise<Pick<ImageRecord, 'hash' | 'width'> | undefined> {
  const [row] = await em.execute<{ hash: string; width: number }[]>(
    `select i.hash, i.width from animals a join images i on i.id = (a.photo_image_ids->>0)::int
      where a.slug = ? and i.hash = ?
        and (a.status in ('adoptable', 'reserved', 'adopted') or a.sponsor_monthly_amount is not null)`,
    [slug, hash],
  );
  return row;
}
