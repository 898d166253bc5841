// The layer DP in TypeScript (the baseline of assembly/tables/dp.ts, same method).
//
// A state is the multiset of compressed columns (weight, symbol counts so far), kept as
// sorted codes: columns that agree on both are interchangeable for everything that
// follows. Placing a part of weight w picks one compressed row (its symbols weighted by
// the column weights must hit the row counts) and adds w to each column's count of the
// symbol it got; rows come from a list filtered by bitsets (canonical among equal
// columns, with multinomial weights), or from a walk over runs of equal columns when
// there are too many rows to list. Parts are placed in nonincreasing order along a walk
// over the partitions of `rows`, so partitions with a common prefix share their layers;
// the tail of single rows meets in the middle with layers grown from the empty state.
import { partitionCount } from "./partitions.js";
import type { TableColumn } from "./plan.js";
import { ListedRows } from "./rows-ts.js";

export interface JobShape {
  columns: readonly TableColumn[];
  rows: number;
  minParts: number;
  firstPart: number;
}

interface Layer {
  codes: Int32Array[];
  values: bigint[];
  /** State key (codes as a string) → position. */
  index: Map<string, number>;
}

const keyOf = (codes: Int32Array): string => String.fromCharCode(...codes);

/** Symbol-count vectors as mixed-radix indices, with their digits precomputed. */
class CompCodec {
  readonly k: number;
  readonly stride: number[];
  readonly space: number;
  readonly digits: Int32Array;
  readonly full: number;

  constructor(readonly counts: readonly number[]) {
    this.k = counts.length;
    this.stride = [];
    let space = 1;
    for (const c of counts) {
      this.stride.push(space);
      space *= c + 1;
    }
    this.space = space;
    this.digits = new Int32Array(space * this.k);
    for (let idx = 0; idx < space; idx++) {
      for (let s = 0; s < this.k; s++) this.digits[idx * this.k + s] = Math.floor(idx / this.stride[s]!) % (counts[s]! + 1);
    }
    this.full = counts.reduce((acc, c, s) => acc + c * this.stride[s]!, 0);
  }

  index(comp: readonly number[]): number {
    return comp.reduce((acc, a, s) => acc + a * this.stride[s]!, 0);
  }
}

function binomial(n: number, r: number): number {
  let b = 1;
  for (let i = 1; i <= r; i++) b = (b * (n - r + i)) / i;
  return b;
}

/** N(λ) for every partition λ of job.rows, in leaf order (0 where not computed). */
export function countJobTs(counts: readonly number[], job: JobShape): bigint[] {
  const codec = new CompCodec(counts);
  const { k, space, digits, stride } = codec;
  const t = job.columns.length;
  const leaves = new Array<bigint>(partitionCount(job.rows, job.rows)).fill(0n);
  const choose: number[][] = [];
  for (let a = 0; a <= t; a++) choose.push(Array.from({ length: a + 1 }, (_, b) => binomial(a, b)));

  const start = Int32Array.from(job.columns.map((col) => col.weight * space + codec.index(col.comp))).sort();
  const fullState = (codes: Int32Array): boolean => codes.every((code) => code % space === codec.full);

  // Scratch for one transition: group runs of the parent state and the child codes.
  const groupCode = new Int32Array(t);
  const groupSize = new Int32Array(t);
  const need = new Int32Array(k);
  const out = new Int32Array(t);

  const listed = ListedRows.list(
    [...start].map((code) => Math.floor(code / space)),
    counts,
  );
  const blocked = new Uint32Array(listed?.words ?? 0);

  /** Children of one state from the listed rows: canonical among equal columns, weighted. */
  function placeListed(rows: ListedRows, codes: Int32Array, value: bigint, w: number, add: (child: Int32Array, amount: bigint) => void): void {
    const { words } = rows;
    blocked.fill(0);
    let lone = true;
    for (let i = 0; i < t; i++) {
      const comp = codes[i]! % space;
      for (let x = 0; x < k; x++) {
        if (digits[comp * k + x]! + w <= counts[x]!) continue;
        const at = (i * k + x) * words;
        for (let word = 0; word < words; word++) blocked[word]! |= rows.symbolBits[at + word]!;
      }
      if (i + 1 < t && codes[i] === codes[i + 1]) {
        lone = false;
        for (let word = 0; word < words; word++) blocked[word]! |= rows.descentBits[i * words + word]!;
      }
    }
    for (let r = 0; r < rows.count; r++) {
      if (blocked[r >>> 5]! & (1 << (r & 31))) continue;
      const at = r * t;
      let ways = 1;
      for (let i = 0; i < t; i++) out[i] = codes[i]! + w * stride[rows.rows[at + i]!]!;
      if (!lone) {
        let inGroup = 0;
        let run = 0;
        for (let i = 0; i < t; i++) {
          const sameGroup = i > 0 && codes[i] === codes[i - 1];
          inGroup = sameGroup ? inGroup + 1 : 1;
          run = sameGroup && rows.rows[at + i] === rows.rows[at + i - 1] ? run + 1 : 1;
          const runEnds = i === t - 1 || codes[i + 1] !== codes[i] || rows.rows[at + i + 1] !== rows.rows[at + i];
          if (runEnds && inGroup > run) ways *= choose[inGroup]![run]!;
        }
      }
      add(out.slice().sort(), value * BigInt(ways));
    }
  }

  function place(layer: Layer, w: number): Layer {
    const index = new Map<string, number>();
    const next: Layer = { codes: [], values: [], index };
    const add = (child: Int32Array, amount: bigint): void => {
      const key = keyOf(child);
      const found = index.get(key);
      if (found === undefined) {
        index.set(key, next.codes.length);
        next.codes.push(child);
        next.values.push(amount);
      } else next.values[found]! += amount;
    };
    for (let si = 0; si < layer.codes.length; si++) {
      const codes = layer.codes[si]!;
      const value = layer.values[si]!;
      if (listed) {
        placeListed(listed, codes, value, w, add);
        continue;
      }
      let groups = 0;
      for (let i = 0; i < t; i++) {
        if (i > 0 && codes[i] === codes[i - 1]) groupSize[groups - 1]!++;
        else {
          groupCode[groups] = codes[i]!;
          groupSize[groups++] = 1;
        }
      }
      for (let s = 0; s < k; s++) need[s] = counts[s]!;
      // Distribute each group's columns over the symbols, symbol by symbol.
      const walk = (gi: number, s: number, left: number, at: number, ways: number): void => {
        if (gi === groups) {
          for (let x = 0; x < k; x++) if (need[x] !== 0) return;
          add(out.slice().sort(), value * BigInt(ways));
          return;
        }
        const code = groupCode[gi]!;
        const weight = Math.floor(code / space);
        const comp = code % space;
        if (s === k - 1 || left === 0) {
          // The rest of the group takes symbol s (or the group is done).
          if (left > 0) {
            if (digits[comp * k + s]! + w > counts[s]! || need[s]! < weight * left) return;
            need[s]! -= weight * left;
            out.fill(code + w * stride[s]!, at, at + left);
            walk(gi + 1, 0, gi + 1 < groups ? groupSize[gi + 1]! : 0, at + left, ways);
            need[s]! += weight * left;
          } else walk(gi + 1, 0, gi + 1 < groups ? groupSize[gi + 1]! : 0, at, ways);
          return;
        }
        const room = digits[comp * k + s]! + w <= counts[s]!;
        const most = room ? Math.min(left, Math.floor(need[s]! / weight)) : 0;
        for (let x = 0; x <= most; x++) {
          need[s]! -= weight * x;
          out.fill(code + w * stride[s]!, at, at + x);
          walk(gi, s + 1, left - x, at + x, ways * choose[left]![x]!);
          need[s]! += weight * x;
        }
      };
      walk(0, 0, groupSize[0]!, 0, 1);
    }
    return next;
  }

  /** Arrangements of a state's columns among equal-weight columns: Π n_w! / Π mult!. */
  function arrangements(codes: Int32Array): bigint {
    let total = 1n;
    let sameWeight = 0;
    let run = 0;
    for (let i = 0; i < t; i++) {
      const code = codes[i]!;
      const previous = i > 0 ? codes[i - 1]! : -1;
      if (previous < 0 || Math.floor(code / space) !== Math.floor(previous / space)) sameWeight = 0;
      run = code === previous ? run + 1 : 1;
      sameWeight++;
      if (i === t - 1 || codes[i + 1] !== code) total *= BigInt(choose[sameWeight]![run]!);
    }
    return total;
  }

  // Meet in the middle on the tail of single rows: ways to finish a state with b single
  // rows = ways to reach its complement from the empty state, per labelled arrangement.
  const empty = Int32Array.from(start, (code) => code - (code % space)).sort();
  const startIsEmpty = empty.every((code, i) => code === start[i]);
  const ones: Layer[] = [{ codes: [empty], values: [1n], index: new Map([[keyOf(empty), 0]]) }];
  const onesDepth = startIsEmpty ? (job.rows + 1) >> 1 : job.rows >> 1;
  while (ones.length <= onesDepth) ones.push(place(ones[ones.length - 1]!, 1));

  function onesTail(layer: Layer, left: number, leaf: number, isRoot: boolean): void {
    const later = left >> 1;
    const first = left - later;
    let front = layer;
    if (isRoot && startIsEmpty) front = ones[first]!;
    else for (let i = 0; i < first && front.codes.length > 0; i++) front = place(front, 1);
    const back = ones[later]!;
    let sum = 0n;
    front.codes.forEach((codes, i) => {
      const complement = codes.map((code) => code - 2 * (code % space) + codec.full).sort();
      const match = back.index.get(keyOf(complement));
      if (match !== undefined) sum += front.values[i]! * (back.values[match]! / arrangements(complement));
    });
    leaves[leaf] = sum;
  }

  function descend(layer: Layer, left: number, maxPart: number, depth: number, leaf: number): void {
    if (left === 0) {
      layer.codes.forEach((codes, i) => {
        if (fullState(codes)) leaves[leaf] = layer.values[i]!;
      });
      return;
    }
    for (let w = Math.min(maxPart, left); w >= 1; w--) {
      const skip = (depth === 0 && job.firstPart > 0 && w !== job.firstPart) || depth + 1 + (left - w) < job.minParts;
      if (!skip && layer.codes.length > 0) {
        if (w === 1 && left >= 2) onesTail(layer, left, leaf, depth === 0);
        else descend(place(layer, w), left - w, w, depth + 1, leaf);
      }
      leaf += partitionCount(left - w, w);
    }
  }

  descend({ codes: [start], values: [1n], index: new Map() }, job.rows, job.rows, 0, 0);
  return leaves;
}
