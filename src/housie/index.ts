// Housie (UK 90-ball bingo): exact counts, exactly uniform tickets and books, validation.
export { countHousie, type HousieCounts, type Engine } from "./count.js";
export {
  generateBooks, generateTickets, iterateBooks, iterateTickets, iterateRecords, ticketsFromCells, ticketKey, HousieRun, MAX_UNIQUE_TICKETS,
  type Cell, type TicketGrid, type HousieRecord, type HousieKind, type GenerateOptions,
} from "./generate.js";
export { validateBook, validateJsonl, type Violation, type HousieRule, type FileReport } from "./validate.js";
export { formatterFor, ticketToText, recordToJson, FORMATS, type HousieFormat, type Formatter } from "./format.js";
export { BookSamplerTs } from "./baseline-sampler.js";
export { enumeratePatternsTs, type PatternTables } from "./tables.js";
export { seedState, parseSeed, Xoshiro128 } from "./rng.js";
