// Kernel module "farms": the 7×7 farming puzzle.
export { countPublishedSets } from "./published";
