// Pure-TypeScript baseline of the kernel's tables (assembly/housie/patterns.ts,
// weights.ts, pairs.ts): same algorithms, same layouts, typed arrays.

import { COLUMNS, COLUMN_SIZE } from "../model/columns.js";
import { gcd } from "../../math.js";

export const CODE_SPACE = 5 ** 9;
const KEY_SPACE = 1 << 18;
/** Lanes: 7 bits per column, three columns per 32-bit word (words 0..2), see pairs.ts. */
export const LANE_HIGH = 0x40 | (0x40 << 7) | (0x40 << 14);

/** The ticket patterns grouped by column-count vector, as the TS baseline enumerates them. */
export interface PatternTables {
  patterns: Uint32Array; // grouped by vector
  vectorPatternStart: Uint32Array; // length vectors + 1
  vectorKey: Uint32Array; // 2 bits per column
  vectorDigits: Uint8Array; // [v * 9 + j]
  vectorType: Uint8Array; // number of 3s
  vectors: number;
}

function spread(bits: number): number {
  let out = 0;
  for (let j = 0; j < 9; j++) out |= ((bits >> j) & 1) << (2 * j);
  return out;
}

/** All 735,210 patterns grouped by their 1,554 column-count vectors (two passes). */
export function enumeratePatternsTs(): PatternTables {
  const masks: number[] = [];
  for (let bits = 0; bits < 512; bits++) {
    let c = 0;
    for (let b = bits; b; b &= b - 1) c++;
    if (c === 5) masks.push(bits);
  }
  const rows = masks.length;
  const rowMasks = Uint32Array.from(masks);
  const rowSpread = Uint32Array.from(masks, spread);
  const perKey = new Int32Array(KEY_SPACE);
  for (let a = 0; a < rows; a++) {
    for (let b = 0; b < rows; b++) {
      const mab = rowMasks[a]! | rowMasks[b]!;
      const sab = rowSpread[a]! + rowSpread[b]!;
      for (let c = 0; c < rows; c++) if ((mab | rowMasks[c]!) === 511) perKey[sab + rowSpread[c]!]!++;
    }
  }
  const keys: number[] = [];
  const starts: number[] = [];
  let total = 0;
  for (let key = 0; key < KEY_SPACE; key++) {
    const count = perKey[key]!;
    if (count === 0) {
      perKey[key] = -1;
      continue;
    }
    perKey[key] = keys.length;
    keys.push(key);
    starts.push(total);
    total += count;
  }
  starts.push(total);
  const vectors = keys.length;
  const vectorDigits = new Uint8Array(vectors * COLUMNS);
  const vectorType = new Uint8Array(vectors);
  keys.forEach((key, v) => {
    for (let j = 0; j < COLUMNS; j++) {
      const d = (key >> (2 * j)) & 3;
      vectorDigits[v * COLUMNS + j] = d;
      if (d === 3) vectorType[v]!++;
    }
  });
  const vectorPatternStart = Uint32Array.from(starts);
  const patterns = new Uint32Array(total);
  const fill = new Uint32Array(vectors);
  for (let a = 0; a < rows; a++) {
    const ma = rowMasks[a]!;
    for (let b = 0; b < rows; b++) {
      const mb = rowMasks[b]!;
      const mab = ma | mb;
      const sab = rowSpread[a]! + rowSpread[b]!;
      for (let c = 0; c < rows; c++) {
        const mc = rowMasks[c]!;
        if ((mab | mc) !== 511) continue;
        const v = perKey[sab + rowSpread[c]!]!;
        patterns[vectorPatternStart[v]! + fill[v]!++] = ma | (mb << 9) | (mc << 18);
      }
    }
  }
  return { patterns, vectorPatternStart, vectorKey: Uint32Array.from(keys), vectorDigits, vectorType, vectors };
}

export interface WeightTables {
  /** w(c) scaled to integers: p(c) * prod_j 6/c_j!, divided by `scale`. */
  ticketWeight: Uint32Array;
  scale: bigint;
  /** p(c) * prod_j C(n_j, c_j): the single tickets of vector c. */
  fillingWeight: bigint[];
}

function choose(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

export function weightsOf(t: PatternTables): WeightTables {
  const raw: bigint[] = [];
  const fillingWeight: bigint[] = [];
  let g = 0n;
  for (let v = 0; v < t.vectors; v++) {
    const p = BigInt(t.vectorPatternStart[v + 1]! - t.vectorPatternStart[v]!);
    let w = p;
    let f = p;
    for (let j = 0; j < COLUMNS; j++) {
      const c = t.vectorDigits[v * COLUMNS + j]!;
      w *= c === 1 ? 6n : c === 2 ? 3n : 1n;
      f *= choose(COLUMN_SIZE[j]!, c);
    }
    raw.push(w);
    fillingWeight.push(f);
    g = gcd(w, g);
  }
  return { ticketWeight: Uint32Array.from(raw, (w) => Number(w / g)), scale: g, fillingWeight };
}

export interface PairTables {
  vectorCode: Uint32Array;
  vectorLanes: Uint32Array; // [v * 3 + word]
  codeStart: Uint32Array;
  codeTotal: Uint32Array;
  pairFirst: Uint16Array;
  pairSecond: Uint16Array;
  segmentCode: Uint32Array;
  segmentLanes: Uint32Array; // [s * 3 + word]
  bookCode: number;
  laneUpper: Uint32Array; // per word
  laneLower: Uint32Array;
}

/** Ordered pairs of vectors sorted by the code of their sum (see assembly/housie/pairs.ts). */
export function pairsOf(t: PatternTables, w: WeightTables): PairTables {
  const vectors = t.vectors;
  let bookCode = 0;
  const laneUpper = new Uint32Array(3);
  const laneLower = new Uint32Array(3);
  for (let j = 0, power = 1; j < COLUMNS; j++, power *= 5) {
    const n = COLUMN_SIZE[j]!;
    bookCode += (n - 6) * power;
    laneUpper[Math.floor(j / 3)]! |= (64 - (n - 1)) << (7 * (j % 3));
    laneLower[Math.floor(j / 3)]! |= (64 - (n - 6)) << (7 * (j % 3));
  }
  const vectorCode = new Uint32Array(vectors);
  const vectorLanes = new Uint32Array(vectors * 3);
  for (let v = 0; v < vectors; v++) {
    let code = 0;
    for (let j = 0, p = 1; j < COLUMNS; j++, p *= 5) {
      const c = t.vectorDigits[v * COLUMNS + j]!;
      code += (c - 1) * p;
      vectorLanes[v * 3 + Math.floor(j / 3)]! |= c << (7 * (j % 3));
    }
    vectorCode[v] = code;
  }
  const codeStart = new Uint32Array(CODE_SPACE + 1);
  for (let a = 0; a < vectors; a++) {
    const ca = vectorCode[a]!;
    for (let b = 0; b < vectors; b++) codeStart[ca + vectorCode[b]! + 1]!++;
  }
  const segmentList: number[] = [];
  for (let k = 0; k < CODE_SPACE; k++) {
    if (codeStart[k + 1] !== 0) segmentList.push(k);
    codeStart[k + 1]! += codeStart[k]!;
  }
  const pairs = vectors * vectors;
  const pairFirst = new Uint16Array(pairs);
  const pairSecond = new Uint16Array(pairs);
  const codeTotal = new Uint32Array(CODE_SPACE);
  const placed = new Uint32Array(CODE_SPACE);
  for (let a = 0; a < vectors; a++) {
    const ca = vectorCode[a]!;
    const wa = w.ticketWeight[a]!;
    for (let b = 0; b < vectors; b++) {
      const code = ca + vectorCode[b]!;
      const slot = codeStart[code]! + placed[code]!++;
      const total = codeTotal[code]! + wa * w.ticketWeight[b]!;
      codeTotal[code] = total;
      pairFirst[slot] = a;
      pairSecond[slot] = b;
    }
  }
  const segmentCode = Uint32Array.from(segmentList);
  const segmentLanes = new Uint32Array(segmentList.length * 3);
  segmentList.forEach((code, s) => {
    const slot = codeStart[code]!;
    for (let i = 0; i < 3; i++) segmentLanes[s * 3 + i] = vectorLanes[pairFirst[slot]! * 3 + i]! + vectorLanes[pairSecond[slot]! * 3 + i]!;
  });
  return {
    vectorCode,
    vectorLanes,
    codeStart,
    codeTotal,
    pairFirst,
    pairSecond,
    segmentCode,
    segmentLanes,
    bookCode,
    laneUpper,
    laneLower,
  };
}

/** Whether lane sums (three words) of four vectors leave a residual pair sum within 2..6. */
export function feasible(p: PairTables, w0: number, w1: number, w2: number): boolean {
  const up = p.laneUpper;
  const lo = p.laneLower;
  return (((w0 + up[0]!) | (w1 + up[1]!) | (w2 + up[2]!)) & LANE_HIGH) === 0 && ((w0 + lo[0]!) & (w1 + lo[1]!) & (w2 + lo[2]!) & LANE_HIGH) === LANE_HIGH;
}
