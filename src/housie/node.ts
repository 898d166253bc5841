/**
 * UK 90-ball bingo (housie): exact counts, exactly uniform unique tickets and books,
 * validation, and in Node the file tools (series readers, PDF, claim checks, audits).
 * Guides: `docs/housie.md`, `docs/operators.md`.
 *
 * @example
 * ```ts
 * import { countHousie, generateBooks, validateBook } from "tabula-grids/housie";
 *
 * countHousie().tickets;                              // 3669688706217187500n
 * const [book] = generateBooks(1, { seed: 2026n });   // { serial: 1n, tickets: [...6 tickets] }
 * validateBook(book);                                 // [] (no broken rule)
 * ```
 * @module tabula-grids/housie
 */
// tabula-grids/housie in Node: the portable API plus what reads or writes files (series
// readers, print-ready PDF through pdfkit loaded on first use, claim checks, audits, --unique-against).
export * from "./index.js";
export { readSeries, readSeriesTickets } from "./series/read-series.js";
export type { SeriesBatch } from "./model/cells.js";
// PDF: pdfkit loads on first use (pdf-on-demand.ts); the writer class is tabula-grids/housie/pdf's.
export { renderPdf, createPdfWriter } from "./pdf-on-demand.js";
export { streamSink, type PdfSink, type PdfTarget, type WritableLike } from "./output/pdf-sink.js";
export { PDF_PAPERS, PDF_LAYOUTS, type PdfPaper, type PdfLayout } from "./output/pdf-options.js";
export type { PdfWriter, PdfOptions } from "./output/pdf.js";
export {
  checkClaims,
  parseCalls,
  parseRef as parseTicketRef,
  PRIZES as HOUSIE_PRIZES,
  type CheckReport,
  type CheckOptions,
  type PrizeResult,
  type TicketClaim,
  type Prize as HousiePrize,
} from "./operators/check.js";
export { auditBooks, auditReference, type AuditReport, type AuditTest, type AuditOptions, type AuditFamily, type AuditReference } from "./operators/audit.js";
export { seriesTickets, markSeriesIssued, ticketRankFromCells } from "./generate/unique-against.js";
export { ThreadedUniqueRun, type ThreadedRunOptions } from "./generate/threaded-run.js";
