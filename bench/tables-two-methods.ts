// One count of n×n tables without distinctness rules (the symmetric method), two ways in
// one run: the first ⌈n/2⌉ layers of classes, then the meet-in-the-middle pairing of each
// class with its complement's (symPairSum, as countSymmetricMitmWasm does), then the same
// layers carried on row by row to row n − 1 (as countSymmetricWasm does). The two totals
// come from different formulas over the same layers; it exits 1 if they differ.
// Usage: tsx bench/tables-two-methods.ts N c1 c2 …   (10 2 2 2 2 2: about 50 CPU minutes)
import { tablesKernel } from "../src/tables/kernel.js";
import { setupKernel, symPairSum } from "../src/tables/sym-wasm.js";
import { startNeeds, symmetryOrder } from "../src/tables/sym-ts.js";
import { fromLimbs } from "../src/wasm/limbs.js";

const [n = 0, ...counts] = process.argv.slice(2).map(Number);
const problem = { size: n, counts, given: [] };
const started = process.cpuUsage();
const log = (what: string) => {
  const used = process.cpuUsage(started);
  console.log(`${new Date().toISOString()} cpu ${((used.user + used.system) / 1e6).toFixed(1)} s: ${what}`);
};

const start = startNeeds(problem);
if (!start || counts.reduce((a, b) => a + b, 0) !== n) throw new Error("usage: tsx bench/tables-two-methods.ts N c1 c2 … (counts summing to N)");
const kernel = tablesKernel();
setupKernel(problem, start);
kernel.symBegin();
const half = Math.ceil(n / 2);
for (let row = 1; row <= half; row++) log(`layer ${row}: ${kernel.symStep()} classes`);
const paired = symPairSum(n, symmetryOrder(n, counts));
log(`meet in the middle: ${paired}`);
for (let row = half + 1; row <= n - 1; row++) log(`layer ${row}: ${kernel.symStep()} classes`);
if (kernel.symTotal() < 0) throw new Error("the row-by-row total passed 128 bits");
const rowByRow = fromLimbs(kernel.symTotalLo(), kernel.symTotalHi());
log(`row by row: ${rowByRow}`);
log(rowByRow === paired ? "the two methods agree" : "THE TWO METHODS DIFFER");
process.exitCode = rowByRow === paired ? 0 : 1;
