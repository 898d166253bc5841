// Every table of a problem, in a fixed order, in constant memory: a depth-first walk of
// the completion graph (src/tables/sample-graph.ts) that expands each move into its
// concrete rows (the distinct arrangements of each group's symbols over its columns),
// cutting a branch as soon as a row repeats an earlier one when rows must differ.
import type { NormalizedProblem } from "./problem.js";
import type { SampleGraph } from "./sample-graph.js";
import { columnsByNeed, keepsRules } from "./sample-ts.js";

/** Next distinct permutation of a[from..to) in lexicographic order; false after the last. */
function nextArrangement(a: number[], from: number, to: number): boolean {
  let i = to - 2;
  while (i >= from && a[i]! >= a[i + 1]!) i--;
  if (i < from) return false;
  let j = to - 1;
  while (a[j]! <= a[i]!) j--;
  [a[i], a[j]] = [a[j]!, a[i]!];
  for (let l = i + 1, r = to - 1; l < r; l++, r--) [a[l], a[r]] = [a[r]!, a[l]!];
  return true;
}

function sameRow(a: readonly number[], b: readonly number[]): boolean {
  for (let j = 0; j < a.length; j++) if (a[j] !== b[j]) return false;
  return true;
}

/** Yields every table (full n rows, given rows first) keeping the problem's rules; each table is a fresh array. */
export function* enumerateTables(p: NormalizedProblem, graph: SampleGraph): Generator<number[][]> {
  if (graph.states.length === 0 || graph.total === 0n) return;
  const n = p.size;
  const k = p.counts.length;
  const g = p.given.length;
  const table: number[][] = [...p.given.map((row) => [...row]), ...Array.from({ length: graph.rows }, () => new Array<number>(n).fill(0))];
  if (p.distinctRows && p.given.some((row, i) => p.given.findIndex((other) => sameRow(other, row)) !== i)) return;

  function* rowsOf(r: number, state: number, needs: number[]): Generator<number[][]> {
    if (r === graph.rows) {
      if (keepsRules(table, false, p.distinctColumns)) yield table.map((row) => [...row]);
      return;
    }
    const order = new Array<number>(n);
    columnsByNeed(needs, order);
    const starts: number[] = [];
    for (let j = 0; j < n; j++) if (j === 0 || needs[order[j]!] !== needs[order[j - 1]!]) starts.push(j);
    starts.push(n);
    const row = table[g + r]!;
    const symbols = new Array<number>(n);
    for (const move of graph.states[state]!.moves) {
      // First arrangement: each group's symbols in nondecreasing order.
      for (let gi = 0; gi + 1 < starts.length; gi++) {
        let at = starts[gi]!;
        for (let s = 0; s < k; s++) for (let y = move.spread[gi * k + s]!; y > 0; y--) symbols[at++] = s;
      }
      for (;;) {
        for (let j = 0; j < n; j++) row[order[j]!] = symbols[j]!;
        let fresh = true;
        if (p.distinctRows) for (let i = 0; i < g + r && fresh; i++) fresh = !sameRow(table[i]!, row);
        if (fresh) {
          const childNeeds = needs.map((code, j) => code - graph.radix[row[j]!]!);
          yield* rowsOf(r + 1, move.child, childNeeds);
        }
        // Odometer over the groups' arrangements, last group fastest.
        let gi = starts.length - 2;
        while (gi >= 0 && !nextArrangement(symbols, starts[gi]!, starts[gi + 1]!)) {
          // wrapped: nextArrangement left it reversed-sorted; restore ascending order
          symbols.splice(starts[gi]!, starts[gi + 1]! - starts[gi]!, ...symbols.slice(starts[gi]!, starts[gi + 1]!).sort((a, b) => a - b));
          gi--;
        }
        if (gi < 0) break;
      }
    }
  }
  yield* rowsOf(0, 0, [...graph.rootNeeds]);
}
