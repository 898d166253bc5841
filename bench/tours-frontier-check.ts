// Second method for the counts of a table (bench/tours-frontier-table.ts output): each
// board again in a different square order, on the TS baseline where it is quick
// (different code too), else on the kernel. Prints and exits 1 on any disagreement.
// Usage: tsx bench/tours-frontier-check.ts TABLE.jsonl [maxSquaresForTs]
import { countHamiltonian } from "../src/tours/frontier.js";
import { parseLeapers } from "../src/tours/leapers.js";
import { readTableRows } from "./tours-table-rows.js";

const [file = "", maxTsText = "30"] = process.argv.slice(2);
const maxTs = Number(maxTsText);
let bad = 0;
for (const row of readTableRows(file)) {
  const ts = row.rows * row.cols <= maxTs;
  const options = { rows: row.rows, cols: row.cols, moves: parseLeapers(row.moves), closed: row.closed, from: row.from, to: row.to };
  const again = countHamiltonian({ ...options, engine: ts ? "ts" : "wasm", order: ts ? "rows" : "greedy-plain" }).count.toString();
  const ok = again === row.count;
  if (!ok) bad++;
  console.log(`${ok ? "ok " : "BAD"} ${row.key} ${row.count} ${ts ? "ts/rows" : "wasm/greedy-plain"} ${again}`);
}
process.exit(bad ? 1 : 0);
