// Renders a tour as text, JSON or SVG in chunks (a 5000×5000 board is hundreds of MB of
// output, so nothing builds the whole string).
import { argumentError, oneOf, requiredObject } from "../args.js";

/** The tour output formats. */
export type TourFormat = "text" | "json" | "svg";
/** Every tour format's name. */
export const TOUR_FORMATS: readonly TourFormat[] = ["text", "json", "svg"];

/** Boards above this side keep only the path in SVG: the numbers would be unreadable. */
export const SVG_NUMBERS_MAX = 40;
const CHUNK = 1 << 16;
const CELL = 40; // SVG units per square

/** A tour as the JSON output writes it: size, closed, the grid and the seed. */
export interface TourDocument {
  size: number;
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
  const pieces = format === "text" ? textPieces(doc) : format === "json" ? jsonPieces(doc) : svgPieces(doc);
  for (const piece of pieces) {
    const chunk = out.add(piece);
    if (chunk !== undefined) yield chunk;
  }
  const rest = out.flush();
  if (rest !== undefined) yield rest;
}

/** Hands the rendered tour to `sink` chunk by chunk, waiting on each. */
export async function writeTour(doc: TourDocument, format: TourFormat, sink: Sink): Promise<void> {
  requiredObject(doc, "doc");
  oneOf(format, "format", TOUR_FORMATS);
  if (typeof sink !== "function") throw argumentError("sink", "a function taking each chunk", sink);
  for (const chunk of tourChunks(doc, format)) await sink(chunk);
}

function centred(text: string, width: number): string {
  const left = Math.floor((width - text.length) / 2);
  return " ".repeat(left) + text + " ".repeat(width - text.length - left);
}

/** Numbers centred in cells of equal width, between a top and a bottom rule. */
function* textPieces({ size: n, grid }: TourDocument): Generator<string> {
  const width = String(n * n).length;
  const rule = `+${"-".repeat(n * (width + 1) + 1)}+\n`;
  yield rule;
  for (let r = 0; r < n; r++) {
    const cells: string[] = [];
    for (let c = 0; c < n; c++) cells.push(centred(String(grid[r * n + c]), width));
    yield `| ${cells.join(" ")} |\n`;
  }
  yield rule;
}

/** {"size": N, "closed": bool, "grid": [[...], ...]}, one grid row a line. */
function* jsonPieces({ size: n, closed, grid, seed }: TourDocument): Generator<string> {
  yield `{"size": ${n}, "closed": ${closed},${seed === undefined ? "" : ` "seed": ${seed},`} "grid": [\n`;
  for (let r = 0; r < n; r++) {
    yield `  [${Array.from(grid.subarray(r * n, r * n + n)).join(", ")}]${r + 1 < n ? "," : ""}\n`;
  }
  yield "]}\n";
}

/**
 * One step of the path in square units, relative to the last point: "h3", "v-3" or
 * "l2 2" (the eight legal moves), so a step costs 3 to 6 bytes whatever the board size.
 */
function stepText(dr: number, dc: number): string {
  if (dr === 0) return `h${dc}`;
  if (dc === 0) return `v${dr}`;
  return `l${dc} ${dr}`;
}

const STEP_SPAN = 7; // moves span -3..3 in each direction
const STEP_TEXT: string[] = [];
for (let dr = -3; dr <= 3; dr++) for (let dc = -3; dc <= 3; dc++) STEP_TEXT.push(stepText(dr, dc));
// The same as bytes, 8 per move in one flat table (and their lengths), for the hot loop.
const STEP_BYTES = new Uint8Array(STEP_TEXT.length * 8);
const STEP_LENGTH = new Uint8Array(STEP_TEXT.length);
// TextEncoder/TextDecoder, not Buffer: this module runs in browsers too (the steps are ASCII).
const ASCII = new TextDecoder();
STEP_TEXT.forEach((text, i) => {
  STEP_BYTES.set(new TextEncoder().encode(text), i * 8);
  STEP_LENGTH[i] = text.length;
});

/**
 * Grid lines, the path through square centres (one <path> of relative moves in square
 * units, scaled to SVG units), start and end marks, and numbers on small boards.
 */
function* svgPieces({ size: n, closed, grid }: TourDocument): Generator<string> {
  const side = n * CELL;
  const total = n * n;
  const order = new Int32Array(total); // square of each step
  for (let i = 0; i < total; i++) order[grid[i]! - 1] = i;
  const centreX = (i: number) => (i % n) * CELL + CELL / 2;
  const centreY = (i: number) => Math.floor(i / n) * CELL + CELL / 2;
  yield `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${Math.min(side, 1000)}" height="${Math.min(side, 1000)}">\n` +
    `<title>${closed ? "Closed" : "Open"} pen-and-paper tour of a ${n}×${n} board</title>\n` +
    `<defs><pattern id="squares" width="${CELL}" height="${CELL}" patternUnits="userSpaceOnUse">` +
    `<path d="M ${CELL} 0 L 0 0 0 ${CELL}" fill="none" stroke="#bbb" stroke-width="1"/></pattern></defs>\n` +
    `<rect width="${side}" height="${side}" fill="white"/>\n<rect width="${side}" height="${side}" fill="url(#squares)" stroke="#888" stroke-width="2"/>\n`;
  // Small boards: a stroke a tenth of a square wide. Big boards: one screen pixel at any
  // zoom (non-scaling), so the path stays a visible line instead of a smear.
  const stroke = n <= SVG_NUMBERS_MAX ? `stroke-width="0.1"` : `stroke-width="1" vector-effect="non-scaling-stroke"`;
  const first = order[0]!;
  yield `<path transform="scale(${CELL})" fill="none" stroke="#1f77b4" ${stroke} stroke-linejoin="round" stroke-opacity="0.7" d="M${(first % n) + 0.5} ${Math.floor(first / n) + 0.5}`;
  // Steps are copied as bytes into one buffer and handed on as ~64 KB strings: string
  // concatenation per step made this the slowest part of a 5000×5000 board.
  const buffer = new Uint8Array(CHUNK + 8);
  let at = 0;
  let previousRow = (first / n) | 0;
  let previousCol = first - previousRow * n;
  for (let j = 1; j < total; j++) {
    const square = order[j]!;
    const row = (square / n) | 0;
    const col = square - row * n;
    const step = (row - previousRow + 3) * STEP_SPAN + (col - previousCol + 3);
    const from = step * 8;
    const to = from + STEP_LENGTH[step]!;
    for (let b = from; b < to; b++) buffer[at++] = STEP_BYTES[b]!;
    previousRow = row;
    previousCol = col;
    if (at >= CHUNK) {
      yield ASCII.decode(buffer.subarray(0, at));
      at = 0;
    }
  }
  if (at > 0) yield ASCII.decode(buffer.subarray(0, at));
  const last = order[total - 1]!;
  yield `${closed ? "z" : ""}"/>\n`;
  yield `<circle cx="${centreX(first)}" cy="${centreY(first)}" r="${CELL / 4}" fill="#2ca02c"/>\n`;
  yield `<circle cx="${centreX(last)}" cy="${centreY(last)}" r="${CELL / 4}" fill="#d62728"/>\n`;
  if (n <= SVG_NUMBERS_MAX) {
    yield `<g font-family="sans-serif" font-size="${CELL / 3}" text-anchor="middle" dominant-baseline="central">\n`;
    for (let r = 0; r < n; r++) {
      const texts: string[] = [];
      for (let c = 0; c < n; c++) texts.push(`<text x="${c * CELL + CELL / 2}" y="${r * CELL + CELL / 2}">${grid[r * n + c]}</text>\n`);
      yield texts.join("");
    }
    yield "</g>\n";
  }
  yield "</svg>\n";
}
