// Housie (UK 90-ball bingo): exact counts, exactly uniform tickets and books, validation.
// Names are prefixed where they would be ambiguous at the package root.
export { countHousie, type HousieCounts, type Engine as HousieEngine } from "./count.js";
export {
  generateBooks, generateTickets, iterateBooks, iterateTickets, iterateRecords as iterateHousieRecords,
  ticketsFromCells, ticketKey, HousieRun, MAX_UNIQUE_TICKETS,
  type Cell as HousieCell, type TicketGrid, type HousieRecord, type HousieKind, type GenerateOptions as HousieGenerateOptions,
} from "./generate.js";
export {
  validateBook, validateJsonl as validateHousieJsonl,
  type Violation as HousieViolation, type HousieRule, type FileReport as HousieFileReport,
} from "./validate.js";
export {
  formatterFor as housieFormatter, ticketToText, recordToJson as housieRecordToJson, FORMATS as HOUSIE_FORMATS,
  type HousieFormat, type Formatter as HousieFormatter,
} from "./format.js";
export { firstTicketTypeProbabilities, ninetyPositionProbabilities, singleTicketTypeProbabilities } from "./marginals.js";
export { BookSamplerTs } from "./baseline-sampler.js";
export { enumeratePatternsTs, type PatternTables as HousiePatternTables } from "./tables.js";
export { seedState as housieSeedState, parseSeed as parseHousieSeed, Xoshiro128 } from "./rng.js";
export { readSeries, readSeriesTickets, type SeriesBatch, type ReadSeriesOptions } from "./read-series.js";
export { renderPdf, PdfWriter, PDF_PAPERS, PDF_LAYOUTS, type PdfOptions, type PdfPaper, type PdfLayout } from "./pdf.js";
export {
  checkClaims, parseCalls, parseRef as parseTicketRef, PRIZES as HOUSIE_PRIZES,
  type CheckReport, type CheckOptions, type PrizeResult, type TicketClaim, type Prize as HousiePrize,
} from "./check.js";
export { auditBooks, auditReference, type AuditReport, type AuditTest, type AuditOptions, type AuditFamily, type AuditReference } from "./audit.js";
export { chiSquareSurvival, normalTwoSided, upperGammaRegularized, holmAdjust } from "./stats.js";
export { seriesTickets, markSeriesIssued, ticketKeyFromCells } from "./unique-against.js";
