// Brute-force Hamiltonian counts on tiny graphs (every directed path by depth-first
// search), the independent check of the frontier counters.

/** Directed Hamiltonian paths from each start, and directed closed ones (ending next to the start). */
export function bruteDirected(adj: readonly number[][]): { fromEach: bigint[]; closedFromEach: bigint[]; between: bigint[][] } {
  const n = adj.length;
  const used = new Uint8Array(n);
  const fromEach = new Array<bigint>(n).fill(0n);
  const closedFromEach = new Array<bigint>(n).fill(0n);
  const between = Array.from({ length: n }, () => new Array<bigint>(n).fill(0n));
  const walk = (start: number, h: number, left: number): void => {
    if (left === 0) {
      fromEach[start]!++;
      between[start]![h]!++;
      if (n > 2 && adj[h]!.includes(start)) closedFromEach[start]!++;
      return;
    }
    for (const x of adj[h]!) {
      if (used[x]) continue;
      used[x] = 1;
      walk(start, x, left - 1);
      used[x] = 0;
    }
  };
  for (let s = 0; s < n; s++) {
    used[s] = 1;
    walk(s, s, n - 1);
    used[s] = 0;
  }
  return { fromEach, closedFromEach, between };
}
