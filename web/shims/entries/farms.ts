// tabula/farms for the page until the library has its own browser entry (issue 10).
export * from "../../../src/farms/index.js";
import { preloadKernels } from "../load.js";
/** Fetches and compiles the kernels once; call before the first count or draw. */
export const ready = (): Promise<void> => preloadKernels();
