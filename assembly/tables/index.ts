// Kernel module "tables": the general table count (layer DP over column multisets).
export { setSymbolCount, MAX_SPACE } from "./comp";
export { prepareCounts as prepareSymbols, setColumnCount, setColumn, countJob, leafCountLo, leafCountHi } from "./dp";
