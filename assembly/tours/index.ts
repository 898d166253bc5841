// Kernel module "tours": pen-and-paper tours (moves of 3 orthogonally or 2 diagonally).
export { generate } from "./generate";
export { countPaths, countPathsVia, MAX_COUNT_SQUARES } from "./count";
export {
  frontierBegin, frontierEdge, frontierForce, frontierCount, frontierSetMemoryCap,
  frontierResultLo, frontierResultHi, frontierPeakStates, frontierPeakBytes, frontierSplitStep,
  FRONTIER_MAX_SQUARES, FRONTIER_MAX_WIDTH, FRONTIER_DEFAULT_CAP_MIB, FRONTIER_SPLIT_STATES_PER_PART,
} from "./frontier";
