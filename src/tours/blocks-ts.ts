// Closed tours of the small blocks (5..7 × 5..7) that the construction joins. Each is
// found once per process by the Warnsdorff search, from fixed seeds, so every run uses
// the same blocks; TOURS_PER_BLOCK different tours per shape give seeded variety.
import { SearchBoard, searchTour } from "./search-ts.js";

export const BLOCK_MIN = 5;
export const BLOCK_MAX = 7;
export const TOURS_PER_BLOCK = 4;
const BLOCK_SEARCH_BUDGET = 1 << 30; // these searches are known to finish quickly

const cache = new Map<number, Int32Array>();

/** Visiting order (local indices r*w+c) of closed tour number `k` of an h×w block. */
export function blockTour(h: number, w: number, k: number): Int32Array {
  const id = (h * 16 + w) * TOURS_PER_BLOCK + k;
  let order = cache.get(id);
  if (!order) {
    order = h <= w ? searchBlock(h, w, k) : transpose(blockTour(w, h, k), w, h);
    cache.set(id, order);
  }
  return order;
}

function searchBlock(h: number, w: number, k: number): Int32Array {
  const board = new SearchBoard(h, w);
  board.clear();
  if (!searchTour(board, board.index(0, 0), true, k + 1, BLOCK_SEARCH_BUDGET)) {
    throw new Error(`tabula: no closed tour found for a ${h}×${w} block`);
  }
  const order = new Int32Array(h * w);
  for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) order[board.cells[board.index(r, c)]! - 1] = r * w + c;
  return order;
}

/** The same tour of an h×w block read as a w×h block. */
function transpose(order: Int32Array, h: number, w: number): Int32Array {
  const out = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const r = (order[i]! / w) | 0;
    const c = order[i]! % w;
    out[i] = c * h + r;
  }
  return out;
}
