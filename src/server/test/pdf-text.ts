import { init, type WrappedPdfiumModule } from '@embedpdf/pdfium';

/** PDFium in WebAssembly, loaded once per test file: it ships in the npm package, no system program. */
let pdfium: Promise<WrappedPdfiumModule> | undefined;

export function loadPdfium(): Promise<WrappedPdfiumModule> {
  pdfium ??= init({}).then((module) => {
    module.PDFiumExt_Init();
    return module;
  });
  return pdfium;
}

/**
 * The text as a reader copies it out of the PDF, whitespace squeezed: PDFium's (Chrome's reader's)
 * text of each page, which reads a span's ActualText, so Tamil and Devanagari come out as written.
 * pdf.js does not, and gives them in the order the glyphs are drawn: that is donor-fixtures' pdfText.
 * MuPDF (npm `mupdf` 1.28.1) reads ActualText too, but repeats the end of a Devanagari word after it
 * ("प्रियाया" for "प्रिया").
 */
export async function pdfTextAsCopied(pdf: Uint8Array): Promise<string> {
  const module = await loadPdfium();
  const heap = module.pdfium;
  const bytes = heap.wasmExports.malloc(pdf.length);
  // Emscripten's view of the WebAssembly memory: there at run time, typed only by @types/emscripten.
  (heap as unknown as { HEAPU8: Uint8Array }).HEAPU8.set(pdf, bytes);
  const document = module.FPDF_LoadMemDocument(bytes, pdf.length, '');
  try {
    if (!document) throw new Error(`PDFium could not open the PDF (error ${module.FPDF_GetLastError()})`);
    const pages: string[] = [];
    for (let index = 0; index < module.FPDF_GetPageCount(document); index++) {
      const page = module.FPDF_LoadPage(document, index);
      const textPage = module.FPDFText_LoadPage(page);
      const count = module.FPDFText_CountChars(textPage);
      // UTF-16 code units and a terminating zero.
      const text = heap.wasmExports.malloc((count + 1) * 2);
      module.FPDFText_GetText(textPage, 0, count, text);
      pages.push(heap.UTF16ToString(text));
      heap.wasmExports.free(text);
      module.FPDFText_ClosePage(textPage);
      module.FPDF_ClosePage(page);
    }
    return pages.join(' ').replace(/\s+/g, ' ');
  } finally {
    if (document) module.FPDF_CloseDocument(document);
    heap.wasmExports.free(bytes);
  }
}
