// tabula-grids/tours outside Node: the portable API plus countToursParallel in one thread.
export * from "./index.js";
export { countToursParallel } from "./count-browser.js";
