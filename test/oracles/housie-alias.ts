// Alias tables (Walker, Vose) built exactly in integers: the TS baseline of
// assembly/housie/alias.ts, with the same stacks in the same order, so the same tables.

/** The most items one table takes. */
export const ALIAS_LIMIT = 8192;
const small = new Int32Array(ALIAS_LIMIT);
const large = new Int32Array(ALIAS_LIMIT);

/**
 * Vose's method on integers (doubles holding integers below 2^53): item i of n with
 * weight w_i (total T) is scaled to n w_i; a small item (< T) is topped up from a large
 * one, which loses the difference; every bucket ends holding exactly T (checked). Fills
 * threshold[i] and alias[i]: a uniform bucket i and an independent uniform y < T give
 * item i if y < threshold[i], else item alias[i]. `weight` is overwritten.
 */
export function buildAlias(weight: Float64Array, n: number, total: number, threshold: Float64Array, alias: Uint16Array): void {
  if (n > ALIAS_LIMIT) throw new Error(`alias table: ${n} items, at most ${ALIAS_LIMIT}`);
  let smalls = 0;
  let larges = 0;
  for (let i = 0; i < n; i++) {
    const x = n * weight[i]!;
    if (x > Number.MAX_SAFE_INTEGER) throw new Error("alias table: weights too large for doubles");
    weight[i] = x;
    if (x < total) small[smalls++] = i;
    else large[larges++] = i;
  }
  while (smalls > 0 && larges > 0) {
    const l = small[--smalls]!;
    const g = large[--larges]!;
    threshold[l] = weight[l]!;
    alias[l] = g;
    const rest = weight[g]! - (total - weight[l]!);
    weight[g] = rest;
    if (rest < total) small[smalls++] = g;
    else large[larges++] = g;
  }
  while (larges > 0) {
    const g = large[--larges]!;
    if (weight[g] !== total) throw new Error("alias table: a bucket does not hold its total");
    threshold[g] = total;
    alias[g] = g;
  }
  if (smalls > 0) throw new Error("alias table: small items left");
}
