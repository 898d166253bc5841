// tabula-grids/housie in Node: the portable API plus what reads or writes files (series
// readers, print-ready PDF through pdfkit, claim checks, audits, --unique-against).
export * from "./index.js";
export { readSeries, readSeriesTickets, type SeriesBatch, type ReadSeriesOptions } from "./read-series.js";
export { renderPdf, PdfWriter, streamSink, PDF_PAPERS, PDF_LAYOUTS, type PdfSink, type PdfTarget, type WritableLike, type PdfOptions, type PdfPaper, type PdfLayout } from "./pdf.js";
export {
  checkClaims, parseCalls, parseRef as parseTicketRef, PRIZES as HOUSIE_PRIZES,
  type CheckReport, type CheckOptions, type PrizeResult, type TicketClaim, type Prize as HousiePrize,
} from "./check.js";
export { auditBooks, auditReference, type AuditReport, type AuditTest, type AuditOptions, type AuditFamily, type AuditReference } from "./audit.js";
export { seriesTickets, markSeriesIssued, ticketRankFromCells } from "./unique-against.js";
export { ThreadedUniqueRun, threadedRunPays, THREADED_FROM_TICKETS, type ThreadedRunOptions } from "./threaded-run.js";
