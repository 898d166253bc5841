// Filled in by the tables work; re-exported from the package root.
export {};
