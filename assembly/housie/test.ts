// The housie kernel's test build (build/test/housie.wasm): the release exports plus hooks
// the tests call to compare the kernel's steps with the TS baseline. Never shipped.
export * from "./index";
export { patternAt, patternStartOf, vectorKeyAt } from "./patterns";
export { below62 } from "./rng";
export { chosenVector, nextWord, filledRank } from "./sample";
export { restTestHook, restChunkHook, drawClassCount, drawEntryCount, classWeightSumLow, classWeightSumHigh } from "./draw";
export { pairClassTotalAt, pairClassCodeAt } from "./pair-classes";
export { tripleTotalAt } from "./triples";

import { issueBatch, wasIssued } from "./unique";
export { wasIssued };
/** Scratch for issueBatch from the tests: ranks (u64s) in, refused flags (u8s) out. */
const issueRanks = new StaticArray<u64>(8 * 4096);
const issueRefused = new StaticArray<u8>(4096);
export function issueRanksPtr(): usize { return changetype<usize>(issueRanks); }
export function issueRefusedPtr(): usize { return changetype<usize>(issueRefused); }
export function issueScratch(records: i32, per: i32): i32 { // issueBatch on any buffer
  return issueBatch(changetype<usize>(issueRanks), records, per, changetype<usize>(issueRefused));
}
