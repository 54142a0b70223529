import { loadPdfium } from './pdf-text';

/** A page as pixels: RGBA, 4 bytes a pixel, rows top to bottom (what jsQR and sharp's raw input read). */
export interface PageImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * A page of the PDF drawn by PDFium (Chrome's renderer, in WebAssembly: no system program) at
 * `dpi` on white, as a printer or a phone's screen shows it.
 */
export async function pdfPageImage(pdf: Uint8Array, { page: index = 0, dpi = 150 } = {}): Promise<PageImage> {
  const module = await loadPdfium();
  const heap = module.pdfium as unknown as {
    HEAPU8: Uint8Array;
    wasmExports: { malloc(size: number): number; free(pointer: number): void };
  };
  const bytes = heap.wasmExports.malloc(pdf.length);
  heap.HEAPU8.set(pdf, bytes);
  const document = module.FPDF_LoadMemDocument(bytes, pdf.length, '');
  try {
    if (!document) throw new Error(`PDFium could not open the PDF (error ${module.FPDF_GetLastError()})`);
    const page = module.FPDF_LoadPage(document, index);
    const width = Math.round((module.FPDF_GetPageWidthF(page) / 72) * dpi);
    const height = Math.round((module.FPDF_GetPageHeightF(page) / 72) * dpi);
    const bitmap = module.FPDFBitmap_Create(width, height, 1);
    module.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
    module.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, 0);
    const stride = module.FPDFBitmap_GetStride(bitmap);
    const buffer = module.FPDFBitmap_GetBuffer(bitmap);
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // PDFium's pixels are BGRA.
        const from = buffer + y * stride + x * 4;
        const to = (y * width + x) * 4;
        data[to] = heap.HEAPU8[from + 2] as number;
        data[to + 1] = heap.HEAPU8[from + 1] as number;
        data[to + 2] = heap.HEAPU8[from] as number;
        data[to + 3] = 255;
      }
    }
    module.FPDFBitmap_Destroy(bitmap);
    module.FPDF_ClosePage(page);
    return { data, width, height };
  } finally {
    if (document) module.FPDF_CloseDocument(document);
    heap.wasmExports.free(bytes);
  }
}
