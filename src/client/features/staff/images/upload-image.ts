import { IMAGE_MAX_BYTES, type ImageRecord } from '../../../../shared/images';

export type UploadOutcome =
  | { ok: true; image: ImageRecord; created: boolean }
  | { ok: false; message: string; signedOut?: boolean };

/** Larger photos are made smaller on the phone first (and any HEIC the browser reads becomes JPEG). */
const SHRINK_ABOVE_BYTES = 3 * 1024 * 1024;
const LONGEST_SIDE = 2560;

/**
 * On the phone, before sending: a photo over 3 MB, or a HEIC, is redrawn at most 2560 px on its
 * longest side as a JPEG (upright: browsers apply the EXIF orientation; nothing of its metadata is
 * drawn). A slow mobile connection then sends a megabyte, not twelve, within the server's 30 s, and
 * an iPhone's HEIC arrives as JPEG where the browser reads HEIC (Safari). Where the browser cannot
 * read the file, or has no canvas, the file goes as it is and the server decides.
 */
export async function preparePhoto(file: File): Promise<Blob> {
  const heic = /^image\/hei[cf]/i.test(file.type) || /\.(heic|heif)$/i.test(file.name);
  if ((!heic && file.size <= SHRINK_ABOVE_BYTES) || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    return blob && blob.size > 0 ? blob : file;
  } catch {
    return file;
  }
}

/** A small JPEG of the chosen photo to show before it is sent (a data: URL: the console's CSP allows no blob:), when the browser reads it. */
export async function previewOf(file: File, width = 480): Promise<string | undefined> {
  if (typeof createImageBitmap !== 'function') return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    const scale = Math.min(1, width / bitmap.width);
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return undefined;
  }
}

/**
 * Sends one photo with its alt text to `POST /staff/api/images` (the session cookie goes with it),
 * reporting progress: on a phone's connection a photo takes a while.
 */
export async function uploadImage(
  file: File,
  alt: string,
  onProgress?: (fraction: number) => void,
): Promise<UploadOutcome> {
  const body = await preparePhoto(file);
  if (body.size > IMAGE_MAX_BYTES) {
    return { ok: false, message: `The photo is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB: choose a smaller one` };
  }
  const form = new FormData();
  form.append('alt', alt);
  form.append('file', body, body === file ? file.name : `${file.name.replace(/\.[^.]*$/, '')}.jpg`);
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/staff/api/images');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const answer = (request.response ?? {}) as { image?: ImageRecord; created?: boolean; message?: string };
      if (request.status >= 200 && request.status < 300 && answer.image) {
        resolve({ ok: true, image: answer.image, created: answer.created ?? true });
      } else if (request.status === 401) {
        resolve({ ok: false, message: 'You have been signed out: sign in again, then upload', signedOut: true });
      } else {
        resolve({ ok: false, message: answer.message ?? `The upload failed (${request.status}): try again` });
      }
    };
    request.onerror = () =>
      resolve({ ok: false, message: 'The upload did not reach the server: check the connection and try again' });
    request.ontimeout = request.onerror;
    request.send(form);
  });
}
