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
  /** Per class, the largest pair total K(t - c) over fitting c: stage 2's bound. */
  tripleBound: Uint32Array;
  maxTripleTotal: number;
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
  cached = { t, p, vectorsByType, typeFirst, typeWeight, typeEnd, ...layoutsOf(t), ...triplesOf(t, p, w.ticketWeight) };
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

export class BookSamplerTs {
  private readonly rng: Xoshiro128;
  private readonly tab = tables();
  private readonly chosen = new Int32Array(6);
  private readonly chosenPattern = new Uint32Array(6); // canonical, column-major
  private readonly pool = new Uint8Array(11); // a column's ticket labels
  private readonly masks = new Uint8Array(6);
  /** Low bits of y < A* below its top 32 (A* has 32 + wideLowBits bits). */
  private readonly wideLowBits = (this.tab.maxTripleTotal - 1).toString(2).length - 32;

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

  /** Whether y < total for y uniform below A*, lazily as the kernel: top 32 bits first. */
  private belowTriple(total: number): boolean {
    const { maxTripleTotal } = this.tab;
    const lowBits = this.wideLowBits;
    const scale = 2 ** lowBits;
    const top = Math.floor(total / scale);
    const limit = Math.floor(maxTripleTotal / scale);
    while (true) {
      const high = this.rng.next32();
      if (high < top) return true;
      if (high > limit) continue;
      if (high !== top && high !== limit) return false;
      const y = high * scale + Math.floor(this.rng.next32() / 2 ** (32 - lowBits));
      if (y >= maxTripleTotal) continue;
      return y < total;
    }
  }

  /** The kernel's two-stage draw (assembly/housie/sample.ts), word for word. */
  private drawBookVectors(): void {
    const { p, tripleTotal, tripleBound, middleClass } = this.tab;
    const lanes = p.vectorLanes;
    while (true) {
      const a = this.drawWeightedVector();
      const b = this.drawWeightedVector();
      let w0 = lanes[a * 3]! + lanes[b * 3]!;
      let w1 = lanes[a * 3 + 1]! + lanes[b * 3 + 1]!;
      let w2 = lanes[a * 3 + 2]! + lanes[b * 3 + 2]!;
      if (overfilled(p.laneUpper2, w0, w1, w2)) continue;
      const c = this.drawWeightedVector();
      w0 += lanes[c * 3]!;
      w1 += lanes[c * 3 + 1]!;
      w2 += lanes[c * 3 + 2]!;
      if (overfilled(p.laneUpper3, w0, w1, w2)) continue;
      // Stage 1: the residual's class (first, last, middle multiset) and A(t) / A*.
      // Column j's sum sits in word j / 3 at bit 7 (j % 3); t_j - 3 = 7 - S_j in the middle.
      const key = (1 << (3 * (7 - ((w0 >>> 7) & 127)))) + (1 << (3 * (7 - ((w0 >>> 14) & 127))))
        + (1 << (3 * (7 - (w1 & 127)))) + (1 << (3 * (7 - ((w1 >>> 7) & 127)))) + (1 << (3 * (7 - ((w1 >>> 14) & 127))))
        + (1 << (3 * (7 - (w2 & 127)))) + (1 << (3 * (7 - ((w2 >>> 7) & 127))));
      const cls = (6 - (w0 & 127)) + 4 * ((8 - ((w2 >>> 14) & 127)) + 6 * middleClass[key]!);
      if (!this.belowTriple(tripleTotal[cls]!)) continue;
      const limit = tripleBound[cls]!;
      const rest = p.bookCode - p.vectorCode[a]! - p.vectorCode[b]! - p.vectorCode[c]!;
      // Stage 2: ticket 4, then the pair, until accepted.
      while (true) {
        const d = this.drawWeightedVector();
        if (!feasible(p, w0 + lanes[d * 3]!, w1 + lanes[d * 3 + 1]!, w2 + lanes[d * 3 + 2]!)) continue;
        const code = rest - p.vectorCode[d]!;
        const x = this.rng.below(limit);
        if (x >= p.codeTotal[code]!) continue;
        let lo = p.codeStart[code]!;
        let hi = p.codeStart[code + 1]! - 1;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (p.pairCumulative[mid]! > x) hi = mid; else lo = mid + 1;
        }
        this.chosen.set([a, b, c, d, p.pairFirst[lo]!, p.pairSecond[lo]!]);
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
