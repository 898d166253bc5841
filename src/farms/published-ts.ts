// Pure-TypeScript baseline of the published algorithm (assembly/farms/published.ts):
// the same candidate order, allowed-row bitsets and pair table, with the 56-bit
// fingerprint split into two 28-bit halves and bitsets in 32-bit words, because
// JavaScript has no fast 64-bit integers.
import { allFarmRows, rowCode, rowMask, rowPrintOnes, rowPrintZeros } from "./rows.js";

const TARGET_HALF = 0x2222222; // two of a symbol in every column
const FIELD_LOW_BITS = 0x7777777;
const FIELD_TOP_BITS = 0x8888888;
const FIELDS = 14; // 0s in columns 0..6, then 1s
const WORDS = 7; // 7 × 32 bits ≥ 208 candidates

const ROW_CODES = Int32Array.from(allFarmRows(), rowCode);
const ROW_ZEROS = Int32Array.from(ROW_CODES, rowPrintZeros);
const ROW_ONES = Int32Array.from(ROW_CODES, rowPrintOnes);
const ROW_MASKS = Int32Array.from(ROW_CODES, rowMask);

const SLOT_BITS = 15;
const SLOTS = 1 << SLOT_BITS;
const MAX_PAIRS = (210 * 209) / 2;
const INDEX_SHIFT = 21;

// Reused between calls: nothing is allocated per count.
const slotZeros = new Int32Array(SLOTS);
const slotOnes = new Int32Array(SLOTS);
const slotUsed = new Uint8Array(SLOTS);
const slotStart = new Int32Array(SLOTS);
const slotEnd = new Int32Array(SLOTS);
const usedSlots = new Int32Array(MAX_PAIRS);
let usedCount = 0;
const entries = new Int32Array(MAX_PAIRS);
const pendingSlot = new Int32Array(MAX_PAIRS);
const pendingEntry = new Int32Array(MAX_PAIRS);
let pendingCount = 0;
const candZeros = new Int32Array(210);
const candOnes = new Int32Array(210);
const candMask = new Int32Array(210);
const rowsWithSymbolAt = new Int32Array(FIELDS * WORDS);
const allowedTop = new Int32Array(WORDS);
const allowed5 = new Int32Array(WORDS);
const allowed3 = new Int32Array(WORDS);
const allowed4 = new Int32Array(WORDS);

/** Top bit of each 4-bit field set where that field of `x` is zero. */
function zeroFields(x: number): number {
  return ~(((x & FIELD_LOW_BITS) + FIELD_LOW_BITS) | x) & FIELD_TOP_BITS;
}

function removeRowsWith(field: number, out: Int32Array): void {
  for (let w = 0; w < WORDS; w++) out[w]! &= ~rowsWithSymbolAt[field * WORDS + w]!;
}

/** `out` = rows of `from` still fitting after the counts went from `before` to `after`. */
function narrowAllowed(from: Int32Array, beforeZeros: number, beforeOnes: number, afterZeros: number, afterOnes: number, out: Int32Array): void {
  out.set(from);
  let zeros = zeroFields(afterZeros) & ~zeroFields(beforeZeros);
  let ones = zeroFields(afterOnes) & ~zeroFields(beforeOnes);
  while (zeros !== 0) {
    removeRowsWith((31 - Math.clz32(zeros & -zeros)) >> 2, out);
    zeros &= zeros - 1;
  }
  while (ones !== 0) {
    removeRowsWith(7 + ((31 - Math.clz32(ones & -ones)) >> 2), out);
    ones &= ones - 1;
  }
}

/** Bits of word `w` of `set` that stand for candidates above `index`. */
function wordAbove(set: Int32Array, w: number, index: number): number {
  const first = index + 1 - (w << 5);
  return first <= 0 ? set[w]! : first >= 32 ? 0 : set[w]! & (-1 << first);
}

function slotOf(zeros: number, ones: number): number {
  return Math.imul(zeros ^ Math.imul(ones, 0x9e3779b1), 0x85ebca6b) >>> (32 - SLOT_BITS);
}

function findSlot(zeros: number, ones: number): number {
  let s = slotOf(zeros, ones);
  while (slotUsed[s]) {
    if (slotZeros[s] === zeros && slotOnes[s] === ones) return s;
    s = (s + 1) & (SLOTS - 1);
  }
  return -1;
}

function addPair(zeros: number, ones: number, entry: number): void {
  let s = slotOf(zeros, ones);
  while (slotUsed[s] && !(slotZeros[s] === zeros && slotOnes[s] === ones)) s = (s + 1) & (SLOTS - 1);
  if (!slotUsed[s]) {
    slotUsed[s] = 1;
    slotZeros[s] = zeros;
    slotOnes[s] = ones;
    slotEnd[s] = 0;
    usedSlots[usedCount++] = s;
  }
  slotEnd[s]!++;
  pendingSlot[pendingCount] = s;
  pendingEntry[pendingCount++] = entry;
}

function finishPairs(): void {
  let offset = 0;
  for (let u = 0; u < usedCount; u++) {
    const s = usedSlots[u]!;
    const count = slotEnd[s]!;
    slotStart[s] = offset;
    slotEnd[s] = offset;
    offset += count;
  }
  for (let p = 0; p < pendingCount; p++) entries[slotEnd[pendingSlot[p]!]!++] = pendingEntry[p]!;
}

function indexCandidates(n: number): void {
  rowsWithSymbolAt.fill(0);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < 7; c++) {
      const bit = 1 << (r & 31);
      if ((candZeros[r]! >> (4 * c)) & 0xf) rowsWithSymbolAt[c * WORDS + (r >> 5)]! |= bit;
      if ((candOnes[r]! >> (4 * c)) & 0xf) rowsWithSymbolAt[(7 + c) * WORDS + (r >> 5)]! |= bit;
    }
  }
  for (let w = 0; w < WORDS; w++) {
    const bits = n - (w << 5);
    allowedTop[w] = bits >= 32 ? -1 : bits <= 0 ? 0 : (1 << bits) - 1;
  }
}

/** Completions of rows 3..7 below two given row codes, divided by 5! (see the kernel). */
export function countPublishedSetsTs(code0: number, code1: number): number {
  if (code0 === code1) return 0;
  let n = 0;
  for (let r = 0; r < ROW_CODES.length; r++) {
    const code = ROW_CODES[r]!;
    if (code === code0 || code === code1) continue;
    candZeros[n] = ROW_ZEROS[r]!;
    candOnes[n] = ROW_ONES[r]!;
    candMask[n] = ROW_MASKS[r]!;
    n++;
  }
  indexCandidates(n);
  const needZeros = TARGET_HALF - rowPrintZeros(code0) - rowPrintZeros(code1);
  const needOnes = TARGET_HALF - rowPrintOnes(code0) - rowPrintOnes(code1);
  const givenMask = rowMask(code0) & rowMask(code1);
  narrowAllowed(allowedTop, -1, -1, needZeros, needOnes, allowedTop);

  for (let u = 0; u < usedCount; u++) slotUsed[usedSlots[u]!] = 0;
  usedCount = 0;
  pendingCount = 0;
  for (let m5 = n - 2; m5 >= 0; m5--) {
    if (((allowedTop[m5 >> 5]! >>> (m5 & 31)) & 1) === 0) continue;
    const z5 = candZeros[m5]!,
      o5 = candOnes[m5]!;
    const k5 = candMask[m5]!;
    narrowAllowed(allowedTop, needZeros, needOnes, needZeros - z5, needOnes - o5, allowed5);
    for (let w = (m5 + 1) >> 5; w < WORDS; w++) {
      for (let bits = wordAbove(allowed5, w, m5); bits !== 0; bits &= bits - 1) {
        const m6 = (w << 5) + 31 - Math.clz32(bits & -bits);
        addPair(z5 + candZeros[m6]!, o5 + candOnes[m6]!, (m5 << INDEX_SHIFT) | (k5 & candMask[m6]!));
      }
    }
  }
  finishPairs();

  let sets = 0;
  for (let w2 = 0; w2 < WORDS; w2++) {
    for (let bits2 = allowedTop[w2]!; bits2 !== 0; bits2 &= bits2 - 1) {
      const m2 = (w2 << 5) + 31 - Math.clz32(bits2 & -bits2);
      if (m2 >= n - 4) break;
      const z2 = needZeros - candZeros[m2]!,
        o2 = needOnes - candOnes[m2]!;
      const k2 = givenMask & candMask[m2]!;
      narrowAllowed(allowedTop, needZeros, needOnes, z2, o2, allowed3);
      for (let w3 = (m2 + 1) >> 5; w3 < WORDS; w3++) {
        for (let bits3 = wordAbove(allowed3, w3, m2); bits3 !== 0; bits3 &= bits3 - 1) {
          const m3 = (w3 << 5) + 31 - Math.clz32(bits3 & -bits3);
          const z3 = z2 - candZeros[m3]!,
            o3 = o2 - candOnes[m3]!;
          const k3 = k2 & candMask[m3]!;
          narrowAllowed(allowed3, z2, o2, z3, o3, allowed4);
          for (let w4 = (m3 + 1) >> 5; w4 < WORDS; w4++) {
            for (let bits4 = wordAbove(allowed4, w4, m3); bits4 !== 0; bits4 &= bits4 - 1) {
              const m4 = (w4 << 5) + 31 - Math.clz32(bits4 & -bits4);
              const slot = findSlot(z3 - candZeros[m4]!, o3 - candOnes[m4]!);
              if (slot < 0) continue;
              const k4 = k3 & candMask[m4]!;
              const end = slotEnd[slot]!;
              for (let e = slotStart[slot]!; e < end; e++) {
                const entry = entries[e]!;
                if (entry >> INDEX_SHIFT <= m4) break;
                if ((entry & k4) === 0) sets++;
              }
            }
          }
        }
      }
    }
  }
  return sets;
}
