// Pictures of tours a person can trace: the one drawing code behind the CLI's SVG and the
// web app's board (SVG on small boards, a canvas on big ones), for any rows×cols board and
// any leaper (a move is whatever step joins two consecutive squares).
//
// Small boards (both sides ≤ SVG_NUMBERS_MAX): every move is its own curved arc (a
// quadratic Bézier whose bend route.ts picks so that the curve keeps clear of every
// square's number and of the start and end markers, and is cut where it leaves its own
// ends' numbers) with a small chevron at its middle pointing the way. Consecutive moves
// take consecutive colours of MOVE_COLOURS, a cycle of eight far-apart hues, so two
// crossing moves can be told apart and followed. The start and end squares are tinted and
// their numbers framed, and the numbers sit above everything on a white halo
// (paint-order: stroke). Big boards: the path only, in colour bands along TOUR_RAMP
// (green to red), as relative moves (a 5000×5000 board is 25 million steps, so that part
// copies bytes, never builds a string per step).
//
// Everything is deterministic: coordinates are integers or rounded to 0.1, colours come
// from fixed tables, so the same tour gives the same bytes (the golden files hold this).
import { argumentError, finiteNumber, optionalBoolean, property, requiredObject, wholeNumber } from "../args.js";
import { formatLeapers, KNIGHT, PEN_PAPER_LEAPERS, type Leaper } from "./leapers.js";
import { MAX_GENERATE_SIZE } from "./options.js";
import { chevron, drawnPart, flatBoard, moveCentres, routeMove, type KeepOutBoard, type RoutedMove } from "./route.js";

/** Boards with a side above this keep only the path: the numbers would be unreadable. */
export const SVG_NUMBERS_MAX = 40;
/** SVG units per square. */
export const TOUR_CELL = 40;
/** The colour ramp of the big boards' path bands and the markers: green (step 1), blue, purple, red (the last step). */
export const TOUR_RAMP: readonly string[] = ["#1a9850", "#2166ac", "#762a83", "#d73027"];
/**
 * The moves' colours on small boards, move k taking MOVE_COLOURS[(k - 1) % 8]: eight hues
 * ordered so that neighbours differ most (CIE ΔE of 90 and more between consecutive
 * ones, the last and the first included), dark and light mixed, none too pale on white.
 */
export const MOVE_COLOURS: readonly string[] = ["#1f4e9c", "#f28e2b", "#6a3d9a", "#1b7837", "#e377c2", "#bf9b30", "#56b4e9", "#b2182b"];
/** How far the canvas's arcs bend: the control point sits this fraction of the move's length to the left. */
export const ARC_BEND = 0.2;
/** Colour bands of the path on big boards. */
export const PATH_BANDS = 16;
/** The smallest number (in CSS px) the web app shows at any zoom; below it the board is drawn path-only. */
export const MIN_NUMBER_PX = 10;

const CHUNK = 1 << 16;

/**
 * What the drawing needs: the board (rows × cols, or `size` for a square one), open or
 * closed, and grid[r * cols + c] = step (1-based). `moves` names the leapers for the
 * title; left out, they are read off the tour's own steps.
 */
export interface TourPicture {
  size?: number;
  rows?: number;
  cols?: number;
  closed: boolean;
  grid: Int32Array;
  moves?: readonly Leaper[];
}

/** A picture's arguments checked, with the square of each step (order[k - 1] = square of step k). */
export interface CheckedPicture {
  rows: number;
  cols: number;
  closed: boolean;
  grid: Int32Array;
  order: Int32Array;
  moves?: readonly Leaper[];
}

const RAMP_RGB = TOUR_RAMP.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));

/** The ramp's colour at t in [0, 1], as "#rrggbb". */
export function rampColour(t: number): string {
  const x = Math.min(1, Math.max(0, t)) * (RAMP_RGB.length - 1);
  const i = Math.min(RAMP_RGB.length - 2, Math.floor(x));
  const f = x - i;
  const a = RAMP_RGB[i]!,
    b = RAMP_RGB[i + 1]!;
  return `#${a
    .map((v, k) =>
      Math.round(v + (b[k]! - v) * f)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/**
 * The closing move's colour index after a last move of colour index p: the next in the
 * cycle where that is also far (ΔE ≥ 40) from move 1's colour, its other neighbour;
 * else the colour farthest from both (after 1 the next would be 25 from move 1's; after 7
 * it would be move 1's own).
 */
const CLOSING_AFTER: readonly number[] = [1, 3, 3, 4, 5, 6, 7, 3];

/** Colour of the move from step `step` to step + 1 (1 ≤ step < total; the closing move is `total`): the next colour of the cycle. */
export function moveColour(step: number, total: number): string {
  if (step === total && total >= 2) return MOVE_COLOURS[CLOSING_AFTER[(total - 2) % MOVE_COLOURS.length]!]!;
  return MOVE_COLOURS[(step - 1) % MOVE_COLOURS.length]!;
}

/** Square of each step: order[k - 1] = square of step k (grid holds each of 1..grid.length once). */
export function stepSquares(grid: Int32Array): Int32Array {
  const total = grid.length;
  const order = new Int32Array(total);
  for (let i = 0; i < total; i++) order[grid[i]! - 1] = i;
  return order;
}

/** One move drawn as an arc, in square units (square centres at c + 0.5, r + 0.5). */
export interface MoveArc {
  x0: number;
  y0: number;
  /** The control point: the chord's middle moved ARC_BEND × length to the left of travel. */
  cx: number;
  cy: number;
  x1: number;
  y1: number;
}

/** The canvas's arc of the move from square `a` to square `b` on a board `cols` wide (no numbers to avoid there). */
export function moveArc(a: number, b: number, cols: number): MoveArc {
  const { x0, y0, x1, y1, dx, dy } = moveCentres(a, b, cols);
  // Left of travel on screen (y grows downwards) is (dy, -dx).
  return { x0, y0, cx: (x0 + x1) / 2 + ARC_BEND * dy, cy: (y0 + y1) / 2 - ARC_BEND * dx, x1, y1 };
}

/** 0.1-unit rounding for SVG numbers (deterministic: no float tails). */
function fmt(v: number): string {
  const r = Math.round(v * 10) / 10;
  return String(Object.is(r, -0) ? 0 : r);
}

/** The SVG path data of one routed move in SVG units: its drawn part, then the chevron at its middle pointing the way. */
export function movePathData(move: RoutedMove, cell = TOUR_CELL): string {
  const [p0, a, b, p1] = drawnPart(move);
  const [left, tip, right] = chevron(move);
  const s = (v: number) => fmt(v * cell);
  return (
    `M${s(p0[0])} ${s(p0[1])}C${s(a[0])} ${s(a[1])} ${s(b[0])} ${s(b[1])} ${s(p1[0])} ${s(p1[1])}` +
    `M${s(left[0])} ${s(left[1])}L${s(tip[0])} ${s(tip[1])}L${s(right[0])} ${s(right[1])}`
  );
}

/**
 * Font size (SVG units) of the numbers: as large as the widest number allows in a square
 * with room left between neighbouring numbers for the arcs to pass (see numberBox).
 */
export function numberFontSize(total: number): number {
  const digits = String(total).length;
  return digits <= 2 ? 13 : digits === 3 ? 10 : 8;
}

/** Width budgeted per digit, in ems: the widest common sans-serif digits (DejaVu Sans 0.636, bold 0.696). */
const DIGIT_EM = 0.64;
const BOLD_DIGIT_EM = 0.7;
/** Half the height budgeted for digits about the central baseline, in ems (DejaVu's digits reach 0.383 above it). */
const HALF_HEIGHT_EM = 0.42;
/** The white halo around each number, SVG units each side (half its stroke-width). */
const HALO = 2;
/** The start and end frames: their gap around the number's box and their stroke, SVG units. */
const FRAME_GAP = 2.5;
const FRAME_STROKE = 3;

/** Half width and half height (square units) of the box a number covers, halo included. */
export function numberBox(step: number, total: number): { w: number; h: number } {
  const font = numberFontSize(total);
  const bold = step === 1 || step === total;
  const w = (String(step).length * (bold ? BOLD_DIGIT_EM : DIGIT_EM) * font) / 2 + HALO;
  return { w: w / TOUR_CELL, h: (HALF_HEIGHT_EM * font + HALO) / TOUR_CELL };
}

/** The keep-out zones of a picture: each number's box, grown by its frame at the start and end. */
export function keepOutBoard(picture: CheckedPicture): KeepOutBoard {
  const { rows, cols, grid, order } = picture;
  const total = rows * cols;
  const first = order[0]!,
    last = order[total - 1]!;
  const framePad = (FRAME_GAP + FRAME_STROKE / 2) / TOUR_CELL;
  return flatBoard(rows, cols, (square) => ({ ...numberBox(grid[square]!, total), pad: square === first || square === last ? framePad : 0 }));
}

/** Every move of the tour routed (move k joins steps k and k + 1; the closing move last when closed). */
export function routeTour(picture: CheckedPicture): RoutedMove[] {
  const board = keepOutBoard(picture);
  const { order, closed } = picture;
  const total = order.length;
  const moves: RoutedMove[] = [];
  for (let k = 1; k < total; k++) moves.push(routeMove(board, order[k - 1]!, order[k]!));
  if (closed && total > 1) moves.push(routeMove(board, order[total - 1]!, order[0]!));
  return moves;
}

/** Pixels a side of a square takes when the rows × cols board is fitted into a box width × height pixels. */
export function fitSquarePixels(rows: number, cols: number, width: number, height: number): number {
  return Math.min(width / cols, height / rows);
}

/**
 * The numbers' size in pixels when the board is fitted into width × height pixels (and zoomed by `zoom`).
 *
 * @param rows the board's rows
 * @param cols the board's columns
 * @param width the box's width in pixels
 * @param height the box's height in pixels
 * @param zoom the zoom factor
 * @example
 * ```ts
 * import { tourFitNumberPixels } from "tabula-grids";
 *
 * tourFitNumberPixels(8, 8, 400, 400); // 16.25
 * ```
 */
export function fitNumberPixels(rows: number, cols: number, width: number, height: number, zoom = 1): number {
  checkBox(rows, cols, width, height, zoom);
  return (numberFontSize(rows * cols) * fitSquarePixels(rows, cols, width, height) * zoom) / TOUR_CELL;
}

/** The board and the box a picture is fitted into, checked (the web app's sizes come from the library). */
function checkBox(rows: unknown, cols: unknown, width: unknown, height: unknown, zoom: unknown): void {
  wholeNumber(rows, "rows", 1, MAX_GENERATE_SIZE);
  wholeNumber(cols, "cols", 1, MAX_GENERATE_SIZE);
  finiteNumber(width, "width", 0);
  finiteNumber(height, "height", 0);
  finiteNumber(zoom, "zoom", Number.MIN_VALUE);
}

/**
 * Whether the numbers are drawn at all: an SVG with numbers, and at least MIN_NUMBER_PX in that box.
 *
 * @param rows the board's rows
 * @param cols the board's columns
 * @param width the box's width in pixels
 * @param height the box's height in pixels
 * @param zoom the zoom factor
 * @example
 * ```ts
 * import { tourNumbersReadable } from "tabula-grids";
 *
 * tourNumbersReadable(8, 8, 400, 400); // true
 * tourNumbersReadable(100, 100, 400, 400); // false
 * ```
 */
export function numbersReadable(rows: number, cols: number, width: number, height: number, zoom = 1): boolean {
  checkBox(rows, cols, width, height, zoom);
  return Math.max(rows, cols) <= SVG_NUMBERS_MAX && fitNumberPixels(rows, cols, width, height, zoom) >= MIN_NUMBER_PX;
}

/**
 * The picture's arguments checked: rows and cols (or size) from 1 to MAX_GENERATE_SIZE and
 * a grid holding each of 1..rows·cols once (any order: a grid that is not a tour is drawn
 * as it is). Gives the square of each step as well (one pass does both).
 */
export function checkPicture(doc: unknown, name = "doc"): CheckedPicture {
  const { size, rows, cols, closed, grid, moves } = requiredObject<TourPicture>(doc, name, ["size", "rows", "cols", "closed", "grid", "moves"]);
  let r: number, c: number;
  if (rows === undefined && cols === undefined) {
    r = c = wholeNumber(size, `${name}.size`, 1, MAX_GENERATE_SIZE);
  } else {
    r = wholeNumber(rows, `${name}.rows`, 1, MAX_GENERATE_SIZE);
    c = wholeNumber(cols, `${name}.cols`, 1, MAX_GENERATE_SIZE);
    if (size !== undefined && (size !== r || size !== c))
      throw argumentError(`${name}.size`, `left out, or ${r === c ? r : "left out (the board is not square)"} for a ${r}×${c} board`, size);
  }
  if (r * c > MAX_GENERATE_SIZE * MAX_GENERATE_SIZE) throw argumentError(`${name}.rows`, `a board of at most ${MAX_GENERATE_SIZE ** 2} squares`, `${r}×${c}`);
  optionalBoolean(closed, `${name}.closed`);
  if (moves !== undefined && !Array.isArray(moves)) throw argumentError(`${name}.moves`, "left out, or an array of leapers [a, b]", moves);
  const total = r * c;
  if (!(grid instanceof Int32Array) || grid.length !== total) throw argumentError(`${name}.grid`, `an Int32Array of ${total} steps`, grid);
  const order = new Int32Array(total).fill(-1);
  for (let i = 0; i < total; i++) {
    const step = grid[i]!;
    if (step < 1 || step > total || order[step - 1] !== -1) {
      throw argumentError(`${name}.grid`, `each of 1 to ${total} once (square ${i} holds ${step})`, grid.length > 64 ? "the grid" : Array.from(grid));
    }
    order[step - 1] = i;
  }
  return { rows: r, cols: c, closed: closed === true, grid, order, ...(moves === undefined ? {} : { moves }) };
}

/** The leapers the tour's steps use (the closing move included), sorted; at most the first 4096 steps are read. */
function stepsLeapers({ cols, order, closed }: CheckedPicture): Leaper[] {
  const seen = new Map<string, Leaper>();
  const total = order.length;
  const moves = Math.min(total - 1 + (closed ? 1 : 0), 4096);
  for (let k = 0; k < moves; k++) {
    const a = order[k]!,
      b = order[(k + 1) % total]!;
    const dr = Math.abs(Math.floor(a / cols) - Math.floor(b / cols)),
      dc = Math.abs((a % cols) - (b % cols));
    const leaper: Leaper = [Math.min(dr, dc), Math.max(dr, dc)];
    seen.set(leaper.join(","), leaper);
  }
  return [...seen.values()].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

/** "pen-and-paper tour", "knight's tour" or "tour with moves 1,3+2,2", from the leapers given or used. */
function tourName(picture: CheckedPicture): string {
  const used = picture.moves ?? stepsLeapers(picture);
  if (used.length === 0) return "tour";
  const within = (set: readonly Leaper[]) =>
    used.every(([a, b]) => set.some(([x, y]) => Math.min(x, y) === Math.min(a, b) && Math.max(x, y) === Math.max(a, b)));
  if (within(PEN_PAPER_LEAPERS)) return "pen-and-paper tour";
  if (within(KNIGHT)) return "knight's tour";
  return `tour with moves ${formatLeapers(used)}`;
}

/**
 * The tour as SVG, in pieces (join them, or hand them to a stream).
 *
 * @param doc the tour: `size` (or `rows`, `cols`), `closed`, `grid`, `moves`
 * @example
 * ```ts
 * import { createWriteStream } from "node:fs";
 * import { generateTour, tourSvgPieces } from "tabula-grids";
 *
 * const file = createWriteStream("tour.svg");
 * for (const piece of tourSvgPieces({ size: 8, closed: false, grid: generateTour({ size: 8, seed: 1 }) })) file.write(piece);
 * file.end();
 * ```
 */
export function* tourSvgPieces(doc: TourPicture): Generator<string> {
  const picture = checkPicture(doc);
  const { rows, cols, closed, grid, order } = picture;
  const across = Math.max(rows, cols);
  const [width, height] = [cols * TOUR_CELL, rows * TOUR_CELL];
  const total = rows * cols;
  const first = order[0]!,
    last = order[total - 1]!;
  const small = across <= SVG_NUMBERS_MAX;
  // Small boards at 64 px a square (600 to 2000 px along the longer side: numbers of 16 px and up
  // to 30 squares across, 10 px and up to 40), big ones at most 1000 px along the longer side.
  const longest = small ? Math.min(2000, Math.max(600, across * 64)) : Math.min(across * TOUR_CELL, 1000);
  const pixels = (units: number) => Math.round((units * longest) / (across * TOUR_CELL));
  const where = (square: number) => `row ${Math.floor(square / cols) + 1}, column ${(square % cols) + 1}`;
  const startColour = TOUR_RAMP[0]!,
    endColour = TOUR_RAMP[TOUR_RAMP.length - 1]!;
  const board = rows === cols ? `${rows}×${rows}` : `${rows}×${cols}`;
  const marker = small ? "frame" : "ring";
  const path = small
    ? "each move an arc with a chevron pointing the way, consecutive moves in different colours"
    : "the path runs from green through blue and purple to red";
  yield (
    `<svg xmlns="http://www.w3.org/2000/svg" class="tour" viewBox="0 0 ${width} ${height}" width="${pixels(width)}" height="${pixels(height)}">\n` +
    `<title>${closed ? "Closed" : "Open"} ${tourName(picture)} of a ${board} board</title>\n` +
    `<desc>Step 1 (green ${marker}) is at ${where(first)}, step ${total} (red ${marker}) at ${where(last)}; ${path}${closed ? ", and a dashed move closes it" : ""}.</desc>\n` +
    `<defs><pattern id="squares" width="${TOUR_CELL}" height="${TOUR_CELL}" patternUnits="userSpaceOnUse">` +
    `<path d="M ${TOUR_CELL} 0 L 0 0 0 ${TOUR_CELL}" fill="none" stroke="#ccc" stroke-width="1"/></pattern></defs>\n` +
    `<rect width="${width}" height="${height}" fill="white"/>\n`
  );
  const square = (i: number, colour: string) =>
    `<rect x="${(i % cols) * TOUR_CELL}" y="${Math.floor(i / cols) * TOUR_CELL}" width="${TOUR_CELL}" height="${TOUR_CELL}" fill="${colour}" fill-opacity="0.18"/>`;
  // The start and end squares tinted, under the grid lines and the path.
  yield `<g class="ends">${square(first, startColour)}${square(last, endColour)}</g>\n`;
  yield `<rect width="${width}" height="${height}" fill="url(#squares)" stroke="#888" stroke-width="2"/>\n`;
  if (small) {
    yield* smallPath(picture);
    // Frames around the start's and end's numbers (the zones the arcs keep clear of), hollow, under the numbers.
    const frame = (i: number, colour: string, kind: string) => {
      const { w, h } = numberBox(grid[i]!, total);
      const gw = w * TOUR_CELL + FRAME_GAP,
        gh = h * TOUR_CELL + FRAME_GAP;
      const x = (i % cols) * TOUR_CELL + TOUR_CELL / 2,
        y = Math.floor(i / cols) * TOUR_CELL + TOUR_CELL / 2;
      return `<rect class="${kind}" x="${fmt(x - gw)}" y="${fmt(y - gh)}" width="${fmt(2 * gw)}" height="${fmt(2 * gh)}" rx="${FRAME_GAP}" fill="none" stroke="${colour}" stroke-width="${FRAME_STROKE}"/>`;
    };
    yield `<g class="rings">${frame(first, startColour, "start")}${frame(last, endColour, "end")}</g>\n`;
    // Above the path, each on a white halo; 1 and the last step in bold.
    yield `<g class="numbers" font-family="sans-serif" font-size="${numberFontSize(total)}" text-anchor="middle" dominant-baseline="central" fill="#111" stroke="white" stroke-width="${2 * HALO}" stroke-linejoin="round" paint-order="stroke">\n`;
    for (let r = 0; r < rows; r++) {
      const texts: string[] = [];
      for (let c = 0; c < cols; c++) {
        const step = grid[r * cols + c]!;
        const bold = step === 1 || step === total ? ` font-weight="bold"` : "";
        texts.push(`<text x="${c * TOUR_CELL + TOUR_CELL / 2}" y="${r * TOUR_CELL + TOUR_CELL / 2}"${bold}>${step}</text>\n`);
      }
      yield texts.join("");
    }
    yield "</g>\n";
  } else {
    yield* bigPath(order, cols, closed);
    // Rings around the start and end, big enough to find on a board of a million squares.
    const ring = (i: number, colour: string, kind: string) =>
      `<circle class="${kind}" cx="${(i % cols) * TOUR_CELL + TOUR_CELL / 2}" cy="${Math.floor(i / cols) * TOUR_CELL + TOUR_CELL / 2}" r="${Math.max(TOUR_CELL * 0.45, (across * TOUR_CELL) / 120)}" fill="none" stroke="${colour}" stroke-width="${Math.max(3, (across * TOUR_CELL) / 400)}"/>`;
    yield `<g class="rings">${ring(first, startColour, "start")}${ring(last, endColour, "end")}</g>\n`;
  }
  yield "</svg>\n";
}

/**
 * The whole SVG as one string (small and middling boards).
 *
 * @param doc the tour: `size` (or `rows`, `cols`), `closed`, `grid`, `moves`
 * @example
 * ```ts
 * import { generateTour, tourSvg } from "tabula-grids";
 *
 * const svg = tourSvg({ size: 5, closed: false, grid: generateTour({ size: 5, seed: 1 }) });
 * svg.startsWith("<svg"); // true
 * ```
 */
export function tourSvg(doc: TourPicture): string {
  return [...tourSvgPieces(doc)].join("");
}

/** One <path> per move (step order, data-step = the move's first step), the closing move dashed. */
function* smallPath(picture: CheckedPicture): Generator<string> {
  const total = picture.order.length;
  yield `<g class="moves" fill="none" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">\n`;
  const lines: string[] = [];
  routeTour(picture).forEach((move, i) => {
    const step = i + 1;
    const closing = step === total ? ` class="closing"` : "";
    const dash = step === total ? ` stroke-dasharray="6 5"` : "";
    lines.push(`<path data-step="${step}"${closing} stroke="${moveColour(step, total)}"${dash} d="${movePathData(move)}"/>\n`);
  });
  yield lines.join("");
  yield "</g>\n";
}

/**
 * One step of the path in square units, relative to the last point: "h3", "v-3" or
 * "l2 2", so a step costs 3 to 6 bytes whatever the board size.
 */
function stepText(dr: number, dc: number): string {
  if (dr === 0) return `h${dc}`;
  if (dc === 0) return `v${dr}`;
  return `l${dc} ${dr}`;
}

const STEP_SPAN = 7; // pen-and-paper moves span -3..3 in each direction
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
 * Big boards: the path through square centres as PATH_BANDS <path>s of relative moves in
 * square units (scaled to SVG units), one colour of the ramp each, one screen pixel wide at
 * any zoom (non-scaling), so it stays a visible line instead of a smear.
 */
function* bigPath(order: Int32Array, n: number, closed: boolean): Generator<string> {
  const total = order.length; // n is the board's width (cols)
  const bands = Math.min(PATH_BANDS, total - 1);
  yield `<g class="path" transform="scale(${TOUR_CELL})" fill="none" stroke-width="1" stroke-linejoin="round">\n`;
  const buffer = new Uint8Array(CHUNK + 32);
  let at = 0;
  let previousRow = (order[0]! / n) | 0;
  let previousCol = order[0]! - previousRow * n;
  for (let band = 0; band < bands; band++) {
    // Steps (from, to] of this band: the band's moves start where the last band ended.
    const from = 1 + Math.floor(((total - 1) * band) / bands);
    const to = 1 + Math.floor(((total - 1) * (band + 1)) / bands);
    yield `<path stroke="${rampColour(bands === 1 ? 0 : band / (bands - 1))}" vector-effect="non-scaling-stroke" d="M${previousCol + 0.5} ${previousRow + 0.5}`;
    for (let j = from; j < to; j++) {
      const square = order[j]!;
      const row = (square / n) | 0;
      const col = square - row * n;
      const dr = row - previousRow,
        dc = col - previousCol;
      if (dr < -3 || dr > 3 || dc < -3 || dc > 3) {
        // A longer leap (or a grid that is not a tour): spelt out.
        const bytes = new TextEncoder().encode(stepText(dr, dc));
        buffer.set(bytes, at);
        at += bytes.length;
      } else {
        const step = (dr + 3) * STEP_SPAN + (dc + 3);
        const start = step * 8;
        const end = start + STEP_LENGTH[step]!;
        for (let b = start; b < end; b++) buffer[at++] = STEP_BYTES[b]!;
      }
      previousRow = row;
      previousCol = col;
      if (at >= CHUNK) {
        yield ASCII.decode(buffer.subarray(0, at));
        at = 0;
      }
    }
    if (at > 0) yield ASCII.decode(buffer.subarray(0, at));
    at = 0;
    yield `"/>\n`;
  }
  if (closed && total > 1) {
    const first = order[0]!;
    yield `<path class="closing" stroke="${TOUR_RAMP[TOUR_RAMP.length - 1]}" vector-effect="non-scaling-stroke" stroke-dasharray="4 3" d="M${previousCol + 0.5} ${previousRow + 0.5}L${(first % n) + 0.5} ${Math.floor(first / n) + 0.5}"/>\n`;
  }
  yield "</g>\n";
}

/** The part of a 2D canvas context the painter uses (CanvasRenderingContext2D and OffscreenCanvas's have it). */
export interface TourCanvas {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  lineJoin: string;
  lineCap: string;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  quadraticCurveTo(cx: number, cy: number, x: number, y: number): void;
  arc(x: number, y: number, r: number, start: number, end: number): void;
  stroke(): void;
  fill(): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  strokeRect(x: number, y: number, w: number, h: number): void;
  setLineDash(segments: number[]): void;
}

/**
 * The canvas size (pixels) paintTour fills for a rows × cols board, `pixels` along its longer side.
 *
 * @param rows the board's rows
 * @param cols the board's columns
 * @param pixels the longer side in pixels
 * @example
 * ```ts
 * import { tourCanvasSize } from "tabula-grids";
 *
 * tourCanvasSize(5, 10, 400); // [400, 200]
 * ```
 */
export function canvasSize(rows: number, cols: number, pixels: number): [width: number, height: number] {
  checkBox(rows, cols, pixels, pixels, 1);
  const across = Math.max(rows, cols);
  return [Math.max(1, Math.round((cols * pixels) / across)), Math.max(1, Math.round((rows * pixels) / across))];
}

/**
 * Paints the tour on a canvas of canvasSize(rows, cols, pixels) (big boards in the web
 * app): one gently bent arc a move (no numbers to keep clear of there) in PATH_BANDS bands
 * of the colour ramp, rings at the start and end.
 *
 * @param g a 2D canvas context (or anything with its path methods)
 * @param doc the tour: `size` (or `rows`, `cols`), `closed`, `grid`, `moves`
 * @param pixels the canvas' longer side in pixels
 * @example
 * ```ts
 * import { generateTour, paintTour, tourCanvasSize } from "tabula-grids";
 *
 * // In a browser: const g = canvas.getContext("2d"); here a stand-in that counts the drawing calls
 * let calls = 0;
 * const g = new Proxy({}, { get: () => () => void calls++, set: () => true });
 * const [width, height] = tourCanvasSize(5, 5, 400); // size the canvas first
 * paintTour(g, { size: 5, closed: false, grid: generateTour({ size: 5, seed: 1 }) }, 400);
 * calls > 0; // true
 * ```
 */
export function paintTour(g: TourCanvas, doc: TourPicture, pixels: number): void {
  if (typeof g !== "object" || g === null || typeof property(g, "quadraticCurveTo", "g") !== "function") throw argumentError("g", "a 2D canvas context", g);
  const { rows, cols, closed, order } = checkPicture(doc);
  wholeNumber(pixels, "pixels", 1, 1 << 15);
  const n = cols;
  const total = order.length;
  const cell = pixels / Math.max(rows, cols);
  const [width, height] = canvasSize(rows, cols, pixels);
  g.fillStyle = "#fff";
  g.fillRect(0, 0, width, height);
  g.lineWidth = Math.max(0.5, Math.min(3, cell / 5));
  g.lineJoin = "round";
  g.lineCap = "round";
  const bands = Math.max(1, Math.min(PATH_BANDS, total - 1));
  const curve = (a: number, b: number) => {
    const m = moveArc(a, b, n);
    g.quadraticCurveTo(m.cx * cell, m.cy * cell, m.x1 * cell, m.y1 * cell);
  };
  for (let band = 0; band < bands; band++) {
    const from = 1 + Math.floor(((total - 1) * band) / bands);
    const to = 1 + Math.floor(((total - 1) * (band + 1)) / bands);
    g.strokeStyle = rampColour(bands === 1 ? 0 : band / (bands - 1));
    g.beginPath();
    const start = order[from - 1]!;
    g.moveTo(((start % n) + 0.5) * cell, (Math.floor(start / n) + 0.5) * cell);
    for (let j = from; j < to; j++) curve(order[j - 1]!, order[j]!);
    g.stroke();
  }
  if (closed && total > 1) {
    g.setLineDash([4, 3]);
    g.beginPath();
    const end = order[total - 1]!;
    g.moveTo(((end % n) + 0.5) * cell, (Math.floor(end / n) + 0.5) * cell);
    curve(end, order[0]!);
    g.stroke();
    g.setLineDash([]);
  }
  // Rings big enough to find on a board of a million squares.
  const ring = (i: number, colour: string) => {
    g.strokeStyle = colour;
    g.lineWidth = Math.max(3, cell / 8, pixels / 300);
    g.beginPath();
    g.arc(((i % n) + 0.5) * cell, (Math.floor(i / n) + 0.5) * cell, Math.max(cell * 0.45, pixels / 60), 0, 2 * Math.PI);
    g.stroke();
  };
  ring(order[0]!, TOUR_RAMP[0]!);
  ring(order[total - 1]!, TOUR_RAMP[TOUR_RAMP.length - 1]!);
  g.strokeStyle = "#888";
  g.lineWidth = 2;
  g.strokeRect(1, 1, width - 2, height - 2);
}
