// Compact pattern tables for the book sampler. All vectors of a type (number of columns
// of 3) are column permutations of one canonical vector, the type's vector with its
// counts in descending order, and the patterns of a vector are exactly the canonical
// patterns with their columns permuted the same way. So 2,679 canonical patterns (11 KB,
// cache-resident) and a permutation per vector replace look-ups in the 2.9 MB table.
// Canonical patterns are stored column-major: column j's rows as 3 bits at 3j.

import { COLUMNS, VECTOR_COUNT, vectorDigits, vectorType, vectorOfCode3, ensurePatterns, vectorCount, listPatterns } from "./patterns";

export const typePatterns = new StaticArray<u32>(2679);
export const typePatternStart: usize = memory.data(5 * 4); // u32, static memory (see draw.ts)
/** For vector v, nibble j = the canonical column that column j of v takes its rows from. */
export const vectorPermutation = new StaticArray<u64>(VECTOR_COUNT);
let layoutsReady = false;

function columnMajor(pattern: u32): u32 {
  let out: u32 = 0;
  for (let j: u32 = 0; j < 9; j++) {
    const mask = ((pattern >> j) & 1) | ((pattern >> (8 + j)) & 2) | ((pattern >> (16 + j)) & 4);
    out |= mask << (3 * j);
  }
  return out;
}

export function ensureLayouts(): void {
  if (layoutsReady) return;
  ensurePatterns();
  const vectors = vectorCount();
  let slot: u32 = 0;
  const canonical = new StaticArray<i32>(4);
  for (let d = 0; d < 4; d++) {
    // The canonical vector: d threes, then 6 - 2d twos, then 3 + d ones.
    let code: u32 = 0;
    let power: u32 = 1;
    for (let j = 0; j < COLUMNS; j++) {
      const c: u32 = j < d ? 3 : j < 6 - d ? 2 : 1;
      code += (c - 1) * power;
      power *= 3;
    }
    const v = <i32>load<i16>(vectorOfCode3 + ((<usize>code) << 1));
    unchecked((canonical[d] = v));
    store<u32>(typePatternStart + ((<usize>d) << 2), slot);
    // The canonical vector's patterns (in the pattern table's order), made column-major.
    const n = listPatterns(v, changetype<usize>(typePatterns) + ((<usize>slot) << 2));
    for (let i: u32 = 0; i < n; i++) unchecked((typePatterns[slot + i] = columnMajor(unchecked(typePatterns[slot + i]))));
    slot += n;
  }
  store<u32>(typePatternStart + 16, slot);
  for (let v = 0; v < vectors; v++) {
    // The i-th column of v holding k numbers takes the i-th such column of the canonical,
    // whose 3s are columns 0..d-1, its 2s d..5-d and its 1s 6-d..8.
    const d = <u64>load<u8>(vectorType + <usize>v);
    let next3: u64 = 0;
    let next2: u64 = d;
    let next1: u64 = 6 - d;
    let permutation: u64 = 0;
    for (let j = 0; j < COLUMNS; j++) {
      const k = unchecked(vectorDigits[v * COLUMNS + j]);
      const source = k == 3 ? next3++ : k == 2 ? next2++ : next1++;
      permutation |= source << (4 * <u64>j);
    }
    unchecked((vectorPermutation[v] = permutation));
  }
  layoutsReady = true;
}
