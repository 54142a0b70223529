import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * A photo staff uploaded, as it is kept: its content hash (in every address it is served under), the
 * master's size after rotation, and its alt text. The upload itself is not kept: only the
 * normalised JPEG master and the AVIF and WebP variants (image_variants).
 */
export const Image = defineEntity({
  name: 'Image',
  tableName: 'images',
  indexes: [{ properties: ['createdAt'], name: 'images_created_at_index' }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    /** The first 32 hex digits of the master's SHA-256: the same photo uploaded twice is one image. */
    hash: p.text().unique('images_hash_unique'),
    width: p.integer(),
    height: p.integer(),
    alt: p.text(),
    /** What was uploaded, by its content: jpeg, png, webp or heic. */
    sourceFormat: p.text(),
    sourceBytes: p.integer(),
    createdBy: p.text(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type Image = InferEntity<typeof Image>;

/**
 * One file of a photo: the JPEG master (`jpeg`, at the photo's own width) or an AVIF or WebP
 * variant. `data` holds its bytes, or is null when they are in IMAGE_DIR (as `<hash>-<width>.<ext>`).
 */
export const ImageVariant = defineEntity({
  name: 'ImageVariant',
  tableName: 'image_variants',
  properties: (p) => ({
    image: p.manyToOne(Image).fieldName('image_id').primary().deleteRule('cascade'),
    format: p.text().primary(),
    width: p.integer().primary(),
    height: p.integer(),
    bytes: p.integer(),
    data: p.blob().lazy().nullable(),
  }),
});
export type ImageVariant = InferEntity<typeof ImageVariant>;

/**
 * Where a photo is used, as the feature that uses it says (`appeal:12`, `content:home`): a photo in
 * use cannot be deleted (the foreign key refuses it too). See platform/images/image-uses.ts.
 */
export const ImageUse = defineEntity({
  name: 'ImageUse',
  tableName: 'image_uses',
  properties: (p) => ({
    image: p.manyToOne(Image).fieldName('image_id').primary(),
    usedBy: p.text().primary(),
  }),
});
export type ImageUse = InferEntity<typeof ImageUse>;

export const IMAGE_ENTITIES = [Image, ImageVariant, ImageUse];
