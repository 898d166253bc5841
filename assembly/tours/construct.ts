// Block-joining construction of closed tours for n >= 10 (see src/tours/construct-ts.ts,
// the TS baseline, for the method): the board cut into blocks of 5..7 squares a side, the
// blocks' tours joined in snake order by join.ts (shared with the knight's, knight.ts).
import { BLOCK_MIN, VARIANTS, blockCodes, codeBase } from "./blocks";
import { mix32 } from "./hash";
import { joinBlocks, joinNumber, joinPlace, useJoinBoard } from "./join";
import { MOVE_DC, MOVE_DR } from "./moves";

const MAX_PARTS: i32 = 1 << 13; // n up to 40960, far beyond what fits in memory

const sides = new StaticArray<i32>(MAX_PARTS);
const offsets = new StaticArray<i32>(MAX_PARTS + 1);

/** Fills `sides` with n split into parts of 5..7; returns the number of parts. */
function splitSides(size: i32): i32 {
  const parts = size / BLOCK_MIN;
  const extra = size - parts * BLOCK_MIN;
  for (let i = 0; i < parts; i++) unchecked((sides[i] = BLOCK_MIN + extra / parts + (i < extra % parts ? 1 : 0)));
  unchecked((offsets[0] = 0));
  for (let i = 0; i < parts; i++) unchecked((offsets[i + 1] = unchecked(offsets[i]) + unchecked(sides[i])));
  return parts;
}

/** Writes a closed tour of the size×size board (size >= 10) into `board`, 1 at `start`. */
export function constructClosedTour(size: i32, board: StaticArray<i32>, start: i32, seed: u32): bool {
  const codes = blockCodes();
  useJoinBoard(board, size, MOVE_DR, MOVE_DC);
  const q = splitSides(size);
  let pr = -1,
    pc = -1;
  for (let br = 0; br < q; br++) {
    for (let step = 0; step < q; step++) {
      const bc = br % 2 == 0 ? step : q - 1 - step; // snake order
      const top = unchecked(offsets[br]),
        left = unchecked(offsets[bc]);
      const h = unchecked(sides[br]),
        w = unchecked(sides[bc]);
      const first = <i32>(mix32(seed, <u32>(br * q + bc)) % <u32>VARIANTS);
      if (pr < 0) {
        joinPlace(top, left, h, w, codes, codeBase(h, w, first));
      } else {
        let joined = false;
        for (let t = 0; t < VARIANTS && !joined; t++) {
          joinPlace(top, left, h, w, codes, codeBase(h, w, (first + t) % VARIANTS));
          joined = joinBlocks(top, left, h, w, unchecked(offsets[pr]), unchecked(offsets[pc]), unchecked(sides[pr]), unchecked(sides[pc]));
          if (!joined && br > 0 && pr == br) {
            joined = joinBlocks(top, left, h, w, unchecked(offsets[br - 1]), left, unchecked(sides[br - 1]), w);
          }
        }
        if (!joined) return false;
      }
      pr = br;
      pc = bc;
    }
  }
  joinNumber(start, size * size, (mix32(seed, 0xffffffff) & 1) == 1);
  return true;
}
