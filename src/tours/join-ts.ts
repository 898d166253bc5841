// Joining block tours into one, and numbering it: the one TS baseline of
// assembly/tours/join.ts, shared by the pen-and-paper construction (construct-ts.ts) and
// the knight's (knight-ts.ts). While joining, each square's cell holds its two tour
// neighbours as move indices, 4 bits each (JOIN_NONE at a path's ends); a join removes one
// tour edge a-b of the tour built so far and one edge c-d of the fresh block and adds the
// moves a-c and b-d, which turns two cycles (or a cycle and a path) into one. The last pass
// overwrites the links with 1..m*n along the tour.
import { toursConstants } from "../wasm/generated/tours.js";

/** The link of a path's end: no neighbour that way (the kernel's JOIN_NONE). */
export const JOIN_NONE = toursConstants.JOIN_NONE;
/** Largest |dr| or |dc| of a move the joiner takes (the kernel's JOIN_REACH). */
const REACH = toursConstants.JOIN_REACH;
const SPAN = 2 * REACH + 1;

/** A block's two tour links (move indices into the joiner's moves) packed as the cells hold them. */
export function joinLinks(first: number, second: number): number {
  return first | (second << 4);
}

export class TourJoiner {
  readonly grid: Int32Array;
  private readonly off: Int32Array;
  private readonly byDelta: Int8Array;
  /** Rows and columns beyond a placed block a move can reach from. */
  private readonly reach: number;

  /** A joiner over `grid` (rows × cols, row by row) for the 8 moves (dr[m], dc[m]). */
  constructor(
    grid: Int32Array,
    private readonly cols: number,
    private readonly dr: ArrayLike<number>,
    private readonly dc: ArrayLike<number>,
  ) {
    this.grid = grid;
    this.off = new Int32Array(8);
    this.byDelta = new Int8Array(SPAN * SPAN).fill(-1);
    let reach = 0;
    for (let m = 0; m < 8; m++) {
      this.off[m] = dr[m]! * cols + dc[m]!;
      this.byDelta[(dr[m]! + REACH) * SPAN + dc[m]! + REACH] = m;
      reach = Math.max(reach, Math.abs(dr[m]!), Math.abs(dc[m]!));
    }
    this.reach = reach;
  }

  /** Move from square a to square b, or -1. */
  moveBetween(a: number, b: number): number {
    const { cols } = this;
    const dr = Math.floor(b / cols) - Math.floor(a / cols);
    const dc = (b % cols) - (a % cols);
    if (dr < -REACH || dr > REACH || dc < -REACH || dc > REACH) return -1;
    return this.byDelta[(dr + REACH) * SPAN + dc + REACH]!;
  }

  /** Copies a block's link codes (h×w, row by row) to rows [top, top+h) × cols [left, left+w). */
  place(top: number, left: number, h: number, w: number, source: Int32Array): void {
    for (let r = 0; r < h; r++) this.grid.set(source.subarray(r * w, r * w + w), (top + r) * this.cols + left);
  }

  private link(i: number, side: number): number {
    return (this.grid[i]! >> (4 * side)) & 15;
  }

  /** Replaces the tour edge from square `at` towards `from` by one towards `to`. */
  private relink(at: number, from: number, to: number): void {
    const v = this.grid[at]!;
    const was = this.moveBetween(at, from),
      now = this.moveBetween(at, to);
    this.grid[at] = (v & 15) === was ? (v & ~15) | now : (v & 15) | (now << 4);
  }

  /**
   * Joins the fresh block's tour at rows [top, top+h) × cols [left, left+w) to the tour
   * through the placed block at rows [ptop, ptop+ph) × cols [pleft, pleft+pw); false when
   * no pair of edges swaps.
   */
  join(top: number, left: number, h: number, w: number, ptop: number, pleft: number, ph: number, pw: number): boolean {
    const { cols, off, dr, dc, reach } = this;
    // Only squares within a move's reach of the placed block can join it.
    const r0 = Math.max(top, ptop - reach),
      r1 = Math.min(top + h, ptop + ph + reach);
    const c0 = Math.max(left, pleft - reach),
      c1 = Math.min(left + w, pleft + pw + reach);
    for (let r = r0; r < r1; r++) {
      for (let col = c0; col < c1; col++) {
        const c = r * cols + col;
        for (let m = 0; m < 8; m++) {
          const ar = r + dr[m]!,
            acol = col + dc[m]!;
          if (ar < ptop || ar >= ptop + ph || acol < pleft || acol >= pleft + pw) continue;
          const a = ar * cols + acol;
          for (let i = 0; i < 2; i++) {
            const li = this.link(c, i);
            if (li === JOIN_NONE) continue;
            const d = c + off[li]!;
            for (let j = 0; j < 2; j++) {
              const lj = this.link(a, j);
              if (lj === JOIN_NONE) continue;
              const b = a + off[lj]!;
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

  /** Numbers the tour 1..m*n from `start` (a path's end on a path), leaving a cycle by its first or, backwards, its second link. */
  number(start: number, backwards: boolean): void {
    const { grid, off } = this;
    let prev = -1;
    let cur = start;
    for (let k = 1; k <= grid.length; k++) {
      const l0 = this.link(cur, 0),
        l1 = this.link(cur, 1);
      const n0 = l0 === JOIN_NONE ? -1 : cur + off[l0]!;
      const n1 = l1 === JOIN_NONE ? -1 : cur + off[l1]!;
      const next = k === 1 ? (n0 < 0 || (backwards && n1 >= 0) ? n1 : n0) : n0 === prev ? n1 : n0;
      grid[cur] = k;
      prev = cur;
      cur = next;
    }
  }
}
