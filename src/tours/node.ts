// tabula-grids/tours in Node: the portable API plus countToursParallel over worker threads.
export * from "./index.js";
export { countToursParallel } from "./count.js";
