// Pure-TypeScript baseline of the published algorithm (assembly/farms/published.ts):
// the same candidate order, pair table and pruning, with the 56-bit fingerprint split
// into two 28-bit halves because JavaScript has no fast 64-bit integers.
import { allFarmRows, rowCode, rowMask, rowPrintOnes, rowPrintZeros } from "./rows.js";

const GUARDS = 0x8888888; // top bit of each of seven 4-bit fields
const TARGET_HALF = 0x2222222; // two of a symbol in every column

/** True when every 4-bit field of `sum` is at most the same field of `limit`. */
function fitsUnder(sum: number, limit: number): boolean {
  return (((limit | GUARDS) - sum) & GUARDS) === GUARDS;
}

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
const entries = new Int32Array(MAX_PAIRS);
const pendingSlot = new Int32Array(MAX_PAIRS);
const pendingEntry = new Int32Array(MAX_PAIRS);
const candZeros = new Int32Array(210);
const candOnes = new Int32Array(210);
const candMask = new Int32Array(210);

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

function claimSlot(zeros: number, ones: number): number {
  let s = slotOf(zeros, ones);
  while (slotUsed[s]) {
    if (slotZeros[s] === zeros && slotOnes[s] === ones) return s;
    s = (s + 1) & (SLOTS - 1);
  }
  slotUsed[s] = 1;
  slotZeros[s] = zeros;
  slotOnes[s] = ones;
  return s;
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
  const needZeros = TARGET_HALF - rowPrintZeros(code0) - rowPrintZeros(code1);
  const needOnes = TARGET_HALF - rowPrintOnes(code0) - rowPrintOnes(code1);
  const givenMask = rowMask(code0) & rowMask(code1);

  slotUsed.fill(0);
  slotEnd.fill(0);
  let pending = 0;
  for (let m5 = n - 2; m5 >= 0; m5--) {
    const z5 = candZeros[m5]!, o5 = candOnes[m5]!;
    if (!fitsUnder(z5, needZeros) || !fitsUnder(o5, needOnes)) continue;
    const k5 = candMask[m5]!;
    for (let m6 = m5 + 1; m6 < n; m6++) {
      const z = z5 + candZeros[m6]!, o = o5 + candOnes[m6]!;
      if (!fitsUnder(z, needZeros) || !fitsUnder(o, needOnes)) continue;
      const s = claimSlot(z, o);
      slotEnd[s]!++;
      pendingSlot[pending] = s;
      pendingEntry[pending++] = (m5 << INDEX_SHIFT) | (k5 & candMask[m6]!);
    }
  }
  let offset = 0;
  for (let s = 0; s < SLOTS; s++) {
    const count = slotEnd[s]!;
    slotStart[s] = offset;
    slotEnd[s] = offset;
    offset += count;
  }
  for (let p = 0; p < pending; p++) entries[slotEnd[pendingSlot[p]!]!++] = pendingEntry[p]!;

  let sets = 0;
  for (let m2 = 0; m2 < n - 4; m2++) {
    const z2 = candZeros[m2]!, o2 = candOnes[m2]!;
    if (!fitsUnder(z2, needZeros) || !fitsUnder(o2, needOnes)) continue;
    const k2 = givenMask & candMask[m2]!;
    for (let m3 = m2 + 1; m3 < n - 3; m3++) {
      const z3 = z2 + candZeros[m3]!, o3 = o2 + candOnes[m3]!;
      if (!fitsUnder(z3, needZeros) || !fitsUnder(o3, needOnes)) continue;
      const k3 = k2 & candMask[m3]!;
      for (let m4 = m3 + 1; m4 < n - 2; m4++) {
        const z4 = z3 + candZeros[m4]!, o4 = o3 + candOnes[m4]!;
        if (!fitsUnder(z4, needZeros) || !fitsUnder(o4, needOnes)) continue;
        const slot = findSlot(needZeros - z4, needOnes - o4);
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
  return sets;
}
