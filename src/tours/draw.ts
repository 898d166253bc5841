// Pictures of tours a person can trace: the one drawing code behind the CLI's SVG and the
// web app's board (SVG on small boards, a canvas on big ones).
//
// Small boards (side ≤ SVG_NUMBERS_MAX): every move is its own gently curved arc (a
// quadratic Bézier bent to the left of the direction of travel, so moves in line do not
// merge into one rail) with a small chevron at its middle pointing the way, coloured
// along a ramp from the first step (green) through blue and purple to the last (red).
// The start and end squares are tinted and ringed, never covered, and the numbers sit
// above everything on a white halo (paint-order: stroke). Big boards: the path only, in
// colour bands along the same ramp, as relative moves (a 5000×5000 board is 25 million
// steps, so that part copies bytes, never builds a string per step).
//
// Everything is deterministic: coordinates are integers or rounded to 0.1, colours come
// from fixed stops, so the same tour gives the same bytes (the golden files hold this).
import { argumentError, optionalBoolean, property, requiredObject, wholeNumber } from "../args.js";
import { MAX_GENERATE_SIZE } from "./options.js";

/** Boards above this side keep only the path: the numbers would be unreadable. */
export const SVG_NUMBERS_MAX = 40;
/** SVG units per square. */
export const TOUR_CELL = 40;
/** The colour ramp from step 1 to the last step: green, blue, purple, red. */
export const TOUR_RAMP: readonly string[] = ["#1a9850", "#2166ac", "#762a83", "#d73027"];
/** How far an arc bends: its control point sits this fraction of the move's length to the left. */
export const ARC_BEND = 0.2;
/** Colour bands of the path on big boards. */
export const PATH_BANDS = 16;

const CHUNK = 1 << 16;

/** What the drawing needs: the side, open or closed, and grid[r * size + c] = step (1-based). */
export interface TourPicture {
  size: number;
  closed: boolean;
  grid: Int32Array;
}

const RAMP_RGB = TOUR_RAMP.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));

/** The ramp's colour at t in [0, 1], as "#rrggbb". */
export function rampColour(t: number): string {
  const x = Math.min(1, Math.max(0, t)) * (RAMP_RGB.length - 1);
  const i = Math.min(RAMP_RGB.length - 2, Math.floor(x));
  const f = x - i;
  const a = RAMP_RGB[i]!, b = RAMP_RGB[i + 1]!;
  return `#${a.map((v, k) => Math.round(v + (b[k]! - v) * f).toString(16).padStart(2, "0")).join("")}`;
}

/** Colour of the move from step `step` to step + 1 (1 ≤ step < total; the closing move is `total`). */
export function moveColour(step: number, total: number): string {
  return rampColour(total <= 2 ? 0 : (step - 1) / (total - 2));
}

/** Square of each step: order[k - 1] = r * size + c of step k. */
export function stepSquares(grid: Int32Array, size: number): Int32Array {
  const total = size * size;
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

/** The arc of the move from square `a` to square `b` on a board `size` wide. */
export function moveArc(a: number, b: number, size: number): MoveArc {
  const x0 = (a % size) + 0.5, y0 = Math.floor(a / size) + 0.5;
  const x1 = (b % size) + 0.5, y1 = Math.floor(b / size) + 0.5;
  const dx = x1 - x0, dy = y1 - y0;
  // Left of travel on screen (y grows downwards) is (dy, -dx).
  return { x0, y0, cx: (x0 + x1) / 2 + ARC_BEND * dy, cy: (y0 + y1) / 2 - ARC_BEND * dx, x1, y1 };
}

/** 0.1-unit rounding for SVG numbers (deterministic: no float tails). */
function fmt(v: number): string {
  const r = Math.round(v * 10) / 10;
  return String(Object.is(r, -0) ? 0 : r);
}

/** The SVG path data of one move in SVG units: the arc, then a chevron at its middle pointing the way. */
export function movePathData(arc: MoveArc, cell = TOUR_CELL): string {
  const { x0, y0, cx, cy, x1, y1 } = arc;
  const dx = x1 - x0, dy = y1 - y0;
  const length = Math.sqrt(dx * dx + dy * dy);
  const ux = dx / length, uy = dy / length;
  // A quadratic's tangent at t = 1/2 is parallel to the chord; its point is (p0 + 2c + p1) / 4.
  const mx = (x0 + 2 * cx + x1) / 4, my = (y0 + 2 * cy + y1) / 4;
  const arm = 0.16; // squares; the arms open at ±37° (cos 0.8, sin 0.6) behind the tip
  const tipX = mx + ux * arm * 0.5, tipY = my + uy * arm * 0.5;
  const backX = -ux * 0.8 * arm, backY = -uy * 0.8 * arm;
  const sideX = -uy * 0.6 * arm, sideY = ux * 0.6 * arm;
  const s = (v: number) => fmt(v * cell);
  return `M${s(x0)} ${s(y0)}Q${s(cx)} ${s(cy)} ${s(x1)} ${s(y1)}` +
    `M${s(tipX + backX + sideX)} ${s(tipY + backY + sideY)}L${s(tipX)} ${s(tipY)}L${s(tipX + backX - sideX)} ${s(tipY + backY - sideY)}`;
}

/** Font size (SVG units) of the numbers: as large as the widest number allows in a square. */
export function numberFontSize(total: number): number {
  const digits = String(total).length;
  return digits <= 2 ? 17 : digits === 3 ? 16 : 13;
}

/**
 * The picture's arguments checked: a side from 1 to MAX_GENERATE_SIZE and a grid holding
 * each of 1..side² once (any order: a grid that is not a tour is drawn as it is). Gives
 * the square of each step as well (one pass does both).
 */
export function checkPicture(doc: unknown, name = "doc"): TourPicture & { order: Int32Array } {
  const { size, closed, grid } = requiredObject<TourPicture>(doc, name);
  const n = wholeNumber(size, `${name}.size`, 1, MAX_GENERATE_SIZE);
  optionalBoolean(closed, `${name}.closed`);
  const total = n * n;
  if (!(grid instanceof Int32Array) || grid.length !== total) throw argumentError(`${name}.grid`, `an Int32Array of ${total} steps`, grid);
  const order = new Int32Array(total).fill(-1);
  for (let i = 0; i < total; i++) {
    const step = grid[i]!;
    if (step < 1 || step > total || order[step - 1] !== -1) {
      throw argumentError(`${name}.grid`, `each of 1 to ${total} once (square ${i} holds ${step})`, grid.length > 64 ? "the grid" : Array.from(grid));
    }
    order[step - 1] = i;
  }
  return { size: n, closed: closed === true, grid, order };
}

/** The tour as SVG, in pieces (join them, or hand them to a stream). */
export function* tourSvgPieces(doc: TourPicture): Generator<string> {
  const { size: n, closed, grid, order } = checkPicture(doc);
  const side = n * TOUR_CELL;
  const total = n * n;
  const first = order[0]!, last = order[total - 1]!;
  const small = n <= SVG_NUMBERS_MAX;
  // Small boards at 60 px a square (600 to 1600 px: numbers of 16 px and up), big ones at most 1000 px wide.
  const width = small ? Math.min(1600, Math.max(600, n * 60)) : Math.min(side, 1000);
  const where = (square: number) => `row ${Math.floor(square / n) + 1}, column ${(square % n) + 1}`;
  yield `<svg xmlns="http://www.w3.org/2000/svg" class="tour" viewBox="0 0 ${side} ${side}" width="${width}" height="${width}">\n` +
    `<title>${closed ? "Closed" : "Open"} pen-and-paper tour of a ${n}×${n} board</title>\n` +
    `<desc>Step 1 (green ring) is at ${where(first)}, step ${total} (red ring) at ${where(last)}; the path runs from green through blue and purple to red${closed ? ", and a dashed move closes it" : ""}.</desc>\n` +
    `<defs><pattern id="squares" width="${TOUR_CELL}" height="${TOUR_CELL}" patternUnits="userSpaceOnUse">` +
    `<path d="M ${TOUR_CELL} 0 L 0 0 0 ${TOUR_CELL}" fill="none" stroke="#ccc" stroke-width="1"/></pattern></defs>\n` +
    `<rect width="${side}" height="${side}" fill="white"/>\n`;
  const startColour = TOUR_RAMP[0]!, endColour = TOUR_RAMP[TOUR_RAMP.length - 1]!;
  const square = (i: number, colour: string) =>
    `<rect x="${(i % n) * TOUR_CELL}" y="${Math.floor(i / n) * TOUR_CELL}" width="${TOUR_CELL}" height="${TOUR_CELL}" fill="${colour}" fill-opacity="0.18"/>`;
  // The start and end squares tinted, under the grid lines and the path.
  yield `<g class="ends">${square(first, startColour)}${square(last, endColour)}</g>\n`;
  yield `<rect width="${side}" height="${side}" fill="url(#squares)" stroke="#888" stroke-width="2"/>\n`;
  if (small) yield* smallPath(order, n, closed);
  else yield* bigPath(order, n, closed);
  // Rings around the start and end: hollow, so their numbers stay in sight.
  const ring = (i: number, colour: string, kind: string) =>
    `<circle class="${kind}" cx="${(i % n) * TOUR_CELL + TOUR_CELL / 2}" cy="${Math.floor(i / n) * TOUR_CELL + TOUR_CELL / 2}" r="${small ? TOUR_CELL * 0.45 : Math.max(TOUR_CELL * 0.45, side / 120)}" fill="none" stroke="${colour}" stroke-width="${small ? 3 : Math.max(3, side / 400)}"/>`;
  yield `<g class="rings">${ring(first, startColour, "start")}${ring(last, endColour, "end")}</g>\n`;
  if (small) {
    // Above the path, each on a white halo; 1 and the last step in bold.
    yield `<g class="numbers" font-family="sans-serif" font-size="${numberFontSize(total)}" text-anchor="middle" dominant-baseline="central" fill="#111" stroke="white" stroke-width="4" stroke-linejoin="round" paint-order="stroke">\n`;
    for (let r = 0; r < n; r++) {
      const texts: string[] = [];
      for (let c = 0; c < n; c++) {
        const step = grid[r * n + c]!;
        const bold = step === 1 || step === total ? ` font-weight="bold"` : "";
        texts.push(`<text x="${c * TOUR_CELL + TOUR_CELL / 2}" y="${r * TOUR_CELL + TOUR_CELL / 2}"${bold}>${step}</text>\n`);
      }
      yield texts.join("");
    }
    yield "</g>\n";
  }
  yield "</svg>\n";
}

/** The whole SVG as one string (small and middling boards). */
export function tourSvg(doc: TourPicture): string {
  return [...tourSvgPieces(doc)].join("");
}

/** One <path> per move (step order, data-step = the move's first step), the closing move dashed. */
function* smallPath(order: Int32Array, n: number, closed: boolean): Generator<string> {
  const total = n * n;
  yield `<g class="moves" fill="none" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">\n`;
  const lines: string[] = [];
  for (let k = 1; k < total; k++) {
    lines.push(`<path data-step="${k}" stroke="${moveColour(k, total)}" d="${movePathData(moveArc(order[k - 1]!, order[k]!, n))}"/>\n`);
    if (lines.length >= 256) yield lines.splice(0).join("");
  }
  if (closed && total > 1) {
    lines.push(`<path data-step="${total}" class="closing" stroke="${moveColour(total - 1, total)}" stroke-dasharray="6 5" d="${movePathData(moveArc(order[total - 1]!, order[0]!, n))}"/>\n`);
  }
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
  const total = n * n;
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
      const dr = row - previousRow, dc = col - previousCol;
      if (dr < -3 || dr > 3 || dc < -3 || dc > 3) {
        // Not a pen-and-paper move (a grid that is not such a tour): spelt out.
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
 * Paints the tour on a canvas `pixels` square (big boards in the web app): the same
 * arcs and colour ramp as the SVG (in PATH_BANDS bands), rings at the start and end.
 */
export function paintTour(g: TourCanvas, doc: TourPicture, pixels: number): void {
  if (typeof g !== "object" || g === null || typeof property(g, "quadraticCurveTo", "g") !== "function") throw argumentError("g", "a 2D canvas context", g);
  const { size: n, closed, order } = checkPicture(doc);
  wholeNumber(pixels, "pixels", 1, 1 << 15);
  const total = n * n;
  const cell = pixels / n;
  g.fillStyle = "#fff";
  g.fillRect(0, 0, pixels, pixels);
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
  g.strokeRect(1, 1, pixels - 2, pixels - 2);
}
