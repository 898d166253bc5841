// Block-joining construction of closed tours for n >= 10 (TS baseline of
// assembly/tours/construct.ts). The board is cut into blocks of 5..7 squares a side, each
// gets a closed block tour, and blocks are joined one at a time in snake order: a join
// removes one tour edge a-b of the tour built so far and one edge c-d of the fresh block
// and adds the moves a-c and b-d, which turns two cycles into one. While joining, each
// square holds its two tour neighbours as move indices (3 bits each), so the whole
// construction lives in the one 32-bit cell per square that finally holds the numbering.
import { blockCodes, BLOCK_MIN, MOVE_BY_DELTA, VARIANTS } from "./blocks-ts.js";
import { mix32 } from "./hash.js";
import { MOVE_DC, MOVE_DR } from "./moves.js";


/** Block side lengths along one axis: n split into parts of 5..7 as evenly as possible. */
export function blockSides(n: number): Int32Array {
  const parts = Math.floor(n / BLOCK_MIN);
  const extra = n - parts * BLOCK_MIN;
  const sides = new Int32Array(parts);
  for (let i = 0; i < parts; i++) sides[i] = BLOCK_MIN + Math.floor(extra / parts) + (i < extra % parts ? 1 : 0);
  return sides;
}

class Joiner {
  readonly n: number;
  readonly cells: Int32Array;
  readonly off: Int32Array;

  constructor(n: number, cells: Int32Array) {
    this.n = n;
    this.cells = cells;
    this.off = new Int32Array(8);
    for (let m = 0; m < 8; m++) this.off[m] = MOVE_DR[m]! * n + MOVE_DC[m]!;
  }

  /** Move from square a to square b, or -1. */
  moveBetween(a: number, b: number): number {
    const n = this.n;
    const dr = ((b / n) | 0) - ((a / n) | 0);
    const dc = (b % n) - (a % n);
    if (dr < -3 || dr > 3 || dc < -3 || dc > 3) return -1;
    return MOVE_BY_DELTA[(dr + 3) * 7 + dc + 3]!;
  }

  /** Copies block tour `variant` to rows [top, top+h) × cols [left, left+w). */
  place(top: number, left: number, h: number, w: number, variant: number): void {
    const codes = blockCodes(h, w, variant);
    const { cells, n } = this;
    for (let r = 0; r < h; r++) {
      const row = (top + r) * n + left;
      for (let c = 0; c < w; c++) cells[row + c] = codes[r * w + c]!;
    }
  }

  /** Replaces the tour edge from square `at` to `from` by an edge to `to`. */
  relink(at: number, from: number, to: number): void {
    const v = this.cells[at]!;
    const m = this.moveBetween(at, to);
    this.cells[at] = (v & 7) === this.moveBetween(at, from) ? (v & ~7) | m : (v & 7) | (m << 3);
  }

  /**
   * Joins the fresh block tour at rows [top, top+h) × cols [left, left+w) to the tour
   * through the placed block at rows [ptop, ptop+ph) × cols [pleft, pleft+pw).
   */
  join(top: number, left: number, h: number, w: number, ptop: number, pleft: number, ph: number, pw: number): boolean {
    const { n, cells, off } = this;
    // Only squares within 3 rows/columns of the placed block can reach it.
    const r0 = Math.max(top, ptop - 3), r1 = Math.min(top + h, ptop + ph + 3);
    const c0 = Math.max(left, pleft - 3), c1 = Math.min(left + w, pleft + pw + 3);
    for (let r = r0; r < r1; r++) {
      for (let col = c0; col < c1; col++) {
        const c = r * n + col;
        for (let m = 0; m < 8; m++) {
          const ar = r + MOVE_DR[m]!, acol = col + MOVE_DC[m]!;
          if (ar < ptop || ar >= ptop + ph || acol < pleft || acol >= pleft + pw) continue;
          const a = c + off[m]!;
          const vc = cells[c]!, va = cells[a]!;
          for (let i = 0; i < 2; i++) {
            const d = c + off[(vc >> (3 * i)) & 7]!;
            for (let j = 0; j < 2; j++) {
              const b = a + off[(va >> (3 * j)) & 7]!;
              if (this.moveBetween(b, d) < 0) continue;
              this.relink(a, b, c);
              this.relink(b, a, d);
              this.relink(c, d, a);
              this.relink(d, c, b);
              return true;
            }
          }
        }
      }
    }
    return false;
  }

  /** Numbers the closed tour 1..n² from `start`, leaving by its first or second edge. */
  number(start: number, backwards: boolean): void {
    const { cells, off } = this;
    const total = this.n * this.n;
    let prev = -1;
    let cur = start;
    for (let k = 1; k <= total; k++) {
      const v = cells[cur]!;
      let next = cur + off[v & 7]!;
      const other = cur + off[(v >> 3) & 7]!;
      if (k === 1 ? backwards : next === prev) next = other;
      cells[cur] = k;
      prev = cur;
      cur = next;
    }
  }
}

/**
 * Writes a closed tour of the n×n board (n >= 10) into `cells` (n*n squares, row by row),
 * numbered from square `start`. The seed picks each block's tour and symmetry.
 */
export function constructClosedTour(n: number, cells: Int32Array, start: number, seed: number): void {
  const joiner = new Joiner(n, cells);
  const sides = blockSides(n);
  const q = sides.length;
  const offsets = new Int32Array(q + 1);
  for (let i = 0; i < q; i++) offsets[i + 1] = offsets[i]! + sides[i]!;
  let pr = -1, pc = -1;
  for (let br = 0; br < q; br++) {
    for (let step = 0; step < q; step++) {
      const bc = br % 2 === 0 ? step : q - 1 - step; // snake order
      const top = offsets[br]!, left = offsets[bc]!, h = sides[br]!, w = sides[bc]!;
      const first = mix32(seed, br * q + bc) % VARIANTS;
      if (pr < 0) {
        joiner.place(top, left, h, w, first);
      } else {
        let joined = false;
        for (let t = 0; t < VARIANTS && !joined; t++) {
          joiner.place(top, left, h, w, (first + t) % VARIANTS);
          joined = joiner.join(top, left, h, w, offsets[pr]!, offsets[pc]!, sides[pr]!, sides[pc]!);
          if (!joined && br > 0 && pr === br) {
            joined = joiner.join(top, left, h, w, offsets[br - 1]!, offsets[bc]!, sides[br - 1]!, sides[bc]!);
          }
        }
        if (!joined) throw new Error(`tabula: cannot join block (${br}, ${bc}) of the ${n}×${n} construction`);
      }
      pr = br;
      pc = bc;
    }
  }
  joiner.number(start, (mix32(seed, -1) & 1) === 1);
}
