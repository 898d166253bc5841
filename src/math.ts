// Exact integer helpers shared by the counters.

/** n! as an exact bigint. */
export function factorial(n: number): bigint {
  let f = 1n;
  for (let i = 2; i <= n; i++) f *= BigInt(i);
  return f;
}

/** The greatest common divisor of a and b, never negative (gcd(0, 0) = 0). */
export function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}
