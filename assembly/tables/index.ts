// Kernel module "tables": the general table count (layer DP over column multisets).
export { setSymbolCount } from "./comp";
export { prepareCounts as prepareSymbols, setColumnCount, setColumn, countJob, leafCountLo, leafCountHi } from "./dp";
// 128-bit helpers, exported for their edge tests.
export { multiplyWide, divideSmall, multiplySmallForTest, clearOverflow, lastProductLo, lastProductHi, lastOverflowed } from "./wide";
// Exactly uniform samples: the walk over the host-built completion graph.
export * from "./sample";
export { graphSetup, graphSetCount, graphSetRootCode, graphBuild, graphRootTotalLo, graphRootTotalHi, GRAPH_MAX_SIZE } from "./sample-graph";
export { setSeedState, useSystemRandom, randomBlockPtr } from "../housie/rng";
