// A plain brute-force table counter for the tables tests: fill rows one by one from
// every row with the right symbol counts, keep column counts within bounds, check the
// distinctness rules on complete tables. Independent of the engines' method.

export interface BruteCounts {
  plain: number;
  distinctRows: number;
  distinctColumns: number;
  both: number;
}

/** Every row of length n with counts[s] copies of symbol s, in lexicographic order. */
export function rowsWithCounts(counts: readonly number[]): number[][] {
  const n = counts.reduce((a, b) => a + b, 0);
  const out: number[][] = [];
  const left = [...counts];
  const row: number[] = [];
  const fill = (): void => {
    if (row.length === n) {
      out.push([...row]);
      return;
    }
    for (let s = 0; s < left.length; s++) {
      if (left[s] === 0) continue;
      left[s]!--;
      row.push(s);
      fill();
      row.pop();
      left[s]!++;
    }
  };
  fill();
  return out;
}

/** Completions below `given`, under each of the four distinctness rules at once. */
export function bruteForceCounts(counts: readonly number[], given: readonly (readonly number[])[]): BruteCounts {
  const n = counts.reduce((a, b) => a + b, 0);
  const k = counts.length;
  const rows = rowsWithCounts(counts);
  // used[c * k + s]: how many times symbol s is in column c so far.
  const used = new Int32Array(n * k);
  const table: (readonly number[])[] = [];
  const result: BruteCounts = { plain: 0, distinctRows: 0, distinctColumns: 0, both: 0 };
  /** Adds the row if no column would then hold a symbol more often than its count; says whether it did. */
  const push = (row: readonly number[]): boolean => {
    for (let c = 0; c < n; c++) if (used[c * k + row[c]!]! >= counts[row[c]!]!) return false;
    for (let c = 0; c < n; c++) used[c * k + row[c]!]!++;
    table.push(row);
    return true;
  };
  const pop = (): void => {
    const row = table.pop()!;
    for (let c = 0; c < n; c++) used[c * k + row[c]!]!--;
  };
  const finish = (): void => {
    const rowKeys = new Set(table.map((row) => row.join("")));
    const colKeys = new Set(Array.from({ length: n }, (_, c) => table.map((row) => row[c]).join("")));
    const rowsDiffer = rowKeys.size === n;
    const colsDiffer = colKeys.size === n;
    result.plain++;
    if (rowsDiffer) result.distinctRows++;
    if (colsDiffer) result.distinctColumns++;
    if (rowsDiffer && colsDiffer) result.both++;
  };
  const extend = (): void => {
    if (table.length === n) {
      finish();
      return;
    }
    for (const row of rows) {
      if (push(row)) {
        extend();
        pop();
      }
    }
  };
  // Given rows that overfill a column leave no completion.
  if (given.every(push)) extend();
  return result;
}
