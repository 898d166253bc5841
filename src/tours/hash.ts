// A small integer hash (the murmur3 finaliser) for seeded tie-breaks: keys computed from
// (seed, square, step) can be recomputed after backtracking, so no choice list is stored.
// The kernel uses the same function bit for bit, so both engines make the same tours.

export function mix32(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
