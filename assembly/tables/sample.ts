// The sampler's walk (TS baseline: src/tables/sample-ts.ts, same draws word for word)
// over the completion graph of sample-graph.ts (128-bit weights): the kernel draws tables row by row — a move with
// probability weight/g(S) by an exact 128-bit range draw, then a uniform arrangement of
// each group's symbols by Fisher-Yates — and redraws tables that break the rules.
import { within } from "../common/guard";
import { next32, below } from "../common/random";
import { graphTotalLo, graphTotalHi, graphMoveStart, graphMoveChild, graphWeightLo, graphWeightHi, graphSpreadAt, graphSpreads } from "./sample-graph";
import { i32At, setI32At, u8At, setU8At, u64At, setU64At } from "./raw";

export const SAMPLE_MAX_SIZE: i32 = 16;
/** Flags of the sample layout, read by the host. */
export const SAMPLE_MAX_SYMBOLS: i32 = 16;

let output = new StaticArray<u8>(0);
let size: i32 = 0;
let symbolCount: i32 = 0;
let freeRows: i32 = 0;
let givenRows: i32 = 0;
let distinctRows = true;
let distinctColumns = true;
// Fixed tables in static memory (memory.data, see raw.ts): constant addresses, no managed
// global read per cell of a draw.
const radix: usize = memory.data(SAMPLE_MAX_SYMBOLS * sizeof<i32>());
const rootNeeds: usize = memory.data(SAMPLE_MAX_SIZE * sizeof<i32>());
const needs: usize = memory.data(SAMPLE_MAX_SIZE * sizeof<i32>());
const order: usize = memory.data(SAMPLE_MAX_SIZE * sizeof<i32>());
const symbolsOf: usize = memory.data(SAMPLE_MAX_SIZE * sizeof<i32>());
/** The whole table, given rows first, one byte a cell (SAMPLE_MAX_SIZE cells a row). */
const table: usize = memory.data(SAMPLE_MAX_SIZE * SAMPLE_MAX_SIZE);
const lineKeys: usize = memory.data(SAMPLE_MAX_SIZE * sizeof<u64>());

/** The walk's problem: the graph comes from graphBuild (sample-graph.ts). */
export function sampleSetup(n: i32, k: i32, rows: i32, given: i32, rowsDiffer: bool, columnsDiffer: bool): void {
  within(n, 1, SAMPLE_MAX_SIZE, "limit-exceeded: sampleSetup: size past SAMPLE_MAX_SIZE");
  within(k, 1, SAMPLE_MAX_SYMBOLS, "limit-exceeded: sampleSetup: symbols past SAMPLE_MAX_SYMBOLS");
  within(given, 0, n, "limit-exceeded: sampleSetup: given rows past the size");
  within(rows, 0, n - given, "limit-exceeded: sampleSetup: free rows past the size");
  size = n;
  symbolCount = k;
  freeRows = rows;
  givenRows = given;
  distinctRows = rowsDiffer;
  distinctColumns = columnsDiffer;
}

export function sampleSetRadix(s: i32, stride: i32): void {
  within(s, 0, symbolCount - 1, "limit-exceeded: sampleSetRadix: symbol past sampleSetup's count");
  setI32At(radix, s, stride);
}
export function sampleSetRootNeed(j: i32, code: i32): void {
  within(j, 0, size - 1, "limit-exceeded: sampleSetRootNeed: column past sampleSetup's size");
  setI32At(rootNeeds, j, code);
}
export function sampleSetGiven(i: i32, j: i32, symbol: i32): void {
  within(i, 0, givenRows - 1, "limit-exceeded: sampleSetGiven: row past sampleSetup's given rows");
  within(j, 0, size - 1, "limit-exceeded: sampleSetGiven: column past sampleSetup's size");
  within(symbol, 0, symbolCount - 1, "limit-exceeded: sampleSetGiven: symbol past sampleSetup's count");
  setU8At(table, i * SAMPLE_MAX_SIZE + j, <u8>symbol);
}
export function sampleOutputPtr(): usize {
  return changetype<usize>(output);
}

// 128-bit draw state (pick = pickHi·2^64 + pickLo).
let pickLo: u64 = 0;
let pickHi: u64 = 0;

/** Uniform 128-bit integer below (hi, lo) >= 1 into pick: as src/tables/random.ts belowBig. */
function drawBelow(lo: u64, hi: u64): void {
  if (hi == 0 && lo <= 0xffffffff) {
    pickLo = <u64>below(<u32>lo);
    pickHi = 0;
    return;
  }
  // bits of n - 1
  let mLo = lo - 1;
  let mHi = hi - (lo == 0 ? 1 : 0);
  const bits: i32 = mHi != 0 ? 128 - <i32>clz<u64>(mHi) : 64 - <i32>clz<u64>(mLo);
  const words = (bits + 31) >> 5;
  const topShift = 32 * words - bits;
  while (true) {
    let xLo: u64 = <u64>(next32() >>> topShift);
    let xHi: u64 = 0;
    for (let w = 1; w < words; w++) {
      xHi = (xHi << 32) | (xLo >> 32);
      xLo = (xLo << 32) | (<u64>next32());
    }
    if (xHi < hi || (xHi == hi && xLo < lo)) {
      pickLo = xLo;
      pickHi = xHi;
      return;
    }
  }
}

/** Draws the free rows of one table into `table` (rules not checked). */
function drawFree(): void {
  const n = size;
  const k = symbolCount;
  for (let j = 0; j < n; j++) setI32At(needs, j, i32At(rootNeeds, j));
  let state = 0;
  for (let r = 0; r < freeRows; r++) {
    drawBelow(unchecked(graphTotalLo[state]), unchecked(graphTotalHi[state]));
    let m = unchecked(graphMoveStart[state]);
    while (true) {
      const wLo = unchecked(graphWeightLo[m]);
      const wHi = unchecked(graphWeightHi[m]);
      if (pickHi < wHi || (pickHi == wHi && pickLo < wLo)) break;
      pickHi = pickHi - wHi - (pickLo < wLo ? 1 : 0);
      pickLo = pickLo - wLo;
      m++;
    }
    // Columns by need code, then index (insertion sort: n <= 16).
    for (let j = 0; j < n; j++) {
      const code = i32At(needs, j);
      let i = j;
      while (i > 0 && i32At(needs, i32At(order, i - 1)) > code) {
        setI32At(order, i, i32At(order, i - 1));
        i--;
      }
      setI32At(order, i, j);
    }
    const spreadBase = unchecked(graphSpreadAt[m]);
    const rowBase = (givenRows + r) * SAMPLE_MAX_SIZE;
    let g = 0;
    let start = 0;
    while (start < n) {
      const code = i32At(needs, i32At(order, start));
      let end = start + 1;
      while (end < n && i32At(needs, i32At(order, end)) == code) end++;
      let at = 0;
      for (let s = 0; s < k; s++) {
        for (let y = <i32>unchecked(graphSpreads[spreadBase + g * k + s]); y > 0; y--) setI32At(symbolsOf, at++, s);
      }
      for (let i = at - 1; i > 0; i--) {
        const j = <i32>below(<u32>(i + 1));
        const t = i32At(symbolsOf, i);
        setI32At(symbolsOf, i, i32At(symbolsOf, j));
        setI32At(symbolsOf, j, t);
      }
      for (let i = 0; i < at; i++) setU8At(table, rowBase + i32At(order, start + i), <u8>i32At(symbolsOf, i));
      start = end;
      g++;
    }
    for (let j = 0; j < n; j++) setI32At(needs, j, i32At(needs, j) - i32At(radix, u8At(table, rowBase + j)));
    state = unchecked(graphMoveChild[m]);
  }
}

/**
 * True when the table's n lines differ: line l's cells are at l·lineStep + c·cellStep
 * (rows: 16, 1; columns: 1, 16), packed 4 bits a cell into a 64-bit key.
 */
function linesDiffer(lineStep: i32, cellStep: i32): bool {
  const n = size;
  for (let l = 0; l < n; l++) {
    let key: u64 = 0;
    for (let c = 0; c < n; c++) key = (key << 4) | (<u64>u8At(table, l * lineStep + c * cellStep));
    for (let m = 0; m < l; m++) if (u64At(lineKeys, m) == key) return false;
    setU64At(lineKeys, l, key);
  }
  return true;
}

function keepsRules(): bool {
  return (!distinctRows || linesDiffer(SAMPLE_MAX_SIZE, 1)) && (!distinctColumns || linesDiffer(1, SAMPLE_MAX_SIZE));
}

/**
 * Draws up to `count` tables keeping the rules; their free rows (count × rows × n bytes)
 * at sampleOutputPtr(). Returns how many were drawn: fewer when `maxRejections` (> 0)
 * draws in a row broke the rules, so the host can check that any table keeps them.
 * Stopping there and calling again draws exactly as not stopping would.
 */
export function sampleTables(count: i32, maxRejections: i32): i32 {
  const n = size;
  const bytes = count * freeRows * n;
  if (output.length < bytes) output = new StaticArray<u8>(bytes);
  let at = 0;
  for (let t = 0; t < count; t++) {
    let misses = 0;
    while (true) {
      drawFree();
      if (keepsRules()) break;

      if (++misses == maxRejections) return t;
    }
    for (let r = 0; r < freeRows; r++) {
      const rowBase = (givenRows + r) * SAMPLE_MAX_SIZE;
      for (let j = 0; j < n; j++) unchecked((output[at++] = u8At(table, rowBase + j)));
    }
  }
  return count;
}
