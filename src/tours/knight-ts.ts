// Divide and conquer for knight's tours on big boards, pure TypeScript: the baseline of
// assembly/tours/knight.ts (the method and its sources are described there), the same
// tours bit for bit. The joining and the numbering are join-ts.ts's (shared with the
// pen-and-paper construction).
import { mix32 } from "./hash.js";
import { JOIN_NONE, joinLinks, TourJoiner } from "./join-ts.js";
import { LeaperBoard } from "./leaper-search-ts.js";
import { toursConstants } from "../wasm/generated/tours.js";

const { LEAPER_ATTEMPTS, LEAPER_BUDGET, KNIGHT_BLOCK_TOURS } = toursConstants;
const VARIANTS = KNIGHT_BLOCK_TOURS * 4;
/** The knight's moves in the kernel's order; m and 7 - m are opposite. */
export const KNIGHT_DR = Int32Array.of(-2, -2, -1, -1, 1, 1, 2, 2);
export const KNIGHT_DC = Int32Array.of(-1, 1, -2, 2, -2, 2, -1, 1);

function knightMove(dr: number, dc: number): number {
  for (let m = 0; m < 8; m++) if (KNIGHT_DR[m] === dr && KNIGHT_DC[m] === dc) return m;
  return -1;
}

/** Link codes of `steps` (an h×w tour) reflected by s (bit 0 rows, bit 1 columns); a path's ends get JOIN_NONE. */
function encode(h: number, w: number, steps: Int32Array, s: number, closed: boolean): Int32Array {
  const len = h * w;
  const order = new Int32Array(len);
  for (let i = 0; i < len; i++) {
    const r = Math.floor(i / w),
      c = i % w;
    order[steps[i]! - 1] = (s & 1 ? h - 1 - r : r) * w + (s & 2 ? w - 1 - c : c);
  }
  const out = new Int32Array(len);
  for (let k = 0; k < len; k++) {
    const cur = order[k]!;
    // The move to the tour's square number j, or JOIN_NONE off a path's ends.
    const link = (j: number): number => {
      if (!closed && (j < 0 || j >= len)) return JOIN_NONE;
      const other = order[(j + len) % len]!;
      return knightMove(Math.floor(other / w) - Math.floor(cur / w), (other % w) - (cur % w));
    };
    out[cur] = joinLinks(link(k - 1), link(k + 1));
  }
  return out;
}

/** Closed tours of each block shape, each in 4 reflections, searched once per process. */
const shapes = new Map<string, Int32Array[] | null>();

function shapeCodes(h: number, w: number): Int32Array[] | null {
  const key = `${h}x${w}`;
  if (!shapes.has(key)) {
    const board = new LeaperBoard(h, w, KNIGHT_DR, KNIGHT_DC);
    const variants: Int32Array[] = [];
    for (let k = 0; k < KNIGHT_BLOCK_TOURS; k++) {
      let found = false;
      for (let a = 0; a < LEAPER_ATTEMPTS && !found; a++) found = board.search(0, true, k * LEAPER_ATTEMPTS + a + 1, LEAPER_BUDGET);
      if (!found) break;
      for (let s = 0; s < 4; s++) variants.push(encode(h, w, board.cells, s, true));
    }
    shapes.set(key, variants.length === VARIANTS ? variants : null);
  }
  return shapes.get(key)!;
}

function searchPath(h: number, w: number, from: number, seed: number): Int32Array | null {
  const board = new LeaperBoard(h, w, KNIGHT_DR, KNIGHT_DC);
  for (let a = 0; a < LEAPER_ATTEMPTS; a++) {
    if (board.search(from, false, mix32(seed, a), LEAPER_BUDGET)) return encode(h, w, board.cells, 0, false);
  }
  return null;
}

/** `size` cut into parts of 6 and one of 6, 8, 10 (even) or 7, 9, 11 (odd; 5 alone) covering line `target`. */
function split(size: number, target: number): { parts: number[]; at: number[] } {
  const odd = size & 1;
  const last = size === 5 ? 5 : odd ? 7 + ((size - 7) % 6) : 6 + ((size - 6) % 6);
  const sixes = (size - last) / 6;
  const where = odd ? Math.min(Math.floor(target / 6), sixes) : sixes;
  const parts = Array.from({ length: sixes + 1 }, (_, i) => (i === where ? last : 6));
  const at = [0];
  for (const part of parts) at.push(at[at.length - 1]! + part);
  return { parts, at };
}

/**
 * A knight's tour of the h×w board by blocks (the kernel's knightConstruct): closed when a
 * side is even, else open from `start` (on a corner's colour); null when it failed.
 */
export function knightConstructTs(h: number, w: number, start: number, seed: number): Int32Array | null {
  seed >>>= 0;
  const joiner = new TourJoiner(new Int32Array(h * w), w, KNIGHT_DR, KNIGHT_DC);
  const path = (h & 1) === 1 && (w & 1) === 1;
  const sr = Math.floor(start / w),
    sc = start % w;
  const rowsSplit = split(h, sr),
    colsSplit = split(w, sc);
  const nr = rowsSplit.parts.length,
    nc = colsSplit.parts.length;
  for (let br = 0; br < nr; br++) {
    for (let step = 0; step < nc; step++) {
      const bc = br % 2 === 0 ? step : nc - 1 - step; // snake order
      const top = rowsSplit.at[br]!,
        left = colsSplit.at[bc]!;
      const bh = rowsSplit.parts[br]!,
        bw = colsSplit.parts[bc]!;
      const pathBlock = path && (bh & 1) === 1 && (bw & 1) === 1;
      const pathCodes = pathBlock ? searchPath(bh, bw, (sr - top) * bw + sc - left, seed) : null;
      const variants = pathBlock ? (pathCodes ? [pathCodes] : null) : shapeCodes(bh, bw);
      if (!variants) return null;
      const first = mix32(seed, br * nc + bc) % VARIANTS;
      let joined = false;
      for (let t = 0; t < variants.length && !joined; t++) {
        joiner.place(top, left, bh, bw, variants.length === 1 ? variants[0]! : variants[(first + t) % VARIANTS]!);
        if (br === 0 && step === 0) {
          joined = true;
          break;
        }
        const pc = br % 2 === 0 ? bc - 1 : bc + 1;
        if (step > 0) joined = joiner.join(top, left, bh, bw, top, colsSplit.at[pc]!, bh, colsSplit.parts[pc]!);
        if (!joined && br > 0) joined = joiner.join(top, left, bh, bw, rowsSplit.at[br - 1]!, left, rowsSplit.parts[br - 1]!, bw);
      }
      if (!joined) return null;
    }
  }
  joiner.number(start, !path && (mix32(seed, 0xffffffff) & 1) === 1);
  return joiner.grid;
}
