// Kernel module "tables": the general table count (layer DP over column multisets).
export { setSymbolCount, MAX_SYMBOLS, MAX_SPACE } from "./comp";
export { MAX_COLUMNS } from "./transition";
export { prepareCounts as prepareSymbols, setColumnCount, setColumn, countJob, leafCountLo, leafCountHi, MAX_ROWS } from "./dp";
// Exactly uniform samples: the walk over the host-built completion graph.
export * from "./sample";
export { graphSetup, graphSetCount, graphSetRootCode, graphBuild, graphRootTotalLo, graphRootTotalHi, GRAPH_MAX_SIZE, MAX_SPREAD_BYTES } from "./sample-graph";
export { setSeedState, useSystemRandom, randomBlockPtr, RANDOM_BLOCK_WORDS } from "../common/random";
/**
 * Memory cap in 64 KiB pages: the whole 4 GiB a wasm32 module can address. The module
 * imports its memory, and the host gives each instance a lower maximum: the DP's state
 * tables grow with the problem, and a count that outgrows its instance's cap stops there.
 */
export const MEMORY_CAP_PAGES: i32 = 65536;
/** An instance's cap unless its caller asks for another (count-farms --memory): 1 GiB. */
export const MEMORY_DEFAULT_CAP_PAGES: i32 = 16384;
/** The pages an instance's memory starts with (the static data fits; the build declares them). */
export const MEMORY_INITIAL_PAGES: i32 = 16;
// The symmetric method: layers of canonical need matrices (Latin squares, tables without distinctness rules, and the column method's jobs in weighted mode).
export {
  symSetMemoryCap,
  symSetup,
  symSetWeighted,
  symSetCount,
  symSetNeed,
  symBegin,
  symStep,
  symStepPart,
  symStepShare,
  symStateByte,
  symLoadBegin,
  symLoadByte,
  symLoadState,
  symLoadEnd,
  symMoveBuffer,
  symReadOut,
  symLoadBatch,
  symSave,
  symRestore,
  symDrop,
  symTotal,
  symTotalLo,
  symTotalHi,
  symPairStates,
  symPairWaysLo,
  symPairWaysHi,
  symPartner,
  symAutomorphisms,
  symAutSymbols,
  symAutColumns,
  SYM_MAX_SIZE,
  SYM_MAX_SYMBOLS,
} from "./sym";
