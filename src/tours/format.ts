// Renders a tour as text, JSON or SVG (drawn by draw.ts) in chunks (a 5000×5000 board is
// hundreds of MB of output, so nothing builds the whole string).
import { argumentError, oneOf, requiredObject } from "../args.js";
import { tourSvgPieces, type TourPicture } from "./draw.js";
import { formatLeapers, parseLeapers } from "./leapers.js";

/** The tour output formats. */
export type TourFormat = "text" | "json" | "svg";
/** Every tour format's name. */
export const TOUR_FORMATS: readonly TourFormat[] = ["text", "json", "svg"];

export { SVG_NUMBERS_MAX } from "./draw.js";
const CHUNK = 1 << 16;

/** A tour as the JSON output writes it: size (or rows and cols), the moves, closed, the grid and the seed. */
export interface TourDocument {
  /** Side of a square board (also given for an m×n one: rows and cols win). */
  size: number;
  /** Rows and columns of an m×n board (default size × size). */
  rows?: number;
  cols?: number;
  /** The move set as `--moves` writes it ("1,2"), written into the output when given; absent = pen-and-paper. */
  moves?: string;
  closed: boolean;
  grid: Int32Array;
  seed?: number | bigint;
}

type Sink = (chunk: string) => Promise<void> | void;

/** Joins small pieces into chunks of about CHUNK characters. */
class Chunker {
  private parts: string[] = [];
  private length = 0;
  /** Adds `text`; returns a full chunk to hand on, or undefined. */
  add(text: string): string | undefined {
    this.parts.push(text);
    this.length += text.length;
    return this.length >= CHUNK ? this.flush() : undefined;
  }
  flush(): string | undefined {
    if (this.parts.length === 0) return undefined;
    const text = this.parts.join("");
    this.parts = [];
    this.length = 0;
    return text;
  }
}

/** The tour rendered in `format`, as chunks of about 64 KB (for a stream pipeline). */
export function* tourChunks(doc: TourDocument, format: TourFormat): Generator<string> {
  const out = new Chunker();
  const pieces = format === "text" ? textPieces(doc) : format === "json" ? jsonPieces(doc) : tourSvgPieces(pictureOf(doc));
  for (const piece of pieces) {
    const chunk = out.add(piece);
    if (chunk !== undefined) yield chunk;
  }
  const rest = out.flush();
  if (rest !== undefined) yield rest;
}

/** The drawing's view of a tour: a square board by its size, an m×n one by rows and cols, the moves as leapers. */
function pictureOf(doc: TourDocument): TourPicture {
  const moves = doc.moves === undefined ? undefined : parseLeapers(doc.moves);
  const board = doc.rows !== undefined && doc.cols !== undefined ? { rows: doc.rows, cols: doc.cols } : { size: doc.size };
  return { ...board, closed: doc.closed, grid: doc.grid, moves };
}

/**
 * Hands the rendered tour to `sink` chunk by chunk, waiting on each.
 *
 * @param doc the tour: `size` (or `rows`, `cols`), `closed`, `grid`, `moves`
 * @param format "text", "json" or "svg"
 * @param sink called with each chunk; its promise is awaited before the next
 * @example
 * ```ts
 * import { generateTour, writeTour } from "tabula-grids";
 *
 * const chunks = [];
 * await writeTour({ size: 5, closed: false, grid: generateTour({ size: 5, seed: 1 }) }, "json", async (chunk) => void chunks.push(chunk));
 * JSON.parse(chunks.join("")).grid.length; // 5 rows
 * ```
 */
export async function writeTour(doc: TourDocument, format: TourFormat, sink: Sink): Promise<void> {
  requiredObject(doc, "doc");
  oneOf(format, "format", TOUR_FORMATS);
  if (typeof sink !== "function") throw argumentError("sink", "a function taking each chunk", sink);
  // The moves as --moves writes them (also refuses text that is no move set).
  const moves = doc.moves === undefined ? undefined : formatLeapers(parseLeapers(doc.moves));
  for (const chunk of tourChunks({ ...doc, moves }, format)) await sink(chunk);
}

function centred(text: string, width: number): string {
  const left = Math.floor((width - text.length) / 2);
  return " ".repeat(left) + text + " ".repeat(width - text.length - left);
}

/** Numbers centred in cells of equal width, between a top and a bottom rule (after a "moves a,b" line when the moves are given). */
function* textPieces({ size, rows = size, cols = size, moves, grid }: TourDocument): Generator<string> {
  const width = String(rows * cols).length;
  const rule = `+${"-".repeat(cols * (width + 1) + 1)}+\n`;
  if (moves !== undefined) yield `moves ${moves}\n`;
  yield rule;
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < cols; c++) cells.push(centred(String(grid[r * cols + c]), width));
    yield `| ${cells.join(" ")} |\n`;
  }
  yield rule;
}

/** {"size": N, "closed": bool, "grid": [[...], ...]}, one grid row a line; "rows", "cols" for an m×n board and "moves" when given. */
function* jsonPieces({ size, rows = size, cols = size, moves, closed, grid, seed }: TourDocument): Generator<string> {
  const board = rows === cols ? `"size": ${rows}` : `"rows": ${rows}, "cols": ${cols}`;
  yield `{${board},${moves === undefined ? "" : ` "moves": ${JSON.stringify(moves)},`} "closed": ${closed},${seed === undefined ? "" : ` "seed": ${seed},`} "grid": [\n`;
  for (let r = 0; r < rows; r++) {
    yield `  [${Array.from(grid.subarray(r * cols, r * cols + cols)).join(", ")}]${r + 1 < rows ? "," : ""}\n`;
  }
  yield "]}\n";
}
