// Kernel module "tables": the general table count (layer DP over column multisets).
export { setSymbolCount, MAX_SYMBOLS, MAX_SPACE } from "./comp";
export { MAX_COLUMNS } from "./transition";
export { prepareCounts as prepareSymbols, setColumnCount, setColumn, countJob, leafCountLo, leafCountHi, MAX_ROWS } from "./dp";
