import { startWorker } from './start-worker';

/**
 * Merges PDFs into one, every page in order, in a worker thread (merge-pdfs.worker.ts): parsing a
 * few hundred certificates with pdf-lib held the event loop for hundreds of milliseconds at a time.
 */
export function mergePdfs(pdfs: Uint8Array[]): Promise<{ pdf: Buffer; pages: number }> {
  const worker = startWorker('merge-pdfs', { workerData: pdfs });
  return new Promise((resolve, reject) => {
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
