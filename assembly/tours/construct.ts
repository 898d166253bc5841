// Block-joining construction of closed tours for n >= 10 (see src/tours/construct-ts.ts,
// the TS baseline, for the method). While joining, each square's cell holds its two tour
// neighbours as move indices (3 bits each); the final pass overwrites them with 1..n².
import { BLOCK_MIN, VARIANTS, blockCodes, codeBase } from "./blocks";
import { mix32 } from "./hash";
import { MOVE_BY_DELTA, MOVE_DC, MOVE_DR } from "./moves";

const MAX_PARTS: i32 = 1 << 13; // n up to 40960, far beyond what fits in memory

let cells: StaticArray<i32> = new StaticArray<i32>(0);
let codes: StaticArray<i32> = new StaticArray<i32>(0);
let n: i32 = 0;
const off = new StaticArray<i32>(8);
const sides = new StaticArray<i32>(MAX_PARTS);
const offsets = new StaticArray<i32>(MAX_PARTS + 1);

/** Fills `sides` with n split into parts of 5..7; returns the number of parts. */
function splitSides(size: i32): i32 {
  const parts = size / BLOCK_MIN;
  const extra = size - parts * BLOCK_MIN;
  for (let i = 0; i < parts; i++) unchecked(sides[i] = BLOCK_MIN + extra / parts + (i < extra % parts ? 1 : 0));
  unchecked(offsets[0] = 0);
  for (let i = 0; i < parts; i++) unchecked(offsets[i + 1] = unchecked(offsets[i]) + unchecked(sides[i]));
  return parts;
}

// @ts-ignore: decorator
@inline
function moveBetween(a: i32, b: i32): i32 {
  const dr = b / n - a / n;
  const dc = b % n - a % n;
  if (<u32>(dr + 3) > 6 || <u32>(dc + 3) > 6) return -1;
  return <i32>unchecked(MOVE_BY_DELTA[(dr + 3) * 7 + dc + 3]);
}

/** Copies block tour `variant` (see blocks.ts) to rows [top, top+h) × cols [left, left+w). */
function place(top: i32, left: i32, h: i32, w: i32, variant: i32): void {
  const base = codeBase(h, w, variant);
  for (let r = 0; r < h; r++) {
    const row = (top + r) * n + left;
    for (let c = 0; c < w; c++) unchecked(cells[row + c] = unchecked(codes[base + r * w + c]));
  }
}

/** Replaces the tour edge from `at` to `from` by an edge to `to`. */
// @ts-ignore: decorator
@inline
function relink(at: i32, from: i32, to: i32): void {
  const v = unchecked(cells[at]);
  const m = moveBetween(at, to);
  unchecked(cells[at] = (v & 7) == moveBetween(at, from) ? (v & ~7) | m : (v & 7) | (m << 3));
}

/** Joins the fresh block tour to the tour through the placed block (ptop, pleft, ph, pw). */
function join(top: i32, left: i32, h: i32, w: i32, ptop: i32, pleft: i32, ph: i32, pw: i32): bool {
  const r0 = max(top, ptop - 3), r1 = min(top + h, ptop + ph + 3);
  const c0 = max(left, pleft - 3), c1 = min(left + w, pleft + pw + 3);
  for (let r = r0; r < r1; r++) {
    for (let col = c0; col < c1; col++) {
      const c = r * n + col;
      for (let m = 0; m < 8; m++) {
        const ar = r + unchecked(MOVE_DR[m]), acol = col + unchecked(MOVE_DC[m]);
        if (ar < ptop || ar >= ptop + ph || acol < pleft || acol >= pleft + pw) continue;
        const a = c + unchecked(off[m]);
        const vc = unchecked(cells[c]), va = unchecked(cells[a]);
        for (let i = 0; i < 2; i++) {
          const d = c + unchecked(off[(vc >> (3 * i)) & 7]);
          for (let j = 0; j < 2; j++) {
            const b = a + unchecked(off[(va >> (3 * j)) & 7]);
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

function number(start: i32, backwards: bool): void {
  const total = n * n;
  let prev = -1;
  let cur = start;
  for (let k = 1; k <= total; k++) {
    const v = unchecked(cells[cur]);
    let next = cur + unchecked(off[v & 7]);
    const other = cur + unchecked(off[(v >> 3) & 7]);
    if (k == 1 ? backwards : next == prev) next = other;
    unchecked(cells[cur] = k);
    prev = cur;
    cur = next;
  }
}

/** Writes a closed tour of the size×size board (size >= 10) into `board`, 1 at `start`. */
export function constructClosedTour(size: i32, board: StaticArray<i32>, start: i32, seed: u32): bool {
  codes = blockCodes();
  cells = board;
  n = size;
  for (let m = 0; m < 8; m++) unchecked(off[m] = unchecked(MOVE_DR[m]) * n + unchecked(MOVE_DC[m]));
  const q = splitSides(size);
  let pr = -1, pc = -1;
  for (let br = 0; br < q; br++) {
    for (let step = 0; step < q; step++) {
      const bc = br % 2 == 0 ? step : q - 1 - step; // snake order
      const top = unchecked(offsets[br]), left = unchecked(offsets[bc]);
      const h = unchecked(sides[br]), w = unchecked(sides[bc]);
      const first = <i32>(mix32(seed, <u32>(br * q + bc)) % <u32>VARIANTS);
      if (pr < 0) {
        place(top, left, h, w, first);
      } else {
        let joined = false;
        for (let t = 0; t < VARIANTS && !joined; t++) {
          place(top, left, h, w, (first + t) % VARIANTS);
          joined = join(top, left, h, w, unchecked(offsets[pr]), unchecked(offsets[pc]), unchecked(sides[pr]), unchecked(sides[pc]));
          if (!joined && br > 0 && pr == br) {
            joined = join(top, left, h, w, unchecked(offsets[br - 1]), left, unchecked(sides[br - 1]), w);
          }
        }
        if (!joined) return false;
      }
      pr = br;
      pc = bc;
    }
  }
  number(start, (mix32(seed, 0xffffffff) & 1) == 1);
  return true;
}
