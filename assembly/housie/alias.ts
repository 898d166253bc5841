// Alias tables (Walker, Vose) built exactly in integers, for the book sampler's draws.

/** The most items one table takes (pairs.ts packs alias offsets in 13 bits). */
export const ALIAS_LIMIT = 8192;
const small = new StaticArray<i32>(ALIAS_LIMIT);
const large = new StaticArray<i32>(ALIAS_LIMIT);

/**
 * Vose's method on integers: item i of n (<= ALIAS_LIMIT) with weight w_i (total T, and
 * n T < 2^64) is scaled to n w_i; a small item (< T) is topped up from a large one,
 * which loses the difference; every bucket ends holding exactly T (checked). Fills
 * threshold[i] and alias[i]: a uniform bucket i and an independent uniform y < T give
 * item i if y < threshold[i], else item alias[i], so item k with probability w_k / T.
 * `weight` is overwritten.
 */
export function buildAlias(weight: StaticArray<u64>, n: i32, total: u64, threshold: StaticArray<u64>, alias: StaticArray<u16>): void {
  if (n > ALIAS_LIMIT) unreachable();
  let smalls = 0;
  let larges = 0;
  for (let i = 0; i < n; i++) {
    const x = <u64>n * unchecked(weight[i]);
    unchecked((weight[i] = x));
    if (x < total) unchecked((small[smalls++] = i));
    else unchecked((large[larges++] = i));
  }
  while (smalls > 0 && larges > 0) {
    const l = unchecked(small[--smalls]);
    const g = unchecked(large[--larges]);
    unchecked((threshold[l] = weight[l]));
    unchecked((alias[l] = <u16>g));
    const rest = unchecked(weight[g]) - (total - unchecked(weight[l]));
    unchecked((weight[g] = rest));
    if (rest < total) unchecked((small[smalls++] = g));
    else unchecked((large[larges++] = g));
  }
  while (larges > 0) {
    const g = unchecked(large[--larges]);
    if (unchecked(weight[g]) != total) unreachable(); // exact: every bucket holds T
    unchecked((threshold[g] = total));
    unchecked((alias[g] = <u16>g));
  }
  if (smalls > 0) unreachable();
}
