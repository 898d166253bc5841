// Filled in by the housie work; re-exported from the package root.
export {};
