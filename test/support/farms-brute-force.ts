// An independent counter for the 7×7 puzzle, by plain backtracking: choose rows 3..7 in
// increasing order from every valid row, track column symbol counts, and at the end
// compare every pair of columns. Shares no code with the engines.

const ROWS: number[][] = [];
(function enumerate(prefix: number[]) {
  if (prefix.length === 7) {
    const n = [0, 1, 2].map((s) => prefix.filter((x) => x === s).length);
    if (n[0] === 2 && n[1] === 2 && n[2] === 3) ROWS.push([...prefix]);
    return;
  }
  for (let s = 0; s < 3; s++) enumerate([...prefix, s]);
})([]);

const LIMIT = [2, 2, 3];

export function countFarmsBruteForce(row0: number[], row1: number[]): bigint {
  const same = (a: number[], b: number[]) => a.every((s, c) => s === b[c]);
  if (same(row0, row1)) return 0n;
  const candidates = ROWS.filter((r) => !same(r, row0) && !same(r, row1));
  const table: number[][] = [row0, row1];
  const columnCounts = Array.from({ length: 7 }, () => [0, 0, 0]);
  for (const r of table) r.forEach((s, c) => columnCounts[c]![s]!++);

  let sets = 0;
  const columnsDistinct = () => {
    for (let i = 0; i < 7; i++) {
      for (let j = i + 1; j < 7; j++) if (table.every((r) => r[i] === r[j])) return false;
    }
    return true;
  };
  const place = (from: number) => {
    if (table.length === 7) {
      if (columnsDistinct()) sets++;
      return;
    }
    for (let k = from; k < candidates.length; k++) {
      const r = candidates[k]!;
      if (r.some((s, c) => columnCounts[c]![s]! >= LIMIT[s]!)) continue;
      r.forEach((s, c) => columnCounts[c]![s]!++);
      table.push(r);
      place(k + 1);
      table.pop();
      r.forEach((s, c) => columnCounts[c]![s]!--);
    }
  };
  place(0);
  return BigInt(sets) * 120n; // the five free rows in any order
}
