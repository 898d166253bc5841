// Exact integer helpers shared by the counters.

/** n! as an exact bigint. */
export function factorial(n: number): bigint {
  let f = 1n;
  for (let i = 2; i <= n; i++) f *= BigInt(i);
  return f;
}
