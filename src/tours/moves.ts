// The eight pen-and-paper moves: three squares along a row or column, or two squares
// along a diagonal. Opposite moves are paired (m and m ^ 1) so undoing is a bit flip.

export const MOVE_DR: readonly number[] = [-3, 3, 0, 0, -2, 2, -2, 2];
export const MOVE_DC: readonly number[] = [0, 0, -3, 3, -2, 2, 2, -2];

/** Index of the move (dr, dc), or -1 when it is not a legal move. */
export function moveIndex(dr: number, dc: number): number {
  for (let m = 0; m < 8; m++) if (MOVE_DR[m] === dr && MOVE_DC[m] === dc) return m;
  return -1;
}

/** Whether a pen-and-paper move joins (r1, c1) and (r2, c2). */
export function isMove(r1: number, c1: number, r2: number, c2: number): boolean {
  const dr = Math.abs(r1 - r2);
  const dc = Math.abs(c1 - c2);
  return (dr === 3 && dc === 0) || (dr === 0 && dc === 3) || (dr === 2 && dc === 2);
}

/** Index offsets of the moves on a board stored row by row, `width` cells per row. */
export function moveOffsets(width: number): Int32Array {
  const off = new Int32Array(8);
  for (let m = 0; m < 8; m++) off[m] = MOVE_DR[m]! * width + MOVE_DC[m]!;
  return off;
}
