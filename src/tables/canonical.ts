// Canonical form of a needs matrix (n columns × k symbols, small entries) under
// permutations of the columns and of the symbols of equal count: the lexicographically
// largest matrix reachable, found by individualising one column at a time. Choosing
// column i as the next row of the image splits every current cell of symbols by i's
// values (largest first); i's image row is its values sorted inside the cells, so it is
// fixed by the columns chosen before. Only the columns with the largest image row are
// tried (lexicographic order is decided by the first difference), equal columns only
// once, and a branch whose image falls below the best found so far is cut. Two leaves
// with the same image give an automorphism (column i of one ↦ column i of the other);
// a candidate in the orbit of an explored one, under the automorphisms found that fix the
// chosen columns, would only repeat its subtree and is skipped.

/** Automorphisms kept per call (enough to collapse the orbits of symmetric states). */
const MAX_AUTOMORPHISMS = 64;

export class Canonizer {
  private readonly n: number;
  private readonly k: number;
  /** order[d * k + p]: the symbol at position p after d columns are chosen. */
  private readonly order: Int32Array;
  /** cellStart[d * k + p] = 1 when position p starts a cell at depth d. */
  private readonly cellStart: Uint8Array;
  private readonly path: Uint8Array;
  private readonly best: Uint8Array;
  private readonly used: Uint8Array;
  /** dup[i]: the first column equal to column i. */
  private readonly dup: Int32Array;
  private readonly image: Uint8Array;
  /** maxImage[d * k ..]: the largest image row at depth d. */
  private readonly maxImage: Uint8Array;
  private readonly candidates: Int32Array;
  private readonly initialOrder: Int32Array;
  private readonly initialStarts: Uint8Array;
  /** pathColumns[d]: the column chosen at depth d; bestColumns for the best leaf. */
  private readonly pathColumns: Int32Array;
  private readonly bestColumns: Int32Array;
  /** automorphisms[a * n + i]: found column automorphisms. */
  private readonly automorphisms: Int32Array;
  private automorphismCount = 0;
  private readonly orbit: Int32Array;
  private readonly explored: Uint8Array;
  private haveBest = false;
  private matrix: Uint8Array = new Uint8Array(0);

  /** Symbols of equal count form the first cells, in increasing count order. */
  constructor(n: number, k: number, counts: readonly number[]) {
    this.n = n;
    this.k = k;
    this.order = new Int32Array((n + 1) * k);
    this.cellStart = new Uint8Array((n + 1) * k);
    this.path = new Uint8Array(n * k);
    this.best = new Uint8Array(n * k);
    this.used = new Uint8Array(n);
    this.dup = new Int32Array(n);
    this.image = new Uint8Array(k);
    this.maxImage = new Uint8Array((n + 1) * k);
    this.candidates = new Int32Array((n + 1) * n);
    this.pathColumns = new Int32Array(n);
    this.bestColumns = new Int32Array(n);
    this.automorphisms = new Int32Array(MAX_AUTOMORPHISMS * n);
    this.orbit = new Int32Array(n);
    this.explored = new Uint8Array((n + 1) * n);
    const symbols = [...counts.keys()].sort((a, b) => counts[a]! - counts[b]! || a - b);
    this.initialOrder = Int32Array.from(symbols);
    this.initialStarts = Uint8Array.from(symbols, (s, p) => (p === 0 || counts[symbols[p - 1]!] !== counts[s] ? 1 : 0));
  }

  /** The canonical form of `matrix` as a string key; canonical() then returns the matrix itself. */
  key(matrix: Uint8Array): string {
    const { n, k } = this;
    this.matrix = matrix;
    this.order.set(this.initialOrder, 0);
    this.cellStart.set(this.initialStarts, 0);
    this.used.fill(0);
    for (let i = 0; i < n; i++) {
      let d = i;
      for (let j = 0; j < i && d === i; j++) {
        let same = true;
        for (let s = 0; s < k && same; s++) same = matrix[i * k + s] === matrix[j * k + s];
        if (same) d = j;
      }
      this.dup[i] = d;
    }
    this.haveBest = false;
    this.automorphismCount = 0;
    this.search(0);
    return String.fromCharCode(...this.best);
  }

  /**
   * The canonical matrix of the last key() call, with its symbols back in their own
   * columns: position p of the image holds a symbol of the count of initialOrder[p].
   */
  canonical(): Uint8Array {
    const { n, k, best, initialOrder } = this;
    const out = new Uint8Array(n * k);
    for (let t = 0; t < n; t++) for (let p = 0; p < k; p++) out[t * k + initialOrder[p]!] = best[t * k + p]!;
    return out;
  }

  /** Image row of column i under the cells of depth d, into `out`. */
  private imageOf(i: number, d: number, out: Uint8Array): void {
    const { k, matrix, order, cellStart } = this;
    const base = d * k;
    let p = 0;
    while (p < k) {
      let e = p + 1;
      while (e < k && cellStart[base + e] === 0) e++;
      for (let q = p; q < e; q++) {
        // Insertion sort, largest first (cells are small).
        const v = matrix[i * k + order[base + q]!]!;
        let r = q;
        while (r > p && out[r - 1]! < v) {
          out[r] = out[r - 1]!;
          r--;
        }
        out[r] = v;
      }
      p = e;
    }
  }

  /** Compares path rows 0..d-1 with best: -1, 0, 1. */
  private comparePrefix(rows: number): number {
    const end = rows * this.k;
    for (let q = 0; q < end; q++) {
      const a = this.path[q]!;
      const b = this.best[q]!;
      if (a !== b) return a > b ? 1 : -1;
    }
    return 0;
  }

  private search(d: number): void {
    const { n, k } = this;
    if (d === n) {
      const cmp = this.haveBest ? this.comparePrefix(n) : 1;
      if (cmp > 0) {
        this.best.set(this.path);
        this.bestColumns.set(this.pathColumns);
        this.haveBest = true;
      } else if (cmp === 0 && this.automorphismCount < MAX_AUTOMORPHISMS) {
        const a = this.automorphismCount * n;
        for (let t = 0; t < n; t++) this.automorphisms[a + this.bestColumns[t]!] = this.pathColumns[t]!;
        if (!this.knownAutomorphism(a)) this.automorphismCount++;
      }
      return;
    }
    // The largest image row among the unused columns (one per set of equal columns).
    const cand = this.candidates;
    const cbase = d * n;
    let count = 0;
    const image = this.image;
    const maxImage = this.maxImage.subarray(d * k, d * k + k);
    for (let i = 0; i < n; i++) {
      if (this.used[i]) continue;
      const first = this.dup[i]!;
      let skip = false;
      for (let j = first; j < i && !skip; j++) if (!this.used[j] && this.dup[j] === first) skip = true;
      if (skip) continue;
      this.imageOf(i, d, image);
      let cmp = 0;
      if (count > 0) {
        for (let q = 0; q < k && cmp === 0; q++) if (image[q] !== maxImage[q]) cmp = image[q]! > maxImage[q]! ? 1 : -1;
      } else cmp = 1;
      if (cmp > 0) {
        maxImage.set(image);
        count = 0;
      }
      if (cmp >= 0) cand[cbase + count++] = i;
    }
    if (this.haveBest && this.comparePrefix(d) === 0) {
      for (let q = 0; q < k; q++) {
        const a = maxImage[q]!;
        const b = this.best[d * k + q]!;
        if (a < b) return;
        if (a > b) break;
      }
    }
    const { order, cellStart, matrix } = this;
    const base = d * k;
    const nextBase = base + k;
    const explored = this.explored.subarray(d * n, d * n + n);
    explored.fill(0);
    for (let c = 0; c < count; c++) {
      const i = cand[cbase + c]!;
      if (c > 0 && this.automorphismCount > 0 && count > 1) {
        this.orbitsFixing(d);
        if (explored[this.orbitOf(i)]) continue;
      }
      this.path.set(maxImage, d * k);
      this.pathColumns[d] = i;
      // Refine: every cell split by i's values, largest first (stable).
      let p = 0;
      while (p < k) {
        let e = p + 1;
        while (e < k && cellStart[base + e] === 0) e++;
        let out = p;
        for (let below = 256; ;) {
          // The largest value of i in this cell under `below`.
          let value = -1;
          for (let q = p; q < e; q++) {
            const x = matrix[i * k + order[base + q]!]!;
            if (x < below && x > value) value = x;
          }
          if (value < 0) break;
          let firstOfGroup = 1;
          for (let q = p; q < e; q++) {
            const symbol = order[base + q]!;
            if (matrix[i * k + symbol] === value) {
              cellStart[nextBase + out] = firstOfGroup;
              firstOfGroup = 0;
              order[nextBase + out++] = symbol;
            }
          }
          below = value;
        }
        p = e;
      }
      this.used[i] = 1;
      this.search(d + 1);
      this.used[i] = 0;
      if (count > 1 && c + 1 < count) {
        if (this.automorphismCount > 0) {
          this.orbitsFixing(d);
          explored[this.orbitOf(i)] = 1;
        } else explored[i] = 1;
      }
      // Images of later candidates equal this one, but best may have changed: recheck.
      if (c + 1 < count && this.haveBest && this.comparePrefix(d) === 0) {
        let worse = false;
        for (let q = 0; q < k; q++) {
          const a = maxImage[q]!;
          const b = this.best[d * k + q]!;
          if (a !== b) {
            worse = a < b;
            break;
          }
        }
        if (worse) return;
      }
    }
  }

  /** Orbits (union-find in `orbit`) of the automorphisms found that fix pathColumns[0..d-1]. */
  private orbitsFixing(d: number): void {
    const { n, orbit, automorphisms, pathColumns } = this;
    for (let i = 0; i < n; i++) orbit[i] = i;
    for (let a = 0; a < this.automorphismCount; a++) {
      const base = a * n;
      let fixes = true;
      for (let t = 0; t < d && fixes; t++) fixes = automorphisms[base + pathColumns[t]!] === pathColumns[t];
      if (!fixes) continue;
      for (let i = 0; i < n; i++) {
        const x = this.orbitOf(i);
        const y = this.orbitOf(automorphisms[base + i]!);
        if (x !== y) orbit[Math.max(x, y)] = Math.min(x, y);
      }
    }
  }

  /** Whether the automorphism at offset a equals an earlier one (and so adds nothing). */
  private knownAutomorphism(a: number): boolean {
    const { n, automorphisms } = this;
    for (let b = 0; b < a; b += n) {
      let same = true;
      for (let i = 0; i < n && same; i++) same = automorphisms[a + i] === automorphisms[b + i];
      if (same) return true;
    }
    return false;
  }

  private orbitOf(i: number): number {
    const orbit = this.orbit;
    while (orbit[i] !== i) i = orbit[i]!;
    return i;
  }
}
