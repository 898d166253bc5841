// Closed tours of the 5..7 × 5..7 blocks, found once per instance by the search from
// fixed seeds (same tours as src/tours/blocks-ts.ts).
import { boardIndex, clearBoard, searchTour, useBoard } from "./search";

export const BLOCK_MIN: i32 = 5;
export const BLOCK_MAX: i32 = 7;
export const TOURS_PER_BLOCK: i32 = 4;
const SHAPES: i32 = BLOCK_MAX - BLOCK_MIN + 1;
const SLOT: i32 = BLOCK_MAX * BLOCK_MAX;
const BLOCK_SEARCH_BUDGET: i32 = 1 << 30; // these searches are known to finish quickly

/** Visiting orders (local r*w+c), SLOT cells per (shape, tour). */
const tours = new StaticArray<i32>(SHAPES * SHAPES * TOURS_PER_BLOCK * SLOT);
const scratch = new StaticArray<i32>((BLOCK_MAX + 6) * (BLOCK_MAX + 6));
let ready = false;

/** Offset in `tours` of tour k of the h×w block. */
// @ts-ignore: decorator
@inline
export function tourBase(h: i32, w: i32, k: i32): i32 {
  return (((h - BLOCK_MIN) * SHAPES + (w - BLOCK_MIN)) * TOURS_PER_BLOCK + k) * SLOT;
}

export function blockTours(): StaticArray<i32> {
  if (!ready) {
    for (let h = BLOCK_MIN; h <= BLOCK_MAX; h++) {
      for (let w = h; w <= BLOCK_MAX; w++) {
        for (let k = 0; k < TOURS_PER_BLOCK; k++) searchBlock(h, w, k);
      }
    }
    ready = true;
  }
  return tours;
}

function searchBlock(h: i32, w: i32, k: i32): void {
  useBoard(scratch, h, w);
  clearBoard();
  searchTour(boardIndex(0, 0), true, <u32>(k + 1), BLOCK_SEARCH_BUDGET);
  const base = tourBase(h, w, k);
  const tbase = tourBase(w, h, k);
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const step = unchecked(scratch[boardIndex(r, c)]) - 1;
      unchecked(tours[base + step] = r * w + c);
      if (h != w) unchecked(tours[tbase + step] = c * h + r); // the transposed block
    }
  }
}
