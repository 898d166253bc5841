// Block-joining construction of closed tours for n >= 10 (TS baseline of
// assembly/tours/construct.ts). The board is cut into blocks of 5..7 squares a side, each
// gets a closed block tour, and blocks are joined one at a time in snake order by
// join-ts.ts (shared with the knight's construction): while joining, each square holds its
// two tour neighbours, so the whole construction lives in the one 32-bit cell per square
// that finally holds the numbering.
import { blockCodes, BLOCK_MIN, VARIANTS } from "./blocks-ts.js";
import { mix32 } from "./hash.js";
import { TourJoiner } from "./join-ts.js";
import { MOVE_DC, MOVE_DR } from "./moves.js";

/** Block side lengths along one axis: n split into parts of 5..7 as evenly as possible. */
export function blockSides(n: number): Int32Array {
  const parts = Math.floor(n / BLOCK_MIN);
  const extra = n - parts * BLOCK_MIN;
  const sides = new Int32Array(parts);
  for (let i = 0; i < parts; i++) sides[i] = BLOCK_MIN + Math.floor(extra / parts) + (i < extra % parts ? 1 : 0);
  return sides;
}

/**
 * Writes a closed tour of the n×n board (n >= 10) into `cells` (n*n squares, row by row),
 * numbered from square `start`. The seed picks each block's tour and symmetry.
 */
export function constructClosedTour(n: number, cells: Int32Array, start: number, seed: number): void {
  const joiner = new TourJoiner(cells.subarray(0, n * n), n, MOVE_DR, MOVE_DC); // cells may be longer (the search's padded board)
  const sides = blockSides(n);
  const q = sides.length;
  const offsets = new Int32Array(q + 1);
  for (let i = 0; i < q; i++) offsets[i + 1] = offsets[i]! + sides[i]!;
  let pr = -1,
    pc = -1;
  for (let br = 0; br < q; br++) {
    for (let step = 0; step < q; step++) {
      const bc = br % 2 === 0 ? step : q - 1 - step; // snake order
      const top = offsets[br]!,
        left = offsets[bc]!,
        h = sides[br]!,
        w = sides[bc]!;
      const first = mix32(seed, br * q + bc) % VARIANTS;
      if (pr < 0) {
        joiner.place(top, left, h, w, blockCodes(h, w, first));
      } else {
        let joined = false;
        for (let t = 0; t < VARIANTS && !joined; t++) {
          joiner.place(top, left, h, w, blockCodes(h, w, (first + t) % VARIANTS));
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
