// Seeded tie-break hash (murmur3 finaliser), bit for bit the same as src/tours/hash.ts.

// @ts-ignore: decorator
@inline
export function mix32(a: u32, b: u32): u32 {
  let h: u32 = ((a ^ 0x9e3779b9) * 0x85ebca6b) ^ b;
  h ^= h >>> 16;
  h *= 0x85ebca6b;
  h ^= h >>> 13;
  h *= 0xc2b2ae35;
  h ^= h >>> 16;
  return h;
}
