// Kernel module "tours": pen-and-paper tours (moves of 3 orthogonally or 2 diagonally).
export { generate, MAX_GENERATE_SIZE } from "./generate";
export { countPaths, countPathsVia, MAX_COUNT_SQUARES } from "./count";
/** Memory cap in 64 KiB pages (1.5 GiB): a 10000×10000 tour (400 MB) while its grid moves, or the count memo (256 MB). */
export const MEMORY_CAP_PAGES: i32 = 24576;
