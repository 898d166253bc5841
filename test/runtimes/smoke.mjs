// Smoke test for other runtimes (Deno, Bun): every kernel through the package's subpath
// exports, after ready(). Prints one line per check; exits 1 on the first wrong answer.
// Run: deno run --allow-read --allow-env test/runtimes/smoke.mjs | bun test/runtimes/smoke.mjs
import { ready as farmsReady, countFarm } from "tabula-grids/farms";
import { ready as tablesReady, countTables } from "tabula-grids/tables";
import { ready as housieReady, countHousie, generateBooks, validateBook } from "tabula-grids/housie";
import { ready as toursReady, generateTour, validateTour } from "tabula-grids/tours";

await Promise.all([farmsReady(), tablesReady(), housieReady(), toursReady()]);

const checks = [
  ["farm count 2100221/0221102", () => String(countFarm("2100221", "0221102")), "4909920"],
  ["9×9 table count past 2^64", () => String(countTables({ size: 9, counts: [3, 3, 3] }) > 1n << 64n), "true"],
  ["housie tickets", () => String(countHousie().tickets), "3669688706217187500"],
  // Node's answer: seeded books are the same bytes everywhere.
  ["seeded book 1, ticket 1, row 1", () => JSON.stringify(generateBooks(1, { seed: 42n })[0].tickets[0][0]), "[1,17,27,32,null,null,null,71,null]"],
  ["CSPRNG books validate", () => String(generateBooks(20).every((b) => validateBook(b).length === 0)), "true"],
  ["1000×1000 tour validates", () => String(validateTour(generateTour({ size: 1000 }), 1000).ok), "true"],
];

let failed = false;
for (const [name, run, expected] of checks) {
  const got = run();
  const ok = got === expected;
  console.log(`${ok ? "ok" : "FAIL"} ${name}: ${got}`);
  if (!ok) failed = true;
}
if (failed) globalThis.process?.exit(1) ?? globalThis.Deno?.exit(1);
