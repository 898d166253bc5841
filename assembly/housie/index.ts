// Kernel module "housie": UK 90-ball bingo tickets and books (strips).
export { enumeratePatterns, vectorCount, vectorPatternStartPtr, vectorKeyPtr, COLUMNS, COLUMN_SIZES } from "./patterns";
export { ticketWeightOf, fillingWeightOf } from "./weights";
export { pairSegments, segmentCodeAt, segmentTotalAt, convolveSegment, convolutionHighBits } from "./pairs";
export { setSeedState, useSystemRandom, randomBlockPtr, RANDOM_BLOCK_WORDS } from "../common/random";
export { startRun, generateBooks, generateTickets, cellsPtr, redrawCount, BATCH, CELLS_PER_TICKET } from "./sample";
export { drawCandidates, candidateRanksPtr, refusedFlagsPtr, issueCandidates } from "./sample";
export { formatJsonl, textPtr } from "./jsonl";
export { issuedCount, markIssuedRank, reserveIssued, MAX_UNIQUE_TICKETS } from "./unique";
export { ticketScratchPtr, ticketRank } from "./rank";
export {
  CHECK_BATCH_TICKETS,
  NEVER_CALLED,
  TAMBOLA_PRIZES,
  checkCellsPtr,
  checkPrizesPtr,
  checkTambolaPtr,
  clearCalls,
  setCall,
  checkTickets,
  checkTambola,
} from "./check";
export {
  readChunkBytes,
  readMaxRecords,
  readInputPtr,
  readCellsPtr,
  readSerialsPtr,
  readLinesPtr,
  readKeysPtr,
  readPrintsPtr,
  readStoppedAt,
  readLinesConsumed,
  parseLines,
} from "./read";
/** Memory cap in 64 KiB pages (1 GiB): the uniqueness set (256 MB at most) while it moves, and the buffers. */
export const MEMORY_CAP_PAGES: i32 = 16384;
