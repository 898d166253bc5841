// Warnsdorff search for any leaper set on an m×n board, pure TypeScript: the baseline of
// assembly/tours/leaper.ts (the method is described there), the same tours bit for bit.
// Keys are exact integers below 2^34: (((onward · 2^13 + Pohl sum) · 2^8 + hash) · 2^6 + move).
import { mix32 } from "./hash.js";

const NO_KEY = Number.MAX_SAFE_INTEGER;

/** An h×w board for the search: step numbers (0 free) and each square's count of free neighbours. */
export class LeaperBoard {
  readonly cells: Int32Array;
  readonly free: Uint8Array;
  readonly total: number;
  /** Free squares with exactly one free neighbour: away from the head, each must be the last square. */
  private ones = 0;
  private readonly off: Int32Array;

  constructor(
    readonly rows: number,
    readonly cols: number,
    private readonly dr: Int32Array,
    private readonly dc: Int32Array,
  ) {
    this.total = rows * cols;
    this.cells = new Int32Array(this.total);
    this.free = new Uint8Array(this.total);
    this.off = dr.map((d, m) => d * cols + dc[m]!);
  }

  private onBoard(r: number, c: number, m: number): boolean {
    const rr = r + this.dr[m]!,
      cc = c + this.dc[m]!;
    return rr >= 0 && rr < this.rows && cc >= 0 && cc < this.cols;
  }

  private clear(): void {
    const { rows, cols, dr } = this;
    this.ones = 0;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        let degree = 0;
        for (let m = 0; m < dr.length; m++) if (this.onBoard(r, c, m)) degree++;
        this.cells[r * cols + c] = 0;
        this.free[r * cols + c] = degree;
        if (degree === 1) this.ones++;
      }
    }
  }

  private mark(i: number, value: number): void {
    this.cells[i] = value;
    if (this.free[i] === 1) this.ones += value > 0 ? -1 : 1;
    const r = Math.floor(i / this.cols),
      c = i % this.cols;
    const delta = value > 0 ? -1 : 1;
    for (let m = 0; m < this.dr.length; m++) {
      if (!this.onBoard(r, c, m)) continue;
      const y = i + this.off[m]!;
      const was = this.free[y]!;
      this.free[y] = was + delta;
      if (this.cells[y] === 0) this.ones += (was + delta === 1 ? 1 : 0) - (was === 1 ? 1 : 0);
    }
  }

  private leastFree(from: number): number {
    const r = Math.floor(from / this.cols),
      c = from % this.cols;
    let least = 0x7fffffff;
    for (let m = 0; m < this.dr.length; m++) {
      if (!this.onBoard(r, c, m)) continue;
      const to = from + this.off[m]!;
      if (this.cells[to] === 0) least = Math.min(least, this.free[to]!);
    }
    return least;
  }

  private joined(a: number, b: number): boolean {
    const { cols } = this;
    const dr = Math.floor(b / cols) - Math.floor(a / cols),
      dc = (b % cols) - (a % cols);
    for (let m = 0; m < this.dr.length; m++) if (this.dr[m] === dr && this.dc[m] === dc) return true;
    return false;
  }

  private pohlSum(to: number): number {
    const r = Math.floor(to / this.cols),
      c = to % this.cols;
    let sum = 0;
    for (let m = 0; m < this.dr.length; m++) {
      if (!this.onBoard(r, c, m)) continue;
      const x = to + this.off[m]!;
      if (this.cells[x] === 0) sum += this.free[x]!;
    }
    return sum;
  }

  private moveKey(to: number, m: number, step: number, least: number, closed: boolean, start: number, seed: number): number {
    if (step + 1 === this.total) return !closed || this.joined(to, start) ? m : NO_KEY;
    const onward = this.free[to]!;
    if (onward === 0) return NO_KEY;
    if (closed && this.free[start] === 1 && this.joined(to, start)) return NO_KEY; // would seal the start
    const pohl = onward === least ? this.pohlSum(to) : 0;
    const noise = mix32(seed, to) & 255;
    return ((onward * 8192 + pohl) * 256 + noise) * 64 + m;
  }

  private nextKey(from: number, step: number, closed: boolean, start: number, seed: number, after: number): number {
    const least = this.leastFree(from);
    const r = Math.floor(from / this.cols),
      c = from % this.cols;
    // Free neighbours with one way in left: each one not taken now must be the tour's last square.
    let ends = 0,
      end1 = -1,
      end2 = -1;
    for (let m = 0; m < this.dr.length; m++) {
      if (!this.onBoard(r, c, m)) continue;
      const to = from + this.off[m]!;
      if (this.cells[to] !== 0) continue;
      // A free neighbour with no other way in must be next, which only the last step may be.
      if (this.free[to] === 0 && step + 1 < this.total) return NO_KEY;
      if (this.free[to] === 1) {
        if (++ends > 2) return NO_KEY;
        if (end1 < 0) end1 = to;
        else end2 = to;
      }
    }
    // Squares away from the head with one free neighbour are last squares already: at most one.
    const away = this.ones - ends;
    if (away > 1) return NO_KEY;
    let best = NO_KEY;
    for (let m = 0; m < this.dr.length; m++) {
      if (!this.onBoard(r, c, m)) continue;
      const to = from + this.off[m]!;
      if (this.cells[to] !== 0) continue;
      if (away === 1 && ends - (to === end1 || to === end2 ? 1 : 0) > 0) continue; // two last squares
      const last = ends === 0 ? -1 : ends === 1 ? (to === end1 ? -1 : end1) : to === end1 ? end2 : to === end2 ? end1 : -2;
      if (last === -2 || (last >= 0 && closed && !this.joined(last, start))) continue; // two last squares, or one off the start
      const key = this.moveKey(to, m, step, least, closed, start, seed);
      if (key > after && key < best) best = key;
    }
    return best;
  }

  /** Depth-first Warnsdorff search from square `from`; true when `cells` holds a tour, false after `budget` backtracks. */
  search(from: number, closed: boolean, seed: number, budget: number): boolean {
    seed >>>= 0;
    this.clear();
    this.mark(from, 1);
    let cur = from;
    let step = 1;
    let after = -1;
    for (;;) {
      if (step === this.total) return true;
      const key = this.nextKey(cur, step, closed, from, seed, after);
      if (key !== NO_KEY) {
        cur += this.off[key % 64]!;
        this.mark(cur, ++step);
        after = -1;
        continue;
      }
      // Undo the last step and resume at the choice after it.
      if (step === 1 || budget-- <= 0) return false;
      const r = Math.floor(cur / this.cols),
        c = cur % this.cols;
      let prev = -1;
      for (let m = 0; m < this.dr.length; m++) {
        if (this.onBoard(r, c, m) && this.cells[cur + this.off[m]!] === step - 1) {
          prev = cur + this.off[m]!;
          break;
        }
      }
      this.mark(cur, 0);
      step--;
      const pr = Math.floor(prev / this.cols),
        pc = prev % this.cols;
      let back = 0;
      while (!(this.onBoard(pr, pc, back) && prev + this.off[back]! === cur)) back++;
      after = this.moveKey(cur, back, step, this.leastFree(prev), closed, from, seed);
      cur = prev;
    }
  }
}
