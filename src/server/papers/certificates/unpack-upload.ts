import { Unzip, UnzipInflate } from 'fflate';
import { isPdf } from './read-certificate';

export interface UnpackLimits {
  maxFiles: number;
  /** Bytes one file of the zip may inflate to. */
  maxEntryBytes: number;
  /** Bytes all of them may inflate to. */
  maxTotalBytes: number;
}

/**
 * A zip from the portal holds a few hundred certificates of a few hundred KB each; a certificate
 * is a page or two, far below the limit of one file.
 */
export const UNPACK_LIMITS: UnpackLimits = {
  maxFiles: 2_000,
  maxEntryBytes: 20 * 1024 * 1024,
  maxTotalBytes: 300 * 1024 * 1024,
};
/**
 * The zip is fed to the inflater this much at a time. DEFLATE expands at most about 1,032 to 1, so
 * one step produces at most ~4 MB before the bytes produced so far are counted again.
 */
const STEP_BYTES = 4 * 1024;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** One file of an upload: a PDF to read, or another file listed with the reason it is not read. */
export type UnpackedFile = { name: string; bytes: Uint8Array } | { name: string; refused: string };

/** Refuses the whole upload, with a message for staff that names the file and the limit. */
export class UploadRefused extends Error {}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

/**
 * The files of an upload: the file itself, or each file of a zip (folders skipped), each a PDF by
 * its content or listed with why it is not read. The bytes
 * actually inflated are counted as they come, per file and for the whole zip, and unpacking stops
 * at a limit: the sizes a zip's headers claim are not trusted. Synchronous and CPU-bound: run it
 * off the event loop (read-upload.worker.ts).
 */
export function unpackUpload(upload: UploadedFile, limits: UnpackLimits = UNPACK_LIMITS): UnpackedFile[] {
  const { maxFiles, maxEntryBytes, maxTotalBytes } = limits;
  if (isPdf(upload.bytes) || !isZip(upload.bytes)) return [describe(upload.name, upload.bytes)];
  const files: UnpackedFile[] = [];
  let total = 0;
  let count = 0;
  let refusal: string | null = null;
  /** Files whose data began but never ended (a zip cut short): listed as not read, not dropped. */
  const unfinished = new Set<string>();
  const unzip = new Unzip((entry) => {
    if (entry.name.endsWith('/')) return;
    count += 1;
    if (count > maxFiles) {
      refusal ??= `${upload.name} holds more than ${maxFiles} files: upload it in parts`;
      return;
    }
    const name = entry.name.split('/').pop() ?? entry.name;
    const chunks: Uint8Array[] = [];
    let size = 0;
    let failed = false;
    unfinished.add(name);
    entry.ondata = (error, data, final) => {
      if (failed || refusal) return;
      if (error) {
        failed = true;
        unfinished.delete(name);
        files.push({
          name,
          refused: 'could not be unpacked: the file is damaged, encrypted or compressed another way',
        });
        return;
      }
      size += data.length;
      total += data.length;
      if (size > maxEntryBytes) {
        refusal = `${name} in ${upload.name} unpacks to more than ${megabytes(maxEntryBytes)}, far more than a certificate: refused`;
        return;
      }
      if (total > maxTotalBytes) {
        refusal = `${upload.name} unpacks to more than ${megabytes(maxTotalBytes)}: upload it in parts`;
        return;
      }
      chunks.push(data);
      if (final) {
        unfinished.delete(name);
        files.push(describe(name, concat(chunks, size)));
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < upload.bytes.length && !refusal; at += STEP_BYTES) {
      const end = Math.min(at + STEP_BYTES, upload.bytes.length);
      unzip.push(upload.bytes.subarray(at, end), end === upload.bytes.length);
    }
  } catch {
    if (!refusal) throw new UploadRefused(`${upload.name} is not a zip that can be opened`);
  }
  if (refusal) throw new UploadRefused(refusal);
  for (const name of unfinished) {
    files.push({ name, refused: 'could not be read: the zip ends before this file does (damaged or cut short)' });
  }
  // A zip in which no file could even be found answers so, rather than an empty list.
  if (files.length === 0 && count === 0) {
    throw new UploadRefused(`${upload.name} could not be read: no file was found in it (the zip is damaged or empty)`);
  }
  return files;
}

/** A PDF by its content, whatever its name; a zip within the zip or anything else listed with why. */
function describe(name: string, bytes: Uint8Array): UnpackedFile {
  if (isPdf(bytes)) return { name, bytes };
  if (isZip(bytes)) return { name, refused: 'a zip inside the zip: upload it on its own' };
  return { name, refused: 'not a PDF' };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
