// The 8 symmetries of the square board map tours to tours, so counts only need one start
// square per orbit, and from a start fixed by a reflection, one first step per orbit.

/** Image of square i under symmetry g (0..7: bit 0 flips rows, bit 1 columns, bit 2 transposes). */
export function mapSquare(i: number, n: number, g: number): number {
  let r = Math.floor(i / n);
  let c = i % n;
  if (g & 4) [r, c] = [c, r];
  if (g & 1) r = n - 1 - r;
  if (g & 2) c = n - 1 - c;
  return r * n + c;
}

/** Orbit representatives (smallest index) of `squares` under the symmetries in `group`, with orbit sizes. */
export function orbits(squares: readonly number[], n: number, group: readonly number[]): Map<number, number> {
  const reps = new Map<number, number>();
  for (const i of squares) {
    const rep = Math.min(...group.map((g) => mapSquare(i, n, g)));
    reps.set(rep, (reps.get(rep) ?? 0) + 1);
  }
  return reps;
}

/** Symmetries fixing square s. */
export function stabiliser(s: number, n: number): number[] {
  return [0, 1, 2, 3, 4, 5, 6, 7].filter((g) => mapSquare(s, n, g) === s);
}

export const ALL_SYMMETRIES: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7];
