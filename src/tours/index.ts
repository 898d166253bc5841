// Pen-and-paper tours: generate (any n, open or closed), count (small n), validate.
// Names carry "Tour" so they stay distinct in the package root next to other areas.
// Portable: countToursParallel comes from node.ts (worker threads) or browser.ts (one thread).
export { generateTour, type GenerateOptions as GenerateTourOptions, type Engine as TourEngine } from "./generate.js";
export {
  countTours,
  MAX_COUNT_SIZE as MAX_TOUR_COUNT_SIZE,
  type CountOptions as CountToursOptions,
  type ParallelCountOptions as CountToursParallelOptions,
} from "./count-core.js";
export { ready } from "./ready.js";
export { validateTour, type TourCheck } from "./validate.js";
export { hasTour, MAX_GENERATE_SIZE as MAX_TOUR_SIZE, type Square as TourSquare } from "./options.js";
export { writeTour, TOUR_FORMATS, type TourFormat, type TourDocument } from "./format.js";
export { tourSvg, tourSvgPieces, paintTour, SVG_NUMBERS_MAX as TOUR_SVG_NUMBERS_MAX, TOUR_RAMP, type TourPicture, type TourCanvas } from "./draw.js";
export {
  MOVE_COLOURS as TOUR_MOVE_COLOURS,
  MIN_NUMBER_PX as TOUR_MIN_NUMBER_PX,
  numbersReadable as tourNumbersReadable,
  fitNumberPixels as tourFitNumberPixels,
  canvasSize as tourCanvasSize,
} from "./draw.js";
export { parseTourFile, type TourFile } from "./parse.js";
export { countTourShard, canonicalTourProblem, tourShardUnits, type TourCountProblem, type CanonicalTourProblem } from "./shard.js";
export { countHamiltonian, MAX_FRONTIER_SIDE, type HamiltonianCountOptions, type HamiltonianCount, type FrontierProgressListener } from "./frontier.js";
export { sampleTourUniform, uniformTourSampler, UNIFORM_MAX_STATES, type UniformTourOptions, type UniformTourSampler } from "./uniform.js";
export { parseLeapers, formatLeapers, PEN_PAPER_LEAPERS, KNIGHT, type Leaper } from "./leapers.js";
