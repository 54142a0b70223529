import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VariantFormat } from './process-image';

export const EXTENSIONS: Record<VariantFormat, 'jpg' | 'avif' | 'webp'> = { jpeg: 'jpg', avif: 'avif', webp: 'webp' };

export const CONTENT_TYPES: Record<VariantFormat, string> = {
  jpeg: 'image/jpeg',
  avif: 'image/avif',
  webp: 'image/webp',
};

/** `<hash>-<width>.<ext>`: the file's name in IMAGE_DIR and the last part of its address under /images/. */
export function imageFileName(hash: string, width: number, format: VariantFormat): string {
  return `${hash}-${width}.${EXTENSIONS[format]}`;
}

const FILE_NAME = /^([0-9a-f]{32})-([1-9][0-9]{0,4})\.(jpg|avif|webp)$/;
const FORMAT_OF = { jpg: 'jpeg', avif: 'avif', webp: 'webp' } as const;

/** The parts of a file name under /images/, or undefined for anything that is not one. */
export function parseImageFileName(name: string): { hash: string; width: number; format: VariantFormat } | undefined {
  const match = FILE_NAME.exec(name);
  if (!match) return undefined;
  const [, hash, width, extension] = match as unknown as [string, string, string, keyof typeof FORMAT_OF];
  return { hash, width: Number(width), format: FORMAT_OF[extension] };
}

/**
 * Writes each file whole or not at all (a temporary name, then a rename), so another instance never
 * serves half a photo. Writing a file that is already there rewrites the same bytes: names are hashes.
 */
export async function writeImageFiles(dir: string, files: { name: string; data: Buffer }[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const file of files) {
    const temporary = join(dir, `.${file.name}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temporary, file.data);
    await rename(temporary, join(dir, file.name));
  }
}

/** A file's bytes, or undefined when it is not there. */
export async function readImageFile(dir: string, name: string): Promise<Buffer | undefined> {
  try {
    return await readFile(join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export async function removeImageFiles(dir: string, names: string[]): Promise<void> {
  await Promise.all(names.map((name) => rm(join(dir, name), { force: true })));
}
