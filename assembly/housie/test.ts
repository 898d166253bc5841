// The housie kernel's test build (build/test/housie.wasm): the release exports plus hooks
// the tests call to compare the kernel's steps with the TS baseline. Never shipped.
export * from "./index";
// Read only by tests: the pattern table itself (the counts read vectors and weights) and
// the issued set's size (the API reports tickets issued, not bytes).
export { patternAt, patternStartOf, vectorKeyAt, patternsPtr } from "./patterns";
export { below62 } from "../common/random";
export { chosenVector, nextWord, filledRank } from "./sample";
export { restTestHook, restChunkHook, drawClassCount, drawEntryCount, classWeightSumLow, classWeightSumHigh } from "./draw";
export { pairClassTotalAt, pairClassCodeAt } from "./pair-classes";
export { tripleTotalAt } from "./triples";

export { wasIssued, issuedBytes } from "./unique";
