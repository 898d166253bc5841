// The eight moves (3 along a row or column, 2 along a diagonal); m ^ 1 is the opposite of m.

export const MOVE_DR: StaticArray<i32> = [-3, 3, 0, 0, -2, 2, -2, 2];
export const MOVE_DC: StaticArray<i32> = [0, 0, -3, 3, -2, 2, 2, -2];

/** Move index by (dr + 3) * 7 + (dc + 3); -1 where (dr, dc) is not a move. */
export const MOVE_BY_DELTA: StaticArray<i8> = [
  -1, -1, -1, 0, -1, -1, -1, -1, 4, -1, -1, -1, 6, -1, -1, -1, -1, -1, -1, -1, -1, 2, -1, -1, -1, -1, -1, 3, -1, -1, -1, -1, -1, -1, -1, -1, 7, -1, -1, -1, 5,
  -1, -1, -1, -1, 1, -1, -1, -1,
];
