// Kernel module "tours": pen-and-paper tours (moves of 3 orthogonally or 2 diagonally).
export { generate } from "./generate";
export { countPaths, countPathsVia, MAX_COUNT_SQUARES } from "./count";
