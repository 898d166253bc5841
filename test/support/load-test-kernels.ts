// Setup file of the unit-isolated project: every kernel with a test build is loaded from it
// before any test file runs, so the files that need hooks share one module graph per worker
// (isolate: false) and none of them can meet a release build loaded by another.
import { housieTestKernel, tablesTestKernel, toursTestKernel } from "./test-kernels.js";

housieTestKernel();
tablesTestKernel();
toursTestKernel();
