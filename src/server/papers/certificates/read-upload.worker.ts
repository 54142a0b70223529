import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { pdfText, sha256 } from './read-certificate';
import type { ReadFile, WorkerMessage } from './read-upload';
import { type UploadedFile, UploadRefused, unpackUpload } from './unpack-upload';

/**
 * The CPU-bound part of a certificate upload, in a worker thread so the server keeps answering: the
 * zip unpacked within its limits (unpack-upload.ts), then each PDF hashed and its text read with
 * pdf.js (a hostile PDF can keep pdf.js busy for long). Posts `reading` before each PDF, so a
 * timeout can name the file, then `done` with every file, or `refused` with why.
 */
const MAX_TEXT_CHARS = 100_000;

async function readUpload(upload: UploadedFile) {
  const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(message, transfer);
  let unpacked: ReturnType<typeof unpackUpload>;
  try {
    unpacked = unpackUpload(upload);
  } catch (error) {
    if (error instanceof UploadRefused) return post({ kind: 'refused', message: error.message });
    throw error;
  }
  const files: ReadFile[] = [];
  for (const file of unpacked) {
    if ('refused' in file) {
      files.push(file);
      continue;
    }
    post({ kind: 'reading', name: file.name });
    // Text that cannot be read is a file that is not a certificate: the match says so. A
    // certificate's text is a few KB; more is cut, so the match's patterns run on little.
    const text = (await pdfText(file.bytes).catch(() => '')).slice(0, MAX_TEXT_CHARS);
    files.push({ name: file.name, bytes: file.bytes, sha256: sha256(file.bytes), text });
  }
  const buffers = files.flatMap((file) => ('bytes' in file ? [file.bytes.buffer as ArrayBuffer] : []));
  post({ kind: 'done', files }, [...new Set(buffers)]);
}

// This thread's own priority (Linux gives each thread its own): the event loop's requests go first.
setPriority(19);
await readUpload(workerData as UploadedFile);
