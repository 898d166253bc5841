/**
 * Exported functions whose valid calls can run long (whole counts, whole series): the
 * property suites that feed every export random arguments call these only with a refused
 * first argument.
 */
export const SLOW_WHEN_VALID: ReadonlySet<string> = new Set([
  "generateBooks",
  "generateTickets",
  "iterateBooks",
  "iterateTickets",
  "countTables",
  "countTablesParallel",
  "countTours",
  "countToursParallel",
  "countTourShard",
  "listTables",
  "auditBooks",
  "countHamiltonian",
  "sampleTables",
]);
