// Compressed rows listed once per set of column weights, with bitsets per (position,
// symbol) and per adjacent-position descent, so a state's rows are found by ORing the
// bitsets of its full (position, symbol) pairs (TS twin of the kernel's listed rows).

/** Most rows worth listing; beyond this the DP walks the column groups instead. */
export const MAX_LISTED_ROWS = 1 << 15;

export class ListedRows {
  readonly words: number;
  /** rows[r * t + i]: symbol of row r at sorted position i. */
  readonly rows: Uint8Array;
  /** symbolBits[(i * k + x) * words + word]: rows with symbol x at position i. */
  readonly symbolBits: Uint32Array;
  /** descentBits[i * words + word]: rows whose symbol at i exceeds the one at i + 1. */
  readonly descentBits: Uint32Array;

  private constructor(
    readonly count: number,
    readonly t: number,
    readonly k: number,
    list: number[][],
  ) {
    this.words = (count + 31) >>> 5;
    this.rows = new Uint8Array(count * t);
    this.symbolBits = new Uint32Array(t * k * this.words);
    this.descentBits = new Uint32Array(t * this.words);
    list.forEach((row, r) => {
      const bit = 1 << (r & 31);
      const word = r >>> 5;
      row.forEach((x, i) => {
        this.rows[r * t + i] = x;
        this.symbolBits[(i * k + x) * this.words + word]! |= bit;
        if (i + 1 < t && x > row[i + 1]!) this.descentBits[i * this.words + word]! |= bit;
      });
    });
  }

  /** The rows for position weights `weights` (sorted like every state), or undefined if too many. */
  static list(weights: readonly number[], counts: readonly number[]): ListedRows | undefined {
    const t = weights.length;
    const need = [...counts];
    const list: number[][] = [];
    const prefix: number[] = [];
    const extend = (i: number): boolean => {
      if (i === t) {
        list.push([...prefix]);
        return list.length <= MAX_LISTED_ROWS;
      }
      for (let x = 0; x < counts.length; x++) {
        if (need[x]! < weights[i]!) continue;
        need[x]! -= weights[i]!;
        prefix.push(x);
        const more = extend(i + 1);
        prefix.pop();
        need[x]! += weights[i]!;
        if (!more) return false;
      }
      return true;
    };
    return extend(0) ? new ListedRows(list.length, t, counts.length, list) : undefined;
  }
}
