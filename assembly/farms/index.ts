// Kernel module "farms": the 7×7 farming puzzle.
export { countPublishedSets } from "./published";
/** Memory cap in 64 KiB pages (64 MiB): the published algorithm's pair table is small and fixed. */
export const MEMORY_CAP_PAGES: i32 = 1024;
