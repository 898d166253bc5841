// Kernel module "tables": the general table count (layer DP over column multisets).
export { setSymbolCount, prepareSymbols } from "./comp";
export { setColumnCount, setColumn, countJob, leafCountLo, leafCountHi } from "./dp";
