import { DomainError } from '../../platform/core/domain-error';
import { startWorker } from './start-worker';
import type { UploadedFile } from './unpack-upload';

/** One file of an upload, read: a PDF with its hash and text, or why it is not read. */
export type ReadFile =
  | { name: string; bytes: Uint8Array; sha256: string; text: string }
  | { name: string; refused: string };

export type WorkerMessage =
  | { kind: 'reading'; name: string }
  | { kind: 'done'; files: ReadFile[] }
  | { kind: 'refused'; message: string };

/** A portal zip of a few hundred certificates reads in seconds; a file that takes longer is hostile. */
export const READ_TIMEOUT_MS = 120_000;
/** The worker's own heap: pdf.js's objects for one PDF at a time. A PDF that needs more is refused. */
const WORKER_HEAP_MB = 512;

/**
 * Unpacks and reads an upload in a worker thread (read-upload.worker.ts), so a zip bomb or a
 * hostile PDF costs that thread, never the event loop: the server answers meanwhile. A refusal
 * (a limit reached, a zip that cannot be opened, too slow, too large) is a DomainError that says why.
 */
export function readUpload(upload: UploadedFile, timeoutMs = READ_TIMEOUT_MS): Promise<ReadFile[]> {
  // The worker gets its own copy: the request's buffer may be a slice of a larger one.
  const bytes = new Uint8Array(upload.bytes);
  const worker = startWorker('read-upload', {
    workerData: { name: upload.name, bytes },
    transferList: [bytes.buffer],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  let reading: string | null = null;
  return new Promise<ReadFile[]>((resolve, reject) => {
    const refuse = (message: string) => reject(new DomainError('BAD_REQUEST', message));
    const timer = setTimeout(() => {
      const what = reading ? `${reading} in ${upload.name}` : upload.name;
      refuse(`${what} took longer than ${timeoutMs / 1000} s to read: refused`);
      void worker.terminate();
    }, timeoutMs);
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'reading') {
        reading = message.name;
        return;
      }
      if (message.kind === 'refused') refuse(message.message);
      else resolve(message.files);
      void worker.terminate();
    });
    worker.on('error', (error) => {
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        refuse(`${reading ?? upload.name} needs more than ${WORKER_HEAP_MB} MB to read: refused`);
      } else {
        reject(error);
      }
    });
    worker.on('exit', () => {
      clearTimeout(timer);
      reject(new Error('the certificate reader stopped without an answer'));
    });
  });
}
