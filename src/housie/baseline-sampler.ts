// Pure-TypeScript baseline of the kernel's book sampler (assembly/housie/sample.ts):
// the same rejection scheme, tables and seeded generator, so for a seed it draws the
// same books as the kernel (without the uniqueness set). Used by tests and the bench.
import { Xoshiro128 } from "./rng.js";
import {
  COLUMNS, COLUMN_FIRST, COLUMN_SIZE, LANE_HIGH, enumeratePatternsTs, weightsOf, pairsOf, feasible,
  type PatternTables, type PairTables,
} from "./tables.js";

export const CELLS_PER_TICKET = 27;
export const CELLS_PER_BOOK = 6 * CELLS_PER_TICKET;
const FACTORIAL = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800];

interface SamplerTables {
  t: PatternTables;
  p: PairTables;
  /** Canonical patterns per type, column-major (see assembly/housie/layouts.ts). */
  typePatterns: Uint32Array;
  typePatternStart: Uint32Array;
  /** [v * 9 + j]: the canonical column that column j of vector v takes its rows from. */
  vectorPermutation: Uint8Array;
  /** Three-ticket totals A per residual class, their maximum, and the class of a middle multiset. */
  tripleTotal: Float64Array;
  /** Per class, the largest pair total K(t - c) over fitting c: the third level's bound. */
  tripleBound: Uint32Array;
  maxTripleTotal: number;
  /** Four-ticket totals B per class of residual u (top bits B / 2^33, low 33 bits), the
   * second level's bound M / 2^15 per class, and the first level's bound / 2^33. */
  quadTop: Float64Array;
  quadLow: Float64Array;
  quadBound: Uint32Array;
  quadLimit: number;
  /** Per pair slot: alias threshold, own pair and alias pair (first << 16 | second). */
  pairAlias: Uint32Array;
  middleClass: Uint16Array;
  vectorsByType: Uint16Array;
  typeFirst: Uint32Array;
  typeWeight: Uint32Array;
  typeEnd: Uint32Array;
}

let cached: SamplerTables | undefined;

function tables(): SamplerTables {
  if (cached) return cached;
  const t = enumeratePatternsTs();
  const w = weightsOf(t);
  const p = pairsOf(t, w);
  const vectorsByType = new Uint16Array(t.vectors);
  const typeFirst = new Uint32Array(5);
  const typeWeight = new Uint32Array(4);
  const typeEnd = new Uint32Array(4);
  let slot = 0;
  let cumulative = 0;
  for (let d = 0; d < 4; d++) {
    typeFirst[d] = slot;
    for (let v = 0; v < t.vectors; v++) {
      if (t.vectorType[v] !== d) continue;
      vectorsByType[slot++] = v;
      typeWeight[d] = w.ticketWeight[v]!;
      cumulative += w.ticketWeight[v]!;
    }
    typeEnd[d] = cumulative;
  }
  typeFirst[4] = slot;
  const triples = triplesOf(t, p, w.ticketWeight);
  cached = { pairAlias: aliasesOf(p, w.ticketWeight), t, p, vectorsByType, typeFirst, typeWeight, typeEnd, ...layoutsOf(t), ...triples, ...quadsOf(t, p, w.ticketWeight, triples.tripleTotal, triples.middleClass) };
  return cached;
}

function overfilled(upper: Uint32Array, w0: number, w1: number, w2: number): boolean {
  return (((w0 + upper[0]!) | (w1 + upper[1]!) | (w2 + upper[2]!)) & LANE_HIGH) !== 0;
}

function columnMajor(pattern: number): number {
  let out = 0;
  for (let j = 0; j < 9; j++) {
    const mask = ((pattern >>> j) & 1) | ((pattern >>> (8 + j)) & 2) | ((pattern >>> (16 + j)) & 4);
    out |= mask << (3 * j);
  }
  return out;
}

/** Canonical patterns per type and each vector's column permutation (as the kernel). */
function layoutsOf(t: PatternTables) {
  const typePatterns = new Uint32Array(2679);
  const typePatternStart = new Uint32Array(5);
  const canonical: number[] = [];
  let slot = 0;
  for (let d = 0; d < 4; d++) {
    let key = 0;
    for (let j = 0; j < COLUMNS; j++) key |= (j < d ? 3 : j < 6 - d ? 2 : 1) << (2 * j);
    const v = t.vectorKey.indexOf(key);
    canonical.push(v);
    typePatternStart[d] = slot;
    for (let i = t.vectorPatternStart[v]!; i < t.vectorPatternStart[v + 1]!; i++) typePatterns[slot++] = columnMajor(t.patterns[i]!);
  }
  typePatternStart[4] = slot;
  const vectorPermutation = new Uint8Array(t.vectors * COLUMNS);
  for (let v = 0; v < t.vectors; v++) {
    const c = canonical[t.vectorType[v]!]!;
    let used = 0;
    for (let j = 0; j < COLUMNS; j++) {
      const k = t.vectorDigits[v * COLUMNS + j]!;
      let source = 0;
      while (t.vectorDigits[c * COLUMNS + source] !== k || used & (1 << source)) source++;
      used |= 1 << source;
      vectorPermutation[v * COLUMNS + j] = source;
    }
  }
  return { typePatterns, typePatternStart, vectorPermutation };
}

/** A(t) per class of residual t, as assembly/housie/triples.ts (values < 2^48, exact). */
function triplesOf(t: PatternTables, p: PairTables, weight: Uint32Array) {
  const tripleTotal = new Float64Array(4 * 6 * 330);
  const tripleBound = new Uint32Array(4 * 6 * 330);
  const middleClass = new Uint16Array(1 << 15);
  let maxTripleTotal = 0;
  let middle = 0;
  const res = new Array<number>(COLUMNS).fill(0);
  for (let k3 = 0; k3 <= 7; k3++) for (let k4 = 0; k4 <= 7 - k3; k4++) for (let k5 = 0; k5 <= 7 - k3 - k4; k5++) {
    for (let k6 = 0; k6 <= 7 - k3 - k4 - k5; k6++) {
      const k7 = 7 - k3 - k4 - k5 - k6;
      middleClass[k3 | (k4 << 3) | (k5 << 6) | (k6 << 9) | (k7 << 12)] = middle;
      const mids = [...Array(k3).fill(3), ...Array(k4).fill(4), ...Array(k5).fill(5), ...Array(k6).fill(6), ...Array(k7).fill(7)];
      for (let first = 3; first <= COLUMN_SIZE[0] - 3; first++) {
        for (let last = 3; last <= COLUMN_SIZE[8] - 3; last++) {
          res[0] = first;
          mids.forEach((m, i) => { res[i + 1] = m; });
          res[8] = last;
          let code = 0;
          for (let j = 0, power = 1; j < COLUMNS; j++, power *= 5) code += (res[j]! - 3) * power;
          let total = 0;
          let bound = 1;
          for (let v = 0; v < t.vectors; v++) {
            let fits = true;
            for (let j = 0; j < COLUMNS && fits; j++) {
              const u = res[j]! - t.vectorDigits[v * COLUMNS + j]!;
              fits = u >= 2 && u <= 6;
            }
            if (!fits) continue;
            const pair = p.codeTotal[code - p.vectorCode[v]!]!;
            total += pair * weight[v]!;
            if (pair > bound) bound = pair;
          }
          tripleTotal[(first - 3) + 4 * ((last - 3) + 6 * middle)] = total;
          tripleBound[(first - 3) + 4 * ((last - 3) + 6 * middle)] = bound;
          if (total > maxTripleTotal) maxTripleTotal = total;
        }
      }
      middle++;
    }
  }
  return { tripleTotal, tripleBound, maxTripleTotal, middleClass };
}

/** Alias tables per code, as assembly/housie/pairs.ts (Vose's method in integers). */
function aliasesOf(p: PairTables, weight: Uint32Array): Uint32Array {
  const pairs = p.pairFirst.length;
  const alias = new Uint32Array(3 * pairs);
  const scaled: number[] = [];
  const small: number[] = [];
  const large: number[] = [];
  for (let k = 0; k < p.codeTotal.length; k++) {
    const start = p.codeStart[k]!;
    const n = p.codeStart[k + 1]! - start;
    if (n === 0) continue;
    const total = p.codeTotal[k]!;
    small.length = 0;
    large.length = 0;
    for (let i = 0; i < n; i++) {
      const slot = start + i;
      const x = n * weight[p.pairFirst[slot]!]! * weight[p.pairSecond[slot]!]!; // < 2^53
      scaled[i] = x;
      alias[3 * slot + 1] = ((p.pairFirst[slot]! << 16) | p.pairSecond[slot]!) >>> 0;
      (x < total ? small : large).push(i);
    }
    while (small.length > 0 && large.length > 0) {
      const l = small.pop()!;
      const g = large.pop()!;
      alias[3 * (start + l)] = scaled[l]!;
      alias[3 * (start + l) + 2] = alias[3 * (start + g) + 1]!;
      scaled[g] = scaled[g]! - (total - scaled[l]!);
      (scaled[g]! < total ? small : large).push(g);
    }
    for (const g of large) {
      if (scaled[g] !== total) throw new Error("alias table: a bucket does not hold its total");
    }
    while (large.length > 0) {
      const g = large.pop()!;
      alias[3 * (start + g)] = total;
      alias[3 * (start + g) + 2] = alias[3 * (start + g) + 1]!;
    }
    if (small.length > 0) throw new Error("alias table: small items left");
  }
  return alias;
}

/** Class of the residual t of three tickets whose column sums are in lane words w0..w2. */
function tripleClass(middleClass: Uint16Array, w0: number, w1: number, w2: number): number {
  // Column j's sum sits in word j / 3 at bit 7 (j % 3); t_j - 3 = 7 - S_j in the middle.
  const key = (1 << (3 * (7 - ((w0 >>> 7) & 127)))) + (1 << (3 * (7 - ((w0 >>> 14) & 127))))
    + (1 << (3 * (7 - (w1 & 127)))) + (1 << (3 * (7 - ((w1 >>> 7) & 127)))) + (1 << (3 * (7 - ((w1 >>> 14) & 127))))
    + (1 << (3 * (7 - (w2 & 127)))) + (1 << (3 * (7 - ((w2 >>> 7) & 127))));
  return (6 - (w0 & 127)) + 4 * ((8 - ((w2 >>> 14) & 127)) + 6 * middleClass[key]!);
}

/** Class of the residual u of two tickets (u_1 - 4, u_9 - 5, middle u_j - 4 = 6 - S_j). */
function pairClass(middleClass: Uint16Array, w0: number, w1: number, w2: number): number {
  const key = (1 << (3 * (6 - ((w0 >>> 7) & 127)))) + (1 << (3 * (6 - ((w0 >>> 14) & 127))))
    + (1 << (3 * (6 - (w1 & 127)))) + (1 << (3 * (6 - ((w1 >>> 7) & 127)))) + (1 << (3 * (6 - ((w1 >>> 14) & 127))))
    + (1 << (3 * (6 - (w2 & 127)))) + (1 << (3 * (6 - ((w2 >>> 7) & 127))));
  return (5 - (w0 & 127)) + 4 * ((6 - ((w2 >>> 14) & 127)) + 5 * middleClass[key]!);
}

/** B(u) and M(u) per class of four-ticket residual u, as assembly/housie/triples.ts. */
function quadsOf(t: PatternTables, p: PairTables, weight: Uint32Array, tripleTotal: Float64Array, middleClass: Uint16Array) {
  const classes = 4 * 5 * 330;
  const quadTop = new Float64Array(classes);
  const quadLow = new Float64Array(classes);
  const quadBound = new Uint32Array(classes);
  let bestTop = 0;
  let bestLow = 0;
  const u = new Array<number>(COLUMNS).fill(0);
  const lanes = p.vectorLanes;
  for (let k0 = 0; k0 <= 7; k0++) for (let k1 = 0; k1 <= 7 - k0; k1++) for (let k2 = 0; k2 <= 7 - k0 - k1; k2++) {
    for (let k3 = 0; k3 <= 7 - k0 - k1 - k2; k3++) {
      const k4 = 7 - k0 - k1 - k2 - k3;
      const middle = middleClass[k0 | (k1 << 3) | (k2 << 6) | (k3 << 9) | (k4 << 12)]!;
      const mids = [...Array(k0).fill(4), ...Array(k1).fill(5), ...Array(k2).fill(6), ...Array(k3).fill(7), ...Array(k4).fill(8)];
      mids.forEach((m, i) => { u[i + 1] = m; });
      for (let first = 4; first <= 7; first++) {
        for (let last = 5; last <= 9; last++) {
          u[0] = first;
          u[8] = last;
          // Lane words of S = n - u (tickets 1-2).
          const ab = [0, 0, 0];
          for (let j = 0; j < COLUMNS; j++) ab[Math.floor(j / 3)]! += (COLUMN_SIZE[j]! - u[j]!) << (7 * (j % 3));
          // B = high * 2^24 + low, each part a sum of products < 2^36: exact in doubles.
          let high = 0;
          let low = 0;
          let bound = 0;
          for (let v = 0; v < t.vectors; v++) {
            const w0 = ab[0]! + lanes[v * 3]!;
            const w1 = ab[1]! + lanes[v * 3 + 1]!;
            const w2 = ab[2]! + lanes[v * 3 + 2]!;
            if (overfilled(p.laneUpper3, w0, w1, w2)) continue;
            const a = tripleTotal[tripleClass(middleClass, w0, w1, w2)]!;
            if (a > bound) bound = a;
            high += weight[v]! * Math.floor(a / 2 ** 24);
            low += weight[v]! * (a % 2 ** 24);
          }
          high += Math.floor(low / 2 ** 24);
          low %= 2 ** 24;
          const cls = (first - 4) + 4 * ((last - 5) + 5 * middle);
          const top = Math.floor(high / 2 ** 9);
          const rest = (high % 2 ** 9) * 2 ** 24 + low;
          quadTop[cls] = top;
          quadLow[cls] = rest;
          quadBound[cls] = Math.ceil(bound / 2 ** 15);
          if (top > bestTop || (top === bestTop && rest > bestLow)) { bestTop = top; bestLow = rest; }
        }
      }
    }
  }
  return { quadTop, quadLow, quadBound, quadLimit: bestTop + (bestLow > 0 ? 1 : 0) };
}

export class BookSamplerTs {
  private readonly rng: Xoshiro128;
  private readonly tab = tables();
  private readonly chosen = new Int32Array(6);
  private readonly chosenPattern = new Uint32Array(6); // canonical, column-major
  private readonly pool = new Uint8Array(11); // a column's ticket labels
  private readonly masks = new Uint8Array(6);

  constructor(seed: bigint) {
    this.rng = new Xoshiro128(seed);
  }

  private drawWeightedVector(): number {
    const { typeEnd, typeFirst, typeWeight, vectorsByType } = this.tab;
    const x = this.rng.below(typeEnd[3]!);
    let d = 0;
    while (x >= typeEnd[d]!) d++;
    const start = d === 0 ? 0 : typeEnd[d - 1]!;
    return vectorsByType[typeFirst[d]! + Math.floor((x - start) / typeWeight[d]!)]!;
  }

  /** As the kernel's belowScaled: y < value for y uniform below limit * 2^shift, lazily. */
  private belowScaled(limit: number, valueTop: number, valueLow: number, shift: number): boolean {
    const high = this.rng.below(limit);
    if (high !== valueTop) return high < valueTop;
    let low: number;
    if (shift <= 32) low = Math.floor(this.rng.next32() / 2 ** (32 - shift));
    else { const h = this.rng.next32(); low = h * 2 ** (shift - 32) + Math.floor(this.rng.next32() / 2 ** (64 - shift)); }
    return low < valueLow;
  }

  /** The kernel's three-level draw (assembly/housie/sample.ts), word for word. */
  private drawBookVectors(): void {
    const { p, tripleTotal, tripleBound, middleClass, quadTop, quadLow, quadBound, quadLimit } = this.tab;
    const lanes = p.vectorLanes;
    let a: number, b: number, c: number, w0: number, w1: number, w2: number, u: number;
    while (true) {
      a = this.drawWeightedVector();
      b = this.drawWeightedVector();
      w0 = lanes[a * 3]! + lanes[b * 3]!;
      w1 = lanes[a * 3 + 1]! + lanes[b * 3 + 1]!;
      w2 = lanes[a * 3 + 2]! + lanes[b * 3 + 2]!;
      if (overfilled(p.laneUpper2, w0, w1, w2)) continue;
      u = pairClass(middleClass, w0, w1, w2);
      if (this.belowScaled(quadLimit, quadTop[u]!, quadLow[u]!, 33)) break;
    }
    let cls: number;
    let x0: number, x1: number, x2: number;
    while (true) {
      c = this.drawWeightedVector();
      x0 = w0 + lanes[c * 3]!;
      x1 = w1 + lanes[c * 3 + 1]!;
      x2 = w2 + lanes[c * 3 + 2]!;
      if (overfilled(p.laneUpper3, x0, x1, x2)) continue;
      cls = tripleClass(middleClass, x0, x1, x2);
      const total = tripleTotal[cls]!;
      if (this.belowScaled(quadBound[u]!, Math.floor(total / 2 ** 15), total % 2 ** 15, 15)) break;
    }
    w0 = x0; w1 = x1; w2 = x2;
    {
      const limit = tripleBound[cls]!;
      const rest = p.bookCode - p.vectorCode[a]! - p.vectorCode[b]! - p.vectorCode[c]!;
      // Level 3: ticket 4, then the pair, until accepted.
      while (true) {
        const d = this.drawWeightedVector();
        if (!feasible(p, w0 + lanes[d * 3]!, w1 + lanes[d * 3 + 1]!, w2 + lanes[d * 3 + 2]!)) continue;
        const code = rest - p.vectorCode[d]!;
        const x = this.rng.below(limit);
        if (x >= p.codeTotal[code]!) continue;
        const start = p.codeStart[code]!;
        const slot = 3 * (start + this.rng.below(p.codeStart[code + 1]! - start));
        const { pairAlias } = this.tab;
        const pair = x < pairAlias[slot]! ? pairAlias[slot + 1]! : pairAlias[slot + 2]!;
        this.chosen.set([a, b, c, d, pair >>> 16, pair & 0xffff]);
        return;
      }
    }
  }

  /** One uniform book: 162 cells (6 tickets x 3 rows x 9 columns), 0 for a blank. */
  nextBook(out: Uint8Array = new Uint8Array(CELLS_PER_BOOK), at = 0): Uint8Array {
    const { t } = this.tab;
    const { chosen, chosenPattern, rng } = this;
    this.drawBookVectors();
    out.fill(0, at, at + CELLS_PER_BOOK);
    const { typePatterns, typePatternStart, vectorPermutation } = this.tab;
    for (let i = 0; i < 6; i++) {
      // A uniform canonical pattern of the vector's type; the vector's permutation maps it.
      const d = t.vectorType[chosen[i]!]!;
      const start = typePatternStart[d]!;
      chosenPattern[i] = typePatterns[start + rng.below(typePatternStart[d + 1]! - start)]!;
    }
    const labels = this.pool;
    for (let j = 0; j < COLUMNS; j++) {
      const n = COLUMN_SIZE[j]!;
      const first = COLUMN_FIRST[j]!;
      // Column j's labels (k_t copies of ticket t), shuffled by one draw below n!
      // whose mixed-radix digits are the Fisher-Yates steps, as the kernel.
      let pos = 0;
      for (let i = 0; i < 6; i++) {
        const k = t.vectorDigits[chosen[i]! * COLUMNS + j]!;
        for (let m = 0; m < k; m++) labels[pos++] = i;
      }
      let digits = rng.below(FACTORIAL[n]!);
      for (let i = n - 1; i > 0; i--) {
        const r = digits % (i + 1);
        digits = Math.floor(digits / (i + 1));
        const tmp = labels[i]!;
        labels[i] = labels[r]!;
        labels[r] = tmp;
      }
      // Numbers in increasing order, each to its ticket's next row holding a number.
      const masks = this.masks;
      for (let i = 0; i < 6; i++) masks[i] = (chosenPattern[i]! >>> (3 * vectorPermutation[chosen[i]! * COLUMNS + j]!)) & 7;
      for (let i = 0; i < n; i++) {
        const ticket = labels[i]!;
        const mask = masks[ticket]!;
        const row = mask & 1 ? 0 : mask & 2 ? 1 : 2;
        masks[ticket] = mask & (mask - 1);
        out[at + ticket * CELLS_PER_TICKET + 9 * row + j] = first + i;
      }
    }
    return out;
  }
}
