// Joining block tours into one, and numbering it: shared by the pen-and-paper construction
// (construct.ts) and the knight's (knight.ts); TS baseline src/tours/join-ts.ts. While
// joining, each square's cell holds its two tour neighbours as move indices, 4 bits each
// (JOIN_NONE at a path's ends); a join removes one tour edge a-b of the tour built so far
// and one edge c-d of the fresh block and adds the moves a-c and b-d, which turns two
// cycles (or a cycle and a path) into one. The last pass overwrites the links with
// 1..m*n along the tour.

/** The link of a path's end: no neighbour that way. */
export const JOIN_NONE: i32 = 8;
/** Largest |dr| or |dc| of a move the joiner takes (the pen-and-paper moves' 3). */
export const JOIN_REACH: i32 = 3;
const SPAN: i32 = 2 * JOIN_REACH + 1;

const dr = new StaticArray<i32>(8);
const dc = new StaticArray<i32>(8);
const off = new StaticArray<i32>(8);
const byDelta = new StaticArray<i8>(SPAN * SPAN);
// The grid's address as a plain integer: under the incremental runtime every read of a
// managed global first stores it on the shadow stack (see search.ts).
let gridBase: usize = 0;
let cols: i32 = 0;
let reach: i32 = 0;

// @ts-ignore: decorator
@inline function cellAt(i: i32): i32 {
  return load<i32>(gridBase + ((<usize>i) << 2));
}
// @ts-ignore: decorator
@inline function setCell(i: i32, value: i32): void {
  store<i32>(gridBase + ((<usize>i) << 2), value);
}

/** A block's two tour links (move indices) packed as the cells hold them. */
// @ts-ignore: decorator
@inline
export function joinLinks(first: i32, second: i32): i32 {
  return first | (second << 4);
}

/** Joins on `grid` (width `width`, row by row) with the 8 moves (moveDr[m], moveDc[m]), each within JOIN_REACH. */
export function useJoinBoard(grid: StaticArray<i32>, width: i32, moveDr: StaticArray<i32>, moveDc: StaticArray<i32>): void {
  gridBase = changetype<usize>(grid);
  cols = width;
  reach = 0;
  for (let i = 0; i < SPAN * SPAN; i++) unchecked((byDelta[i] = -1));
  for (let m = 0; m < 8; m++) {
    const r = unchecked(moveDr[m]),
      c = unchecked(moveDc[m]);
    unchecked((dr[m] = r));
    unchecked((dc[m] = c));
    unchecked((off[m] = r * width + c));
    unchecked((byDelta[(r + JOIN_REACH) * SPAN + c + JOIN_REACH] = <i8>m));
    reach = max(reach, max(abs(r), abs(c)));
  }
}

/** The move from square a to square b, or -1. */
// @ts-ignore: decorator
@inline
function moveBetween(a: i32, b: i32): i32 {
  const r = b / cols - a / cols;
  const c = (b % cols) - (a % cols);
  if (<u32>(r + JOIN_REACH) >= <u32>SPAN || <u32>(c + JOIN_REACH) >= <u32>SPAN) return -1;
  return <i32>unchecked(byDelta[(r + JOIN_REACH) * SPAN + c + JOIN_REACH]);
}

/** Copies link codes (an h×w block's, from `base` in `source`) to rows [top, top+h) × columns [left, left+w). */
export function joinPlace(top: i32, left: i32, h: i32, w: i32, source: StaticArray<i32>, base: i32): void {
  for (let r = 0; r < h; r++) {
    const row = (top + r) * cols + left;
    for (let c = 0; c < w; c++) setCell(row + c, unchecked(source[base + r * w + c]));
  }
}

// @ts-ignore: decorator
@inline
function linkAt(i: i32, side: i32): i32 {
  return (cellAt(i) >> (4 * side)) & 15;
}

/** Replaces the tour edge from `at` towards `from` by one towards `to`. */
// @ts-ignore: decorator
@inline
function relink(at: i32, from: i32, to: i32): void {
  const v = cellAt(at);
  const was = moveBetween(at, from),
    now = moveBetween(at, to);
  setCell(at, (v & 15) == was ? (v & ~15) | now : (v & 15) | (now << 4));
}

/**
 * Joins the fresh block's tour at rows [top, top+h) × cols [left, left+w) to the tour
 * through the placed block (ptop, pleft, ph, pw); false when no pair of edges swaps.
 */
export function joinBlocks(top: i32, left: i32, h: i32, w: i32, ptop: i32, pleft: i32, ph: i32, pw: i32): bool {
  // Only squares within a move's reach of the placed block can join it.
  const r0 = max(top, ptop - reach),
    r1 = min(top + h, ptop + ph + reach);
  const c0 = max(left, pleft - reach),
    c1 = min(left + w, pleft + pw + reach);
  for (let r = r0; r < r1; r++) {
    for (let col = c0; col < c1; col++) {
      const c = r * cols + col;
      for (let m = 0; m < 8; m++) {
        const ar = r + unchecked(dr[m]),
          acol = col + unchecked(dc[m]);
        if (ar < ptop || ar >= ptop + ph || acol < pleft || acol >= pleft + pw) continue;
        const a = ar * cols + acol;
        for (let i = 0; i < 2; i++) {
          const li = linkAt(c, i);
          if (li == JOIN_NONE) continue;
          const d = c + unchecked(off[li]);
          for (let j = 0; j < 2; j++) {
            const lj = linkAt(a, j);
            if (lj == JOIN_NONE) continue;
            const b = a + unchecked(off[lj]);
            if (moveBetween(b, d) < 0) continue;
            relink(a, b, c);
            relink(b, a, d);
            relink(c, d, a);
            relink(d, c, b);
            return true;
          }
        }
      }
    }
  }
  return false;
}

/** Numbers the tour 1..total from `start` (a path's end on a path), leaving a cycle by its first or, backwards, its second link. */
export function joinNumber(start: i32, total: i32, backwards: bool): void {
  let prev = -1;
  let cur = start;
  for (let k = 1; k <= total; k++) {
    const l0 = linkAt(cur, 0),
      l1 = linkAt(cur, 1);
    const n0 = l0 == JOIN_NONE ? -1 : cur + unchecked(off[l0]);
    const n1 = l1 == JOIN_NONE ? -1 : cur + unchecked(off[l1]);
    const next = k == 1 ? (n0 < 0 || (backwards && n1 >= 0) ? n1 : n0) : n0 == prev ? n1 : n0;
    setCell(cur, k);
    prev = cur;
    cur = next;
  }
}
