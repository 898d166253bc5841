// Whether a tour can exist, and why not, for a leaper set on an m×n board: the knight's
// theorems, then arguments that hold for any leaper set (colours, stranded squares,
// disconnected or unbalanced bipartite boards). Undefined reason = nothing rules a tour
// out (the search then either finds one or says it found none within its effort).
import { formatLeapers, leaperSteps, type Leaper } from "./leapers.js";

/** Boards up to this many squares get the graph arguments (degrees, parts, sides); bigger ones only the O(1) ones. */
export const GRAPH_CHECK_MAX = 1_000_000;

/** What is known about tours of one problem. */
export interface TourExistence {
  /** Why no tour exists, or undefined. */
  reason?: string;
  /** Why no tour starts on square `start` (r*cols+c), or undefined. */
  startReason(start: number): string | undefined;
}

function board(rows: number, cols: number): string {
  return `${rows}×${cols}`;
}

function squareName(square: number, cols: number): string {
  return `row ${Math.floor(square / cols) + 1}, column ${(square % cols) + 1}`;
}

/**
 * Knight's tours on an m×n board, m ≤ n. Closed: Schwenk (1991, "Which rectangular
 * chessboards have a knight's tour?", Mathematics Magazine 64(5) 325–332). Open: Conrad,
 * Hindrichs, Morsy and Wegener (1994, "Solution of the knight's Hamiltonian path problem on
 * chessboards", Discrete Applied Mathematics 50, 125–134); Cull and De Curtins (1978) for squares.
 */
export function knightReason(rows: number, cols: number, closed: boolean): string | undefined {
  const m = Math.min(rows, cols),
    n = Math.max(rows, cols);
  const where = board(rows, cols);
  if (closed) {
    if (m % 2 === 1 && n % 2 === 1)
      return `no closed knight's tour on ${where}: both sides are odd, so one colour has a square more, and a closed tour alternates colours (Schwenk 1991)`;
    if (m === 1 || m === 2 || m === 4) return `no closed knight's tour on ${where}: by Schwenk's theorem (1991) no board with a side of 1, 2 or 4 has one`;
    if (m === 3 && (n === 4 || n === 6 || n === 8))
      return `no closed knight's tour on ${where}: by Schwenk's theorem (1991) 3×4, 3×6 and 3×8 have none (3×n has one from n = 10, n even)`;
    return undefined;
  }
  if ((m === 1 || m === 2) && n > 1) return `no knight's tour on ${where}: a board with a side of 1 or 2 has none (Conrad et al. 1994)`;
  if (m === 3 && (n === 3 || n === 5 || n === 6))
    return `no knight's tour on ${where}: 3×3, 3×5 and 3×6 have none (Conrad et al. 1994; 3×4, 3×7 and 3×n from 8 have one)`;
  if (m === 4 && n === 4) return `no knight's tour on ${where}: 4×4 has none (Conrad et al. 1994; 4×n from 5 has one)`;
  return undefined;
}

/** Sides of a connected bipartite board: each square's side (0 or 1) and how many are on each. */
interface Sides {
  side(square: number): number;
  counts: [number, number];
}

/** The chessboard's colours as the two sides: every move of a leaper with a+b odd changes colour. */
function chessboardSides(rows: number, cols: number): Sides {
  const total = rows * cols;
  return { side: (s) => (Math.floor(s / cols) + (s % cols)) % 2, counts: [Math.ceil(total / 2), Math.floor(total / 2)] };
}

/** Reasons from the colours, the squares' moves and the board's parts; `sides` when the board is bipartite and connected. */
function graphReason(rows: number, cols: number, leapers: readonly Leaper[], closed: boolean): { reason?: string; sides?: Sides } {
  const total = rows * cols;
  const where = board(rows, cols);
  const kind = closed ? "closed tour" : "tour";
  if (leapers.every(([a, b]) => (a + b) % 2 === 0)) {
    return { reason: `no ${kind} on ${where}: every move keeps a square's colour (a+b is even for each leaper a,b), so no path reaches both colours` };
  }
  const chessboard = leapers.every(([a, b]) => (a + b) % 2 === 1) ? chessboardSides(rows, cols) : undefined;
  if (total > GRAPH_CHECK_MAX) return { sides: chessboard };
  const steps = leaperSteps(leapers);
  const degree = new Uint8Array(total);
  let ends = 0;
  for (let s = 0; s < total; s++) {
    const r = Math.floor(s / cols),
      c = s % cols;
    for (const [dr, dc] of steps) if (r + dr >= 0 && r + dr < rows && c + dc >= 0 && c + dc < cols) degree[s] = degree[s]! + 1;
    if (degree[s] === 0) return { reason: `no ${kind} on ${where}: the square at ${squareName(s, cols)} has no move` };
    if (degree[s] === 1) {
      if (closed)
        return { reason: `no closed tour on ${where}: the square at ${squareName(s, cols)} has one move, and a closed tour enters and leaves every square` };
      if (++ends > 2) return { reason: `no tour on ${where}: more than two squares have a single move, and only a path's two ends can` };
    }
  }
  // Parts and sides by breadth-first search (colour 1 / 2, 0 unseen).
  const colour = new Uint8Array(total);
  const queue = new Int32Array(total);
  colour[0] = 1;
  queue[0] = 0;
  let head = 0,
    tail = 1,
    bipartite = true;
  const counts: [number, number] = [1, 0];
  while (head < tail) {
    const s = queue[head++]!;
    const r = Math.floor(s / cols),
      c = s % cols;
    for (const [dr, dc] of steps) {
      const rr = r + dr,
        cc = c + dc;
      if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) continue;
      const t = rr * cols + cc;
      if (colour[t] === 0) {
        colour[t] = 3 - colour[s]!;
        if (colour[t] === 1) counts[0] += 1;
        else counts[1] += 1;
        queue[tail++] = t;
      } else if (colour[t] === colour[s]) bipartite = false;
    }
  }
  if (tail < total) {
    const unreached = colour.indexOf(0);
    return { reason: `no ${kind} on ${where}: no sequence of moves leads from ${squareName(0, cols)} to ${squareName(unreached, cols)}` };
  }
  return { sides: bipartite ? { side: (s) => colour[s]! - 1, counts } : undefined };
}

/** What is known about tours of `leapers` on the rows×cols board (open, or closed). */
export function tourExistence(rows: number, cols: number, leapers: readonly Leaper[], closed: boolean): TourExistence {
  const none = { startReason: () => undefined };
  if (rows * cols === 1) return closed ? { reason: "no closed tour on a 1×1 board: the one square has no move back to itself", ...none } : none;
  const isKnight = formatLeapers(leapers) === "1,2";
  const knight = isKnight ? knightReason(rows, cols, closed) : undefined;
  if (knight) return { reason: knight, ...none };
  // The knight's theorems settle its boards; only the colours' start rule is left.
  const { reason, sides } = isKnight ? { reason: undefined, sides: chessboardSides(rows, cols) } : graphReason(rows, cols, leapers, closed);
  if (reason) return { reason, ...none };
  if (!sides) return none;
  const [a, b] = sides.counts;
  const where = board(rows, cols);
  if (closed && a !== b)
    return {
      reason: `no closed tour on ${where}: every move changes side (the board is bipartite, ${a} and ${b} squares), and a closed tour needs the two sides equal`,
      ...none,
    };
  if (Math.abs(a - b) > 1)
    return {
      reason: `no tour on ${where}: every move changes side (the board is bipartite, ${a} and ${b} squares), and a path's sides differ by at most one`,
      ...none,
    };
  if (a === b) return none;
  const major = a > b ? 0 : 1;
  return {
    startReason: (start) =>
      sides.side(start) === major
        ? undefined
        : `no tour of ${where} starts at ${squareName(start, cols)}: every move changes side, the side with more squares (${Math.max(a, b)} to ${Math.min(a, b)}) holds both ends of a tour, and this square is on the other`,
  };
}
