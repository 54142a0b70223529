import { parentPort, workerData } from 'node:worker_threads';
import { ParseSpeeds, PDFDocument } from 'pdf-lib';

/** Every page of each PDF, in order, in one document: pdf-lib's parsing and writing, off the event loop. */
async function mergePdfs(pdfs: Uint8Array[]) {
  const merged = await PDFDocument.create();
  for (const pdf of pdfs) {
    const source = await PDFDocument.load(pdf, { parseSpeed: ParseSpeeds.Fastest, ignoreEncryption: true });
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  const bytes = await merged.save();
  parentPort?.postMessage({ pdf: bytes, pages: merged.getPageCount() }, [bytes.buffer as ArrayBuffer]);
}

await mergePdfs(workerData as Uint8Array[]);
