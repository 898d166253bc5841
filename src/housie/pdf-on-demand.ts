// The PDF writer as tabula-grids/housie (Node) offers it: loaded with pdfkit on first use,
// so that counting and generating never load PDF code, and pdfkit (an optional
// dependency, 17 MB with its fonts library) may be left out of an install that prints
// no PDF. tabula-grids/housie/pdf is the writer itself, loaded at once.
import { UsageError } from "../errors.js";
import type { HousieRecord } from "./model/cells.js";
import type { PdfOptions, PdfWriter } from "./output/pdf.js";
import type { PdfTarget } from "./output/pdf-sink.js";

/** The one line when pdfkit is not installed. */
export const PDFKIT_MISSING = "PDF output needs pdfkit: npm install pdfkit";

/** Whether `error` is the import of pdfkit failing because it is not installed. */
export function pdfkitMissing(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === "ERR_MODULE_NOT_FOUND" && /['"]pdfkit['"]/.test(String(e.message));
}

/** Loads a module that needs pdfkit; a missing pdfkit becomes a UsageError saying how to install it. */
export async function withPdfkit<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (pdfkitMissing(error)) throw new UsageError(PDFKIT_MISSING);
    throw error;
  }
}

/**
 * Renders records (any iterable, sync or async) as a PDF to `sink`, page by page; returns
 * the number of pages. Loads pdfkit on the first call.
 *
 * @param records books or tickets, any iterable, sync or async
 * @param sink where the bytes go: a function taking each chunk, or a writable stream
 * @param options the print options (colours, games, title, paper, layout, qr, …)
 * @example
 * ```ts
 * import { createWriteStream } from "node:fs";
 * import { generateBooks, renderPdf } from "tabula-grids/housie";
 *
 * await renderPdf(generateBooks(4, { seed: 1n }), createWriteStream("books.pdf"), { qr: true }); // { pages: 2 }
 * ```
 */
export async function renderPdf(
  records: Iterable<HousieRecord> | AsyncIterable<HousieRecord>,
  sink: PdfTarget,
  options?: PdfOptions,
): Promise<{ pages: number }> {
  return (await withPdfkit(() => import("./output/pdf.js"))).renderPdf(records, sink, options);
}

/**
 * A PdfWriter (add records one by one, then `finish()`), made once pdfkit is loaded. The
 * class itself is exported by tabula-grids/housie/pdf.
 *
 * @param target where the bytes go: a function taking each chunk, or a writable stream
 * @param options the print options (colours, games, title, paper, layout, qr, …)
 * @example
 * ```ts
 * import { createPdfWriter, generateBooks } from "tabula-grids";
 *
 * const chunks = [];
 * const writer = await createPdfWriter((chunk) => void chunks.push(chunk));
 * await writer.add(generateBooks(1, { seed: 1n })[0]);
 * await writer.finish();
 * writer.pages; // 1
 * ```
 */
export async function createPdfWriter(target: PdfTarget, options?: PdfOptions): Promise<PdfWriter> {
  const { PdfWriter } = await withPdfkit(() => import("./output/pdf.js"));
  return new PdfWriter(target, options);
}
