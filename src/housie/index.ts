// Housie (UK 90-ball bingo): exact counts, exactly uniform tickets and books, validation.
// Names are prefixed where they would be ambiguous at the package root.
export { countHousie, type HousieCounts, type Engine as HousieEngine } from "./count/count.js";
export {
  generateBooks,
  generateTickets,
  iterateBooks,
  iterateTickets,
  iterateRecords as iterateHousieRecords,
  ticketRank,
  HousieRun,
  MAX_UNIQUE_TICKETS,
  SUPERSEDED as HOUSIE_RUN_SUPERSEDED,
  type GenerateOptions as HousieGenerateOptions,
} from "./generate/generate.js";
export { ticketsFromCells, type Cell as HousieCell, type TicketGrid, type HousieRecord, type HousieKind, type SeriesBatch } from "./model/cells.js";
export {
  validateBook,
  validateJsonl as validateHousieJsonl,
  validateJsonlStream as validateHousieJsonlStream,
  JsonlValidator as HousieJsonlValidator,
  MAX_LINE_BYTES as HOUSIE_MAX_LINE_BYTES,
  type Violation as HousieViolation,
  type HousieRule,
  type FileReport as HousieFileReport,
  type StreamSummary as HousieStreamSummary,
  type ValidateOptions as HousieValidateOptions,
} from "./validate/validate.js";
export { readSeriesText, type ReadSeriesOptions, type ReadSeriesTextOptions } from "./series/read-text.js";
export { SeriesInputError } from "./series/decoder.js";
export { MAX_SERIAL as MAX_HOUSIE_SERIAL } from "./model/serial.js";
export {
  formatterFor as housieFormatter,
  ticketToText,
  recordToJson as housieRecordToJson,
  FORMATS as HOUSIE_FORMATS,
  type HousieFormat,
  type Formatter as HousieFormatter,
} from "./output/format.js";
export {
  firstTicketTypeProbabilities,
  ninetyPositionProbabilities,
  singleTicketTypeProbabilities,
  probabilityValues,
  type ExactProbability,
} from "./count/marginals.js";
export { parseSeed as parseHousieSeed } from "../core/random.js";
export { ready } from "./ready.js";
export { printedRef, parseTicketRef, dammDigit, type TicketRef } from "./model/reference.js";
export { parseColour, parseGames, COLOUR_NAMES, type TicketColour } from "./output/colours.js";
export { pageGeometry, pagesFor, maxPerPage, PAPER_SIZE, type PageGeometry, type LayoutOptions } from "./output/layout.js";
export { PrintPlanner, seriesForSeed, randomSeries, type PrintOptions, type PlannedPage } from "./output/print-plan.js";
export { planNight, type NightPlan } from "./output/night.js";
export { htmlPrintFormatter, pageHtml, printCss } from "./output/print-html.js";
export { Caller, seededOrder, parseBall, type GameState } from "./game/caller.js";
export { checkGame, describeVerdict, type GameCheck, type ClaimVerdict, type ClaimReport, type PrizeWinners } from "./game/claims.js";
export { PRIZE_SETS, parsePrizeSet, prizeNeeds, type PrizeNeeds, type PrizeSetName } from "./game/prizes.js";
// Digit grouping for counts (the CLIs' --pretty; the web app with thin spaces); also in the package root.
export { groupDigits } from "../io/digits.js";
