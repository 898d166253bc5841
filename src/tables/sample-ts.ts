// The sampler's walk in TypeScript (the baseline of assembly/tables/sample.ts): one
// table drawn exactly uniformly among the completions WITHOUT the distinctness rules,
// then kept or redrawn by the rules (see docs/derivations.md, "Tables: why the samples are exactly uniform").
//
// Row by row from the root state: a move is drawn with probability weight/g(S) (an exact
// bigint range draw over the cumulative weights), then one of its `mult` concrete rows
// uniformly (a Fisher-Yates shuffle of the symbols given to each group of equal columns),
// so every concrete row r has probability g(child)/g(S), and a whole table 1/g(root).
import { belowBig, type RandomWords } from "../core/random.js";
import type { SampleGraph } from "./sample-graph.js";

/** Columns in the order of the state's sorted codes: by need code, then by index. */
export function columnsByNeed(needs: readonly number[], order: number[]): void {
  for (let j = 0; j < needs.length; j++) order[j] = j;
  order.sort((a, b) => needs[a]! - needs[b]! || a - b);
}

/** Draws the free rows of one table (distinctness not checked) into `rows`. */
export function drawFreeRows(graph: SampleGraph, random: RandomWords, rows: number[][]): void {
  const n = graph.size;
  const k = graph.counts.length;
  const needs = [...graph.rootNeeds];
  const order = new Array<number>(n);
  const symbols = new Array<number>(n);
  let state = 0;
  for (let r = 0; r < graph.rows; r++) {
    const { moves, total } = graph.states[state]!;
    let pick = belowBig(random, total);
    let m = 0;
    while (pick >= moves[m]!.weight) pick -= moves[m++]!.weight;
    const move = moves[m]!;
    columnsByNeed(needs, order);
    const row = rows[r]!;
    for (let start = 0, g = 0; start < n; g++) {
      let end = start + 1;
      while (end < n && needs[order[end]!] === needs[order[start]!]) end++;
      // The group's symbols in symbol order, then shuffled over its columns.
      let at = 0;
      for (let s = 0; s < k; s++) for (let y = move.spread[g * k + s]!; y > 0; y--) symbols[at++] = s;
      for (let i = at - 1; i > 0; i--) {
        const j = random.below(i + 1);
        const t = symbols[i]!;
        symbols[i] = symbols[j]!;
        symbols[j] = t;
      }
      for (let i = 0; i < at; i++) row[order[start + i]!] = symbols[i]!;
      start = end;
    }
    for (let j = 0; j < n; j++) needs[j]! -= graph.radix[row[j]!]!;
    state = move.child;
  }
}

/** True when the table keeps the rules: rows (and columns) pairwise different if asked. */
export function keepsRules(table: readonly (readonly number[])[], distinctRows: boolean, distinctColumns: boolean): boolean {
  const n = table.length;
  if (distinctRows) {
    const seen = new Set<string>();
    for (const row of table) {
      const key = row.join("");
      if (seen.has(key)) return false;
      seen.add(key);
    }
  }
  if (distinctColumns) {
    const seen = new Set<string>();
    for (let j = 0; j < n; j++) {
      let key = "";
      for (let i = 0; i < n; i++) key += table[i]![j];
      if (seen.has(key)) return false;
      seen.add(key);
    }
  }
  return true;
}
