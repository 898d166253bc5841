/**
 * Pen-and-paper tours: generate open and closed tours on any board from 5×5 up, count
 * them on small boards (also over worker threads and in shards), validate them.
 * Guide: `docs/tours.md`.
 *
 * @example
 * ```ts
 * import { generateTour, validateTour, countTours } from "tabula-grids/tours";
 *
 * const grid = generateTour({ size: 1000, closed: true, seed: 42 }); // Int32Array, grid[r * 1000 + c] = step
 * validateTour(grid);                  // { ok: true, closed: true }
 * countTours({ size: 5, from: [0, 1] }); // 548n
 * ```
 * @module tabula-grids/tours
 */
// tabula-grids/tours in Node: the portable API plus countToursParallel over worker threads.
export * from "./index.js";
export { countToursParallel } from "./count.js";
export { uniformTourSamplerOnDisk, type UniformDiskOptions, type DiskTourSampler } from "./uniform-disk.js";
