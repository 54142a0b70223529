import {
  type EntityManager,
  ForeignKeyConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/postgresql';
import type { ImageRecord } from '../../../shared/images';
import { type Actor, audit } from '../audit/audit';
import { DomainError } from '../core/domain-error';
import { isoTime } from '../db/sql-time';
import { servedImageFiles } from './image-file-cache';
import { imageFileName, readImageFile, removeImageFiles, writeImageFiles } from './image-files';
import { processImage, type VariantFormat } from './process-image';

/** Where photos' files are kept: IMAGE_DIR when set (every instance must read it), else PostgreSQL. */
export interface ImageStorage {
  dir: string | undefined;
}

/** A photo as the console lists it. */
export interface ImageRow extends ImageRecord {
  /** Some page or appeal uses it (image_uses): it cannot be deleted. */
  used: boolean;
  createdBy: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** What was uploaded, by its content: jpeg, png, webp or heic. */
  sourceFormat: string;
  /** The master and every variant together. */
  storedBytes: number;
}

const RECORD_COLUMNS = `i.id, i.hash, i.width, i.height, i.alt,
  array(select v.width from image_variants v where v.image_id = i.id and v.format = 'webp' order by v.width) as widths`;

const IN_USE = 'This photo is in use on the site: remove it there first, then delete it';

/**
 * Checks an upload, makes its master and variants (process-image.ts) and keeps them with the alt
 * text, in one transaction with its audit entry. The same photo uploaded again is the image
 * already kept (`created: false`), its alt text unchanged.
 */
export async function storeImage(
  em: EntityManager,
  { storage, actor }: { storage: ImageStorage; actor: Actor },
  upload: { bytes: Buffer; alt: string },
): Promise<{ image: ImageRecord; created: boolean }> {
  const processed = await processImage(upload.bytes);
  const existing = await imageByHash(em, processed.hash);
  if (existing) return { image: existing, created: false };

  // Files first: once the row is there, so are they, for every instance.
  if (storage.dir) {
    await writeImageFiles(
      storage.dir,
      processed.files.map((file) => ({
        name: imageFileName(processed.hash, file.width, file.format),
        data: file.data,
      })),
    );
  }
  try {
    const id = await em.transactional(async (tx) => {
      const [row] = await tx.execute<{ id: number }[]>(
        `insert into images (hash, width, height, alt, source_format, source_bytes, created_by)
         values (?, ?, ?, ?, ?, ?, ?) returning id`,
        [
          processed.hash,
          processed.width,
          processed.height,
          upload.alt,
          processed.sourceFormat,
          upload.bytes.length,
          actor.username,
        ],
      );
      const imageId = (row as { id: number }).id;
      for (const file of processed.files) {
        await tx.execute(
          'insert into image_variants (image_id, format, width, height, bytes, data) values (?, ?, ?, ?, ?, ?)',
          [imageId, file.format, file.width, file.height, file.data.length, storage.dir ? null : file.data],
        );
      }
      await audit(tx, actor, 'image_uploaded', {
        imageId,
        hash: processed.hash,
        width: processed.width,
        height: processed.height,
        sourceFormat: processed.sourceFormat,
        sourceBytes: upload.bytes.length,
      });
      return imageId;
    });
    const image = await imageById(em, id);
    if (!image) throw new Error(`image ${id} vanished after its upload`);
    return { image, created: true };
  } catch (error) {
    // Uploaded twice at once: the other upload kept it (and its files are these same bytes).
    if (error instanceof UniqueConstraintViolationException) {
      const kept = await imageByHash(em, processed.hash);
      if (kept) return { image: kept, created: false };
    }
    throw error;
  }
}

async function imageByHash(em: EntityManager, hash: string): Promise<ImageRecord | undefined> {
  const [row] = await em.execute<ImageRecord[]>(`select ${RECORD_COLUMNS} from images i where i.hash = ?`, [hash]);
  return row;
}

async function imageById(em: EntityManager, id: number): Promise<ImageRecord | undefined> {
  const [row] = await em.execute<ImageRecord[]>(`select ${RECORD_COLUMNS} from images i where i.id = ?`, [id]);
  return row;
}

/** The photos of these ids, in the order asked (an id with no photo is left out): what a page or editor shows. */
export async function imagesByIds(em: EntityManager, ids: readonly number[]): Promise<ImageRecord[]> {
  if (ids.length === 0) return [];
  const rows = await em.execute<ImageRecord[]>(
    `select ${RECORD_COLUMNS} from images i where i.id in (select value::int from jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(ids)],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Newest first, a page at a time, each with whether it is in use. */
export async function listImages(
  em: EntityManager,
  input: { page: number; pageSize: number },
): Promise<{ rows: ImageRow[]; total: number }> {
  const rows = await em.execute<(ImageRow & { storedBytes: string })[]>(
    `select ${RECORD_COLUMNS},
       exists(select 1 from image_uses u where u.image_id = i.id) as used,
       i.created_by as "createdBy", ${isoTime('i.created_at')} as "createdAt", i.source_format as "sourceFormat",
       (select coalesce(sum(v.bytes), 0) from image_variants v where v.image_id = i.id) as "storedBytes"
     from images i order by i.created_at desc, i.id desc limit ? offset ?`,
    [input.pageSize, (input.page - 1) * input.pageSize],
  );
  const [count] = await em.execute<{ total: string }[]>('select count(*) as total from images');
  return {
    rows: rows.map((row) => ({ ...row, storedBytes: Number(row.storedBytes) })),
    total: Number(count?.total ?? 0),
  };
}

export async function updateImageAlt(
  em: EntityManager,
  actor: Actor,
  input: { id: number; alt: string },
): Promise<ImageRecord> {
  return em.transactional(async (tx) => {
    const [row] = await tx.execute<{ before: string }[]>(
      'update images i set alt = ? from images previous where i.id = ? and previous.id = i.id returning previous.alt as before',
      [input.alt, input.id],
    );
    if (!row) throw new DomainError('NOT_FOUND', 'No such photo: it may have been deleted');
    if (row.before !== input.alt) await audit(tx, actor, 'image_alt_changed', { imageId: input.id, alt: input.alt });
    const image = await imageById(tx, input.id);
    return image as ImageRecord;
  });
}

/**
 * Deletes a photo no page or appeal uses (image_uses, or any table's foreign key to it), with its
 * files, and audits it. Its addresses answer 404 from then on (other instances may serve the
 * files they hold in memory for up to IMAGE_CACHE_MAX_AGE_MS: ./image-file-cache.ts).
 */
export async function deleteImage(
  em: EntityManager,
  { storage, actor }: { storage: ImageStorage; actor: Actor },
  id: number,
): Promise<{ id: number }> {
  const { hash, onDisk } = await em.transactional(async (tx) => {
    // Locked: a use added meanwhile waits for this delete, then finds no photo (its foreign key refuses it).
    const [image] = await tx.execute<{ hash: string; alt: string }[]>(
      'select hash, alt from images where id = ? for update',
      [id],
    );
    if (!image) throw new DomainError('NOT_FOUND', 'No such photo: it may have been deleted already');
    const [use] = await tx.execute('select 1 from image_uses where image_id = ? limit 1', [id]);
    if (use) throw new DomainError('CONFLICT', IN_USE);
    const files = await tx.execute<{ format: VariantFormat; width: number }[]>(
      'select format, width from image_variants where image_id = ? and data is null',
      [id],
    );
    try {
      await tx.execute('delete from images where id = ?', [id]);
    } catch (error) {
      if (error instanceof ForeignKeyConstraintViolationException) throw new DomainError('CONFLICT', IN_USE);
      throw error;
    }
    await audit(tx, actor, 'image_deleted', { imageId: id, hash: image.hash, alt: image.alt });
    return { hash: image.hash, onDisk: files.map((file) => imageFileName(image.hash, file.width, file.format)) };
  });
  servedImageFiles.forgetHash(hash);
  if (storage.dir && onDisk.length > 0) await removeImageFiles(storage.dir, onDisk);
  return { id };
}

/**
 * The bytes served at `/images/<hash>-<width>.<ext>`: from the row, or from IMAGE_DIR when the row
 * holds none (so switching IMAGE_DIR on keeps the photos stored before). `withData: false` only
 * says whether it exists (a conditional request's 304).
 */
export async function findImageFile(
  em: EntityManager,
  storage: ImageStorage,
  file: { hash: string; width: number; format: VariantFormat },
  { withData = true }: { withData?: boolean } = {},
): Promise<{ data?: Buffer } | undefined> {
  const [row] = await em.execute<{ data: Buffer | null; onDisk: boolean }[]>(
    `select ${withData ? 'v.data' : 'null as data'}, v.data is null as "onDisk"
       from image_variants v join images i on i.id = v.image_id
      where i.hash = ? and v.format = ? and v.width = ?`,
    [file.hash, file.format, file.width],
  );
  if (!row) return undefined;
  if (!withData) return {};
  if (!row.onDisk && row.data) return { data: row.data };
  if (!storage.dir) return undefined;
  const data = await readImageFile(storage.dir, imageFileName(file.hash, file.width, file.format));
  return data ? { data } : undefined;
}
