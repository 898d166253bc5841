// Closed tours of the small blocks (5..7 × 5..7) that the construction joins. Each is
// found once per process by the Warnsdorff search, from fixed seeds, so every run uses
// the same blocks; TOURS_PER_BLOCK different tours per shape give seeded variety.
import { joinLinks } from "./join-ts.js";
import { MOVE_DC, MOVE_DR } from "./moves.js";
import { SearchBoard, searchTour } from "./search-ts.js";
import { toursConstants } from "../wasm/generated/tours.js";

// Block sides and tours per shape: the kernel's (assembly/tours/blocks.ts), as the build read them.
export const { BLOCK_MIN, TOURS_PER_BLOCK } = toursConstants;
export const VARIANTS = TOURS_PER_BLOCK * 8; // 8 symmetries of each tour
const BLOCK_SEARCH_BUDGET = toursConstants.UNBOUNDED_BUDGET; // these searches are known to finish quickly

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

/** Move index by (dr + 3) * 7 + (dc + 3); -1 where (dr, dc) is not a move. */
export const MOVE_BY_DELTA = new Int8Array(49).fill(-1);
for (let m = 0; m < 8; m++) MOVE_BY_DELTA[(MOVE_DR[m]! + 3) * 7 + MOVE_DC[m]! + 3] = m;

const codeCache = new Map<number, Int32Array>();

/**
 * Variant v (tour v >> 3 under symmetry v & 7) of the h×w block as each local square's
 * two tour neighbours, move indices packed as join-ts.ts holds them: placing a block is then a copy.
 */
export function blockCodes(h: number, w: number, v: number): Int32Array {
  const id = (h * 16 + w) * VARIANTS + v;
  let codes = codeCache.get(id);
  if (codes) return codes;
  const s = v & 7;
  const transposed = (s & 4) !== 0;
  const order = transposed ? blockTour(w, h, v >> 3) : blockTour(h, w, v >> 3);
  const sw = transposed ? h : w;
  // Local square (packed r << 3 | c) of a stored tour square under the symmetry.
  const orient = (local: number): number => {
    let r = Math.floor(local / sw);
    let c = local % sw;
    if (s & 4) [r, c] = [c, r];
    if (s & 1) r = h - 1 - r;
    if (s & 2) c = w - 1 - c;
    return (r << 3) | c;
  };
  const moveOf = (a: number, b: number) => MOVE_BY_DELTA[((b >> 3) - (a >> 3) + 3) * 7 + (b & 7) - (a & 7) + 3]!;
  codes = new Int32Array(h * w);
  const len = order.length;
  let prev = orient(order[len - 1]!);
  let cur = orient(order[0]!);
  for (let i = 0; i < len; i++) {
    const next = orient(order[i + 1 === len ? 0 : i + 1]!);
    codes[(cur >> 3) * w + (cur & 7)] = joinLinks(moveOf(cur, prev), moveOf(cur, next));
    prev = cur;
    cur = next;
  }
  codeCache.set(id, codes);
  return codes;
}
