// Pure-TypeScript baseline of the kernel's book sampler (assembly/housie/draw.ts and
// sample.ts): the same exact draw, tables and seeded generator, so for a seed it draws
// the same books as the kernel (without the uniqueness set). Used by tests and the bench.
//
// A book's six vectors (see draw.ts for why this is exactly uniform): with t the column
// sums of tickets 4-6 and s = n - t those of tickets 1-3,
//  1. the class of t (t_1, t_9, the multiset of its middle counts) with probability
//     |class| A(s) A(t) / Z: a rounded alias draw over 32-bit weights, then an exact
//     acceptance test on the rounding's remainder (the weights take 107 bits);
//  2. one uniform permutation sigma of the seven middle columns;
//  3. per three tickets, from the canonical residual (middle ascending; s's is reversed):
//     the first vector from the class's alias table (weight w(c) K(t - c)), then the pair
//     from the alias table of the residual t - c made canonical by a stable sort of its
//     middle, all carried to the book's columns by sigma.
// The kernel does the column shuffles as SIMD swizzles; here they are index look-ups.
import { Xoshiro128 } from "../../src/core/random.js";
import { CELLS_PER_TICKET } from "../../src/housie/model/cells.js";
import { columnShuffle, columnPermutation } from "./housie-column-shuffle.js";
import { buildAlias, ALIAS_LIMIT } from "./housie-alias.js";
import { COLUMNS, COLUMN_FIRST, COLUMN_SIZE } from "../../src/housie/model/columns.js";
import { enumeratePatternsTs, weightsOf, pairsOf, type PatternTables, type PairTables } from "../../src/housie/count/tables.js";

const CELLS_PER_BOOK = 6 * CELLS_PER_TICKET;
const COLUMN_SHUFFLES = [9, 10, 11].map(columnShuffle);
const MIDDLE_CLASSES = 330; // multisets of seven middle counts, each of five values
const POWER3 = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];
/** Column j of s = n - t, t canonical (middle ascending), is column REVERSE[j] of s's
 * canonical residual: s's middle is descending. */
const REVERSE = [0, 7, 6, 5, 4, 3, 2, 1, 8];

interface SamplerTables {
  t: PatternTables;
  /** Canonical patterns per type, column-major (see assembly/housie/layouts.ts). */
  typePatterns: Uint32Array;
  typePatternStart: Uint32Array;
  /** [v * 9 + j]: the canonical column that column j of vector v takes its rows from. */
  vectorPermutation: Uint8Array;
  /** Vector index by sum_j (c_j - 1) 3^j. */
  vectorOfCode3: Uint16Array;
  /** Number of a middle multiset, keyed by the counts of its five values in 3-bit fields
   * (numbered as assembly/housie/triples.ts). */
  middleClass: Uint16Array;
  /** Classes (canonical three-ticket residuals with A > 0): counts [q * 9 + j], A, the
   * class of the reversed complement, and the range of their alias slots. */
  classBytes: Uint8Array;
  classTotal: Float64Array;
  classPartner: Uint32Array;
  classSlot: Uint32Array;
  /** Per alias slot of a class, two numbers: the threshold (< 2^47) and own vector |
   * alias vector << 16 (together, so that a draw touches one cache line). */
  classEntry: Float64Array;
  /** The class draw: alias over a_q (sum topTotal < 2^32), a_q, and the rest
   * D_q = (W_q - 1) mod 2^shift in chunks of restBits (top first) per class. */
  topThreshold: Uint32Array;
  topAlias: Uint16Array;
  topRounded: Uint32Array;
  topTotal: number;
  restBits: Uint8Array;
  restChunks: Uint32Array;
  /** Per pair-residual class (r_1 - 2 + 5 (r_9 - 2 + 5 middle)): its canonical code's
   * first slot, slot count and total K in pairAlias. */
  pairSlot: Uint32Array;
  pairSlots: Uint32Array;
  pairClassTotal: Uint32Array;
  /** Per pair slot: alias threshold, own pair and alias pair (first << 16 | second). */
  pairAlias: Uint32Array;
}

let cached: SamplerTables | undefined;

function tables(): SamplerTables {
  if (cached) return cached;
  const t = enumeratePatternsTs();
  const w = weightsOf(t);
  const p = pairsOf(t, w);
  const vectorOfCode3 = new Uint16Array(3 ** COLUMNS);
  for (let v = 0; v < t.vectors; v++) {
    let code = 0;
    for (let j = 0; j < COLUMNS; j++) code += (t.vectorDigits[v * COLUMNS + j]! - 1) * POWER3[j]!;
    vectorOfCode3[code] = v;
  }
  const middle = middleClassesOf();
  const classes = classesOf(t, p, w.ticketWeight, middle.middleClass, middle.middleKey);
  cached = {
    t,
    vectorOfCode3,
    middleClass: middle.middleClass,
    ...layoutsOf(t),
    ...classes,
    ...classDrawOf(classes.classBytes, classes.classTotal, classes.classPartner),
    ...pairClassesOf(p, middle.middleKey),
    pairAlias: aliasesOf(p, w.ticketWeight),
  };
  return cached;
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

/** Middle multisets numbered in triples.ts's order; key: the counts of the five values in
 * 3-bit fields (values 3..7 for three-ticket residuals, 2..6 for pair residuals). */
function middleClassesOf() {
  const middleClass = new Uint16Array(1 << 15);
  const middleKey = new Uint16Array(MIDDLE_CLASSES);
  let middle = 0;
  for (let k0 = 0; k0 <= 7; k0++)
    for (let k1 = 0; k1 <= 7 - k0; k1++)
      for (let k2 = 0; k2 <= 7 - k0 - k1; k2++) {
        for (let k3 = 0; k3 <= 7 - k0 - k1 - k2; k3++) {
          const key = k0 | (k1 << 3) | (k2 << 6) | (k3 << 9) | ((7 - k0 - k1 - k2 - k3) << 12);
          middleClass[key] = middle;
          middleKey[middle++] = key;
        }
      }
  return { middleClass, middleKey };
}

/** The classes in triples.ts's index order (t_1 - 3 + 4 (t_9 - 3 + 6 middle)), each with
 * the alias table of its first vector c (weight w(c) K(t - c)), and their partners. */
function classesOf(t: PatternTables, p: PairTables, ticketWeight: Uint32Array, middleClass: Uint16Array, middleKey: Uint16Array) {
  const vectors = t.vectors;
  const digits = t.vectorDigits;
  const classOfIndex = new Int32Array(4 * 6 * MIDDLE_CLASSES).fill(-1);
  const bytes: number[] = [];
  const totals: number[] = [];
  const slots: number[] = [0];
  const entries: number[] = [];
  const weight = new Float64Array(vectors);
  const own = new Uint16Array(vectors);
  const threshold = new Float64Array(vectors);
  const alias = new Uint16Array(vectors);
  const res = new Array<number>(COLUMNS).fill(0);
  for (let middle = 0; middle < MIDDLE_CLASSES; middle++) {
    const key = middleKey[middle]!;
    for (let x = 0, j = 1; x < 5; x++) for (let i = 0; i < ((key >> (3 * x)) & 7); i++) res[j++] = 3 + x;
    for (let last = 3; last <= COLUMN_SIZE[8] - 3; last++) {
      for (let first = 3; first <= COLUMN_SIZE[0] - 3; first++) {
        res[0] = first;
        res[8] = last;
        let code = 0;
        for (let j = 0, power = 1; j < COLUMNS; j++, power *= 5) code += (res[j]! - 3) * power;
        let n = 0;
        let total = 0; // < 2^47: exact
        for (let v = 0; v < vectors; v++) {
          let fits = true;
          for (let j = 0; j < COLUMNS && fits; j++) {
            const r = res[j]! - digits[v * COLUMNS + j]!;
            fits = r >= 2 && r <= 6;
          }
          if (!fits) continue;
          const pair = p.codeTotal[code - p.vectorCode[v]!]!;
          if (pair === 0) continue;
          weight[n] = ticketWeight[v]! * pair;
          own[n++] = v;
          total += ticketWeight[v]! * pair;
        }
        if (total === 0) continue;
        // belowAny takes below() up to 2^32 - 1 and belowWide above 2^32, as the kernel.
        if (total === 2 ** 32) throw new Error("class total 2^32: no TS range draw for it");
        classOfIndex[first - 3 + 4 * (last - 3 + 6 * middle)] = totals.length;
        bytes.push(...res);
        totals.push(total);
        buildAlias(weight, n, total, threshold, alias);
        for (let i = 0; i < n; i++) entries.push(threshold[i]!, own[i]! | (own[alias[i]!]! << 16));
        slots.push(entries.length / 2);
      }
    }
  }
  const classes = totals.length;
  const classPartner = new Uint32Array(classes);
  for (let q = 0; q < classes; q++) {
    // s = n - t with its middle reversed, ascending again.
    let key = 0;
    for (let j = 1; j < 8; j++) key += 1 << (3 * (10 - bytes[9 * q + j]! - 3));
    const index = 9 - bytes[9 * q]! - 3 + 4 * (11 - bytes[9 * q + 8]! - 3 + 6 * middleClass[key]!);
    const partner = classOfIndex[index]!;
    if (partner < 0) throw new Error("class without a partner");
    classPartner[q] = partner;
  }
  return {
    classBytes: Uint8Array.from(bytes),
    classTotal: Float64Array.from(totals),
    classPartner,
    classSlot: Uint32Array.from(slots),
    classEntry: Float64Array.from(entries),
  };
}

/** The class draw's tables, as draw.ts's buildClassDraw: W_q = |class| A(s) A(t) in
 * bigints, a_q = floor((W_q - 1) / 2^shift) + 1 and D_q = (W_q - 1) mod 2^shift with
 * shift = max(0, bitlength(sum W) - 31). */
function classDrawOf(classBytes: Uint8Array, classTotal: Float64Array, classPartner: Uint32Array) {
  const classes = classTotal.length;
  const weights: bigint[] = [];
  let sum = 0n;
  for (let q = 0; q < classes; q++) {
    // |class| = 7! / prod of the middle counts' multiplicities' factorials.
    const seen = new Array<number>(8).fill(0);
    let orbit = 5040;
    for (let j = 1; j < 8; j++) orbit /= ++seen[classBytes[9 * q + j]!]!;
    const weight = BigInt(classTotal[q]!) * BigInt(classTotal[classPartner[q]!]!) * BigInt(orbit);
    weights.push(weight);
    sum += weight;
  }
  const shift = Math.max(0, sum.toString(2).length - 31);
  const restBits: number[] = [];
  for (let remaining = shift; remaining > 0; remaining -= Math.min(remaining, 32)) restBits.push(Math.min(remaining, 32));
  const chunks = restBits.length;
  const topRounded = new Uint32Array(classes);
  const restChunks = new Uint32Array(classes * chunks);
  const rounded = new Float64Array(classes);
  let topTotal = 0;
  for (let q = 0; q < classes; q++) {
    const below = weights[q]! - 1n;
    const a = Number(below >> BigInt(shift)) + 1;
    topRounded[q] = a;
    rounded[q] = a;
    topTotal += a;
    for (let k = 0, remaining = shift; k < chunks; k++) {
      remaining -= restBits[k]!;
      restChunks[q * chunks + k] = Number((below >> BigInt(remaining)) & ((1n << BigInt(restBits[k]!)) - 1n));
    }
  }
  if (topTotal >= 2 ** 32) throw new Error("class draw: rounded weights exceed 32 bits");
  const threshold = new Float64Array(classes);
  const topAlias = new Uint16Array(classes);
  buildAlias(rounded, classes, topTotal, threshold, topAlias);
  return { topThreshold: Uint32Array.from(threshold), topAlias, topRounded, topTotal, restBits: Uint8Array.from(restBits), restChunks };
}

/** Per pair-residual class, the alias slots of its canonical code (middle ascending). */
function pairClassesOf(p: PairTables, middleKey: Uint16Array) {
  const count = 5 * 5 * MIDDLE_CLASSES;
  const pairSlot = new Uint32Array(count);
  const pairSlots = new Uint32Array(count);
  const pairClassTotal = new Uint32Array(count);
  for (let middle = 0; middle < MIDDLE_CLASSES; middle++) {
    const key = middleKey[middle]!;
    // Middle digits r_j - 2 ascending, columns 1..7 (powers 5^1..5^7).
    let code = 0;
    for (let x = 0, power = 5; x < 5; x++) for (let i = 0; i < ((key >> (3 * x)) & 7); i++, power *= 5) code += x * power;
    for (let first = 0; first < 5; first++)
      for (let last = 0; last < 5; last++) {
        const full = code + first + last * 5 ** 8;
        const c = first + 5 * (last + 5 * middle);
        pairSlot[c] = p.codeStart[full]!;
        pairSlots[c] = p.codeStart[full + 1]! - p.codeStart[full]!;
        pairClassTotal[c] = p.codeTotal[full]!;
      }
  }
  return { pairSlot, pairSlots, pairClassTotal };
}

/** Alias tables per code, as assembly/housie/pairs.ts (Vose's method in integers). */
function aliasesOf(p: PairTables, weight: Uint32Array): Uint32Array {
  const pairs = p.pairFirst.length;
  const alias = new Uint32Array(3 * pairs);
  const pairWeight = new Float64Array(ALIAS_LIMIT);
  const threshold = new Float64Array(ALIAS_LIMIT);
  const aliasOf = new Uint16Array(ALIAS_LIMIT);
  for (let k = 0; k < p.codeTotal.length; k++) {
    const start = p.codeStart[k]!;
    const n = p.codeStart[k + 1]! - start;
    if (n === 0) continue;
    for (let i = 0; i < n; i++) {
      const slot = start + i;
      pairWeight[i] = weight[p.pairFirst[slot]!]! * weight[p.pairSecond[slot]!]!;
      alias[3 * slot + 1] = ((p.pairFirst[slot]! << 16) | p.pairSecond[slot]!) >>> 0;
    }
    buildAlias(pairWeight, n, p.codeTotal[k]!, threshold, aliasOf);
    for (let i = 0; i < n; i++) {
      alias[3 * (start + i)] = threshold[i]!;
      alias[3 * (start + i) + 2] = alias[3 * (start + aliasOf[i]!) + 1]!;
    }
  }
  return alias;
}

/** The pure-TypeScript baseline of the WASM book sampler: the same exact draws, the same books for a seed (the tests check both). */
export class BookSamplerTs {
  private readonly rng: Xoshiro128;
  private readonly tab = tables();
  private readonly chosen = new Int32Array(6);
  private readonly chosenPattern = new Uint32Array(6); // canonical, column-major
  private readonly slots = new Uint8Array(11); // a column's ticket labels, in ticket order
  private readonly labels = new Uint8Array(11); // and arranged
  private readonly pi = new Uint8Array(11);
  private readonly masks = new Uint8Array(6);
  /** The middle permutation, and it composed with REVERSE (book column -> canonical). */
  protected readonly sigma = new Uint8Array(COLUMNS);
  private readonly reversed = new Uint8Array(COLUMNS);
  /** A pair residual, and per column its place in the canonical residual. */
  private readonly residual = new Int8Array(COLUMNS);
  private readonly rank = Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0, 8);
  private readonly place = new Uint8Array(5); // per value of r_j - 2, its next rank

  constructor(seed: bigint) {
    this.rng = new Xoshiro128(seed);
  }

  /** Whether X <= D_q for X uniform on the shift bits, chunk by chunk from the top. */
  private restTest(q: number): boolean {
    const { restBits, restChunks } = this.tab;
    const chunks = restBits.length;
    for (let k = 0; k < chunks; k++) {
      const x = this.rng.next32() >>> (32 - restBits[k]!);
      const d = restChunks[q * chunks + k]!;
      if (x !== d) return x < d;
    }
    return true;
  }

  /** A class with probability W_q / sum W: proposed with probability a_q / topTotal,
   * kept with probability W_q / (a_q 2^shift) (top part of a uniform number below
   * a_q 2^shift, and the rest only on a tie). */
  private drawClass(): number {
    const { topThreshold, topAlias, topRounded, topTotal } = this.tab;
    const rng = this.rng;
    const classes = topRounded.length;
    while (true) {
      const i = rng.below(classes);
      const q = rng.below(topTotal) < topThreshold[i]! ? i : topAlias[i]!;
      const a = topRounded[q]!;
      if (rng.below(a) + 1 < a || this.restTest(q)) return q;
    }
  }

  /** A uniform permutation of the middle columns into sigma (columns 0 and 8 fixed), by
   * Fisher-Yates from the mixed-radix digits of one draw below 7!. */
  protected drawMiddlePermutation(): void {
    const sigma = this.sigma;
    for (let j = 0; j < COLUMNS; j++) sigma[j] = j;
    let digits = this.rng.below(5040) | 0; // small: integer arithmetic below
    for (let i = 7; i > 1; i--) {
      const r = digits % i;
      digits = (digits - r) / i;
      const tmp = sigma[i]!;
      sigma[i] = sigma[r + 1]!;
      sigma[r + 1] = tmp;
    }
  }

  /** Three vectors summing to class q's canonical residual, book column j taking
   * canonical column map[j], into chosen[out..out + 3). */
  private drawTriple(q: number, map: Uint8Array, out: number): void {
    const { t, classSlot, classTotal, classBytes, classEntry, middleClass, pairSlot, pairSlots, pairClassTotal, pairAlias, vectorOfCode3 } = this.tab;
    const { rng, residual, rank, place } = this;
    const digits = t.vectorDigits;
    const first = classSlot[q]!;
    const slot = 2 * (first + rng.below(classSlot[q + 1]! - first));
    const total = classTotal[q]!;
    const y = total <= 0xffffffff ? rng.below(total) : rng.belowWide(total);
    const vectors = classEntry[slot + 1]!;
    const c = COLUMNS * (y < classEntry[slot]! ? vectors & 0xffff : vectors >>> 16);
    // The pair residual r = t - c, its class, and the stable sort of its middle (a
    // counting sort: the class key holds the counts of r_j - 2).
    let key = 0;
    for (let j = 0; j < COLUMNS; j++) {
      const r = classBytes[COLUMNS * q + j]! - digits[c + j]!;
      residual[j] = r;
      if (j > 0 && j < 8) key += 1 << (3 * (r - 2));
    }
    for (let x = 0, at = 1; x < 5; x++) {
      place[x] = at;
      at += (key >> (3 * x)) & 7;
    }
    for (let j = 1; j < 8; j++) rank[j] = place[residual[j]! - 2]!++;
    const p = residual[0]! - 2 + 5 * (residual[8]! - 2 + 5 * middleClass[key]!);
    const pairAt = 3 * (pairSlot[p]! + rng.below(pairSlots[p]!));
    const pair = rng.below(pairClassTotal[p]!) < pairAlias[pairAt]! ? pairAlias[pairAt + 1]! : pairAlias[pairAt + 2]!;
    const a = COLUMNS * (pair >>> 16);
    const b = COLUMNS * (pair & 0xffff);
    // Book column j: c's column map[j]; the pair's canonical column rank[map[j]].
    let codeC = 0;
    let codeA = 0;
    let codeB = 0;
    for (let j = 0; j < COLUMNS; j++) {
      const m = map[j]!;
      const k = rank[m]!;
      const power = POWER3[j]!;
      codeC += (digits[c + m]! - 1) * power;
      codeA += (digits[a + k]! - 1) * power;
      codeB += (digits[b + k]! - 1) * power;
    }
    const chosen = this.chosen;
    chosen[out] = vectorOfCode3[codeC]!;
    chosen[out + 1] = vectorOfCode3[codeA]!;
    chosen[out + 2] = vectorOfCode3[codeB]!;
  }

  /** The kernel's draw (assembly/housie/draw.ts), word for word: tickets 1-3 from the
   * partner class, 4-6 from the class drawn. */
  private drawBookVectors(): void {
    const q = this.drawClass();
    this.drawMiddlePermutation();
    const { sigma, reversed } = this;
    for (let j = 0; j < COLUMNS; j++) reversed[j] = REVERSE[sigma[j]!]!;
    this.drawTriple(this.tab.classPartner[q]!, reversed, 0);
    this.drawTriple(q, sigma, 3);
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
    const { labels, slots, pi } = this;
    for (let j = 0; j < COLUMNS; j++) {
      const n = COLUMN_SIZE[j]!;
      const first = COLUMN_FIRST[j]!;
      // Column j's labels (k_t copies of ticket t, in ticket order), arranged by the
      // permutation of one draw below n! (column-shuffle.ts), as the kernel.
      let pos = 0;
      for (let i = 0; i < 6; i++) {
        const k = t.vectorDigits[chosen[i]! * COLUMNS + j]!;
        for (let m = 0; m < k; m++) slots[pos++] = i;
      }
      const shuffle = COLUMN_SHUFFLES[n - 9]!;
      columnPermutation(shuffle, rng.below(shuffle.draws), pi);
      for (let i = 0; i < n; i++) labels[i] = slots[pi[i]!]!;
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
