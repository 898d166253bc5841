// Pen-and-paper tours: generate (any n, open or closed), count (small n), validate.
export { generateTour, type GenerateOptions, type Engine } from "./generate.js";
export { countTours, countToursParallel, MAX_COUNT_SIZE, type CountOptions, type ParallelCountOptions } from "./count.js";
export { validateTour, type TourCheck } from "./validate.js";
export { hasTour, MAX_GENERATE_SIZE, type Square } from "./options.js";
