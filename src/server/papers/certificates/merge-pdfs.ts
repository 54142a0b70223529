import { startWorker } from './start-worker';

const MERGE_TIMEOUT_MS = 120_000;

/**
 * Merges PDFs into one, every page in order, in a worker thread (merge-pdfs.worker.ts): parsing a
 * few hundred certificates with pdf-lib held the event loop for hundreds of milliseconds at a time.
 */
export function mergePdfs(pdfs: Uint8Array[], timeoutMs = MERGE_TIMEOUT_MS): Promise<{ pdf: Buffer; pages: number }> {
  const worker = startWorker('merge-pdfs', { workerData: pdfs });
  return new Promise((resolve, reject) => {
    // Stored certificates were read once already; a merge that still runs this long never ends.
    const timer = setTimeout(() => {
      reject(new Error(`merging ${pdfs.length} certificates took longer than ${timeoutMs / 1000} s`));
      void worker.terminate();
    }, timeoutMs);
    worker.on('exit', () => clearTimeout(timer));
    worker.on('message', (merged: { pdf: Uint8Array; pages: number }) => {
      resolve({
        pdf: Buffer.from(merged.pdf.buffer, merged.pdf.byteOffset, merged.pdf.byteLength),
        pages: merged.pages,
      });
      void worker.terminate();
    });
    worker.on('error', reject);
    worker.on('exit', () => reject(new Error('the PDF merger stopped without an answer')));
  });
}
