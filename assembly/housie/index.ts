// Kernel module "housie": UK 90-ball bingo tickets and books (strips).
export { enumeratePatterns, vectorCount, patternAt, patternStartOf, vectorKeyAt, patternsPtr, vectorPatternStartPtr, vectorKeyPtr } from "./patterns";
export { ticketWeightOf, fillingWeightOf } from "./weights";
export { pairSegments, segmentCodeAt, segmentTotalAt, maxPairTotal, convolveSegment, convolutionHighBits } from "./pairs";
export { setSeedState, useSystemRandom, randomBlockPtr, below62 } from "./rng";
export { startRun, generateBooks, generateTickets, cellsPtr, redrawCount, chosenVector, nextWord } from "./sample";
export { formatJsonl, textPtr } from "./jsonl";
export { issuedCount, markIssuedTicket, reserveIssued } from "./unique";
export { drawClassCount, drawEntryCount, classWeightSumLow, classWeightSumHigh, restTestHook, restChunkHook } from "./draw";
export { checkBatchTickets, checkCellsPtr, checkPrizesPtr, clearCalls, setCall, checkTickets } from "./check";
export { readChunkBytes, readMaxRecords, readInputPtr, readCellsPtr, readSerialsPtr, readLinesPtr, readStoppedAt, readLinesConsumed, parseLines } from "./read";
