// Closed tours of the 5..7 × 5..7 blocks, found once per instance by the search from
// fixed seeds (same tours as src/tours/blocks-ts.ts).
import { joinLinks } from "./join";
import { MOVE_BY_DELTA } from "./moves";
import { UNBOUNDED_BUDGET, boardIndex, clearBoard, searchTour, useBoard } from "./search";

export const BLOCK_MIN: i32 = 5;
export const BLOCK_MAX: i32 = 7;
export const TOURS_PER_BLOCK: i32 = 4;
const SHAPES: i32 = BLOCK_MAX - BLOCK_MIN + 1;
const SLOT: i32 = BLOCK_MAX * BLOCK_MAX;

export const VARIANTS: i32 = TOURS_PER_BLOCK * 8; // 8 symmetries of each tour

/** Visiting orders (local r*w+c), SLOT cells per (shape, tour). */
const tours = new StaticArray<i32>(SHAPES * SHAPES * TOURS_PER_BLOCK * SLOT);
/**
 * Per (shape, variant), each local square's two tour neighbours as move indices, packed
 * as join.ts holds them: placing a block on the board is then a plain copy.
 */
const codes = new StaticArray<i32>(SHAPES * SHAPES * VARIANTS * SLOT);
const scratch = new StaticArray<i32>((BLOCK_MAX + 6) * (BLOCK_MAX + 6));
let ready = false;

/** Offset in `tours` of tour k of the h×w block. */
// @ts-ignore: decorator
@inline
export function tourBase(h: i32, w: i32, k: i32): i32 {
  return (((h - BLOCK_MIN) * SHAPES + (w - BLOCK_MIN)) * TOURS_PER_BLOCK + k) * SLOT;
}

/** Offset in the codes table of variant v (tour v >> 3, symmetry v & 7) of the h×w block. */
// @ts-ignore: decorator
@inline
export function codeBase(h: i32, w: i32, v: i32): i32 {
  return (((h - BLOCK_MIN) * SHAPES + (w - BLOCK_MIN)) * VARIANTS + v) * SLOT;
}

export function blockCodes(): StaticArray<i32> {
  if (!ready) {
    for (let h = BLOCK_MIN; h <= BLOCK_MAX; h++) {
      for (let w = h; w <= BLOCK_MAX; w++) {
        for (let k = 0; k < TOURS_PER_BLOCK; k++) searchBlock(h, w, k);
      }
    }
    for (let h = BLOCK_MIN; h <= BLOCK_MAX; h++) {
      for (let w = BLOCK_MIN; w <= BLOCK_MAX; w++) {
        for (let v = 0; v < VARIANTS; v++) encodeVariant(h, w, v);
      }
    }
    ready = true;
  }
  return codes;
}

/** Local square (packed r << 3 | c) of a stored tour square under symmetry s. */
// @ts-ignore: decorator
@inline
function orient(local: i32, sw: i32, h: i32, w: i32, s: i32): i32 {
  let r = local / sw;
  let c = local % sw;
  if (s & 4) {
    const t = r;
    r = c;
    c = t;
  }
  if (s & 1) r = h - 1 - r;
  if (s & 2) c = w - 1 - c;
  return (r << 3) | c;
}

// @ts-ignore: decorator
@inline
function moveOf(a: i32, b: i32): i32 {
  return <i32>unchecked(MOVE_BY_DELTA[((b >> 3) - (a >> 3) + 3) * 7 + (b & 7) - (a & 7) + 3]);
}

function encodeVariant(h: i32, w: i32, v: i32): void {
  const s = v & 7;
  const transposed = (s & 4) != 0;
  const base = transposed ? tourBase(w, h, v >> 3) : tourBase(h, w, v >> 3);
  const sw = transposed ? h : w;
  const out = codeBase(h, w, v);
  const len = h * w;
  let prev = orient(unchecked(tours[base + len - 1]), sw, h, w, s);
  let cur = orient(unchecked(tours[base]), sw, h, w, s);
  for (let i = 0; i < len; i++) {
    const next = orient(unchecked(tours[base + (i + 1 == len ? 0 : i + 1)]), sw, h, w, s);
    unchecked((codes[out + (cur >> 3) * w + (cur & 7)] = joinLinks(moveOf(cur, prev), moveOf(cur, next))));
    prev = cur;
    cur = next;
  }
}

function searchBlock(h: i32, w: i32, k: i32): void {
  useBoard(scratch, h, w);
  clearBoard();
  searchTour(boardIndex(0, 0), true, <u32>(k + 1), UNBOUNDED_BUDGET); // known to finish quickly
  const base = tourBase(h, w, k);
  const tbase = tourBase(w, h, k);
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const step = unchecked(scratch[boardIndex(r, c)]) - 1;
      unchecked((tours[base + step] = r * w + c));
      if (h != w) unchecked((tours[tbase + step] = c * h + r)); // the transposed block
    }
  }
}
