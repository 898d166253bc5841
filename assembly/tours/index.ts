// Kernel module "tours": pen-and-paper tours (moves of 3 orthogonally or 2 diagonally).
export { generate, MAX_GENERATE_SIZE, CONSTRUCTION_MIN, WARNSDORFF_MAX, SMALL_ATTEMPTS, SMALL_BUDGET, MID_ATTEMPTS, MID_BUDGET, SURE_SEED } from "./generate";
export { PAD, UNBOUNDED_BUDGET } from "./search";
export { BLOCK_MIN, TOURS_PER_BLOCK } from "./blocks";
export { JOIN_NONE, JOIN_REACH } from "./join";
export {
  leaperClearSteps,
  leaperAddStep,
  leaperGenerate,
  MAX_LEAPER_STEPS,
  MAX_LEAPER_LEG,
  LEAPER_BUDGET,
  LEAPER_ATTEMPTS,
  MAX_LEAPER_SQUARES,
} from "./leaper";
export { knightConstruct, KNIGHT_BLOCK_MIN, KNIGHT_BLOCK_MAX, KNIGHT_BLOCK_TOURS, KNIGHT_SEARCH_MAX } from "./knight";
export { countPaths, countPathsVia, MAX_COUNT_SQUARES } from "./count";
/**
 * Memory cap in 64 KiB pages: the whole 4 GiB a wasm32 module can address. The frontier
 * counter's state tables have a cap of their own, checked before they grow (--memory,
 * FRONTIER_DEFAULT_CAP_MIB), and a 10000×10000 tour needs 400 MB while its grid moves.
 */
export const MEMORY_CAP_PAGES: i32 = 65536;
export {
  frontierBegin,
  frontierEdge,
  frontierForce,
  frontierCount,
  frontierSetMemoryCap,
  frontierResultLo,
  frontierResultHi,
  frontierPeakStates,
  frontierPeakBytes,
  frontierSplitStep,
  frontierStepStates,
  frontierSetWideCounts,
  frontierPeakParts,
  frontierEntryBytes,
  frontierPrunedStates,
  frontierHostBegin,
  frontierHostInput,
  frontierHostStepBegin,
  frontierHostPass,
  frontierHostExpand,
  frontierHostPruned,
  frontierHostDrain,
  frontierHostTable,
  frontierHostStepEnd,
  frontierHostKeepPart,
  frontierHostTableStates,
  frontierArenaCap,
  frontierDiskSplit,
  frontierDiskBucketOffset,
  frontierDiskRecordMostBytes,
  frontierDiskPack,
  frontierDiskUnpack,
  frontierDiskUnpacked,
  frontierDiskSum,
  frontierWaysStep,
  frontierWaysExpand,
  frontierWaysSplit,
  FRONTIER_MAX_BUCKETS,
  FRONTIER_MAX_SQUARES,
  FRONTIER_MAX_WIDTH,
  FRONTIER_MAX_EDGES,
  FRONTIER_DEFAULT_CAP_MIB,
  FRONTIER_SPLIT_STATES_PER_PART,
} from "./frontier";
