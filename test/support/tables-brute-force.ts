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
  const used = Array.from({ length: n }, () => new Array<number>(k).fill(0));
  const table: (readonly number[])[] = [];
  const result: BruteCounts = { plain: 0, distinctRows: 0, distinctColumns: 0, both: 0 };
  const push = (row: readonly number[]): boolean => {
    let ok = true;
    row.forEach((s, c) => {
      used[c]![s]!++;
      if (used[c]![s]! > counts[s]!) ok = false;
    });
    table.push(row);
    return ok;
  };
  const pop = (): void => {
    const row = table.pop()!;
    row.forEach((s, c) => used[c]![s]!--);
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
      if (push(row)) extend();
      pop();
    }
  };
  let fits = true;
  for (const row of given) fits = push(row) && fits;
  if (fits) extend();
  return result;
}
