// Filled in by the tours work; re-exported from the package root.
export {};
