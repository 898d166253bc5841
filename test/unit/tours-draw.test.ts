// The tour pictures (src/tours/draw.ts, routed by route.ts), checked from the SVG text
// itself: every arc keeps clear of every number, frame and the board's edge (measured
// here with this file's own glyph boxes, from the <text> and <rect> elements), arc ends
// stop short of the digits, consecutive moves differ in colour (CIE ΔE), the numbers are
// never below 10 px at "Fit", and any rows × cols board and leaper is drawn. Each check is
// also shown failing on a picture that breaks it (a straight line through a number, the
// old colour ramp, a 30×30 board fitted into 720 px).
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/errors.js";
import { generateTour } from "../../src/tours/generate.js";
import { KNIGHT } from "../../src/tours/leapers.js";
import {
  MIN_NUMBER_PX,
  MOVE_COLOURS,
  PATH_BANDS,
  TOUR_CELL,
  TOUR_RAMP,
  fitNumberPixels,
  moveColour,
  numbersReadable,
  paintTour,
  rampColour,
  stepSquares,
  tourSvg,
  type TourCanvas,
  type TourPicture,
} from "../../src/tours/draw.js";
import { CLEARANCE, flatBoard, routeMove } from "../../src/tours/route.js";
import { warnsdorffTour } from "../fixtures/warnsdorff-tour.js";
import { SLOW } from "../support/tier.js";

type Point = [number, number];

interface Move {
  step: number;
  closing: boolean;
  stroke: string;
  /** The arc: start, two control points, end (SVG units). */
  curve: [Point, Point, Point, Point];
  /** The chevron: arm, tip, arm. */
  chevron: [Point, Point, Point];
}

function moves(svg: string): Move[] {
  const number = String.raw`(-?\d+(?:\.\d+)?)`;
  const pair = `${number} ${number}`;
  const d = new RegExp(`^M${pair}C${pair} ${pair} ${pair}M${pair}L${pair}L${pair}$`);
  return [...svg.matchAll(/<path data-step="(\d+)"( class="closing")? stroke="(#[0-9a-f]{6})"[^>]* d="([^"]+)"\/>/g)].map((m) => {
    const v = d.exec(m[4]!);
    if (!v) throw new Error(`unexpected path data ${m[4]}`);
    const p = (i: number): Point => [Number(v[i]), Number(v[i + 1])];
    return { step: Number(m[1]), closing: m[2] !== undefined, stroke: m[3]!, curve: [p(1), p(3), p(5), p(7)], chevron: [p(9), p(11), p(13)] };
  });
}

function cubicAt([p0, a, b, p1]: [Point, Point, Point, Point], t: number): Point {
  const u = 1 - t;
  const c = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  return [c[0]! * p0[0] + c[1]! * a[0] + c[2]! * b[0] + c[3]! * p1[0], c[0]! * p0[1] + c[1]! * a[1] + c[2]! * b[1] + c[3]! * p1[1]];
}

/** Every drawn point of a move: 200 along its arc, 20 along each arm of its chevron. */
function drawnPoints(move: Move): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= 200; i++) points.push(cubicAt(move.curve, i / 200));
  const [l, tip, r] = move.chevron;
  for (let i = 0; i <= 20; i++) {
    const f = i / 20;
    points.push([l[0] + (tip[0] - l[0]) * f, l[1] + (tip[1] - l[1]) * f], [r[0] + (tip[0] - r[0]) * f, r[1] + (tip[1] - r[1]) * f]);
  }
  return points;
}

/** A box the arcs keep out of, in SVG units: centre, half extents, and a rounding. */
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Rounded corners of this radius (the frames'). */
  r: number;
  what: string;
}

/**
 * This test's own idea of what a number covers: DejaVu Sans's digit advance (0.636 em,
 * bold 0.696), 0.4 em above and below the central baseline, plus the white halo (half the
 * numbers' stroke-width); each frame (<rect> of the rings group) out to its stroke's outer edge.
 */
function boxes(svg: string): Box[] {
  const group = /<g class="numbers"([^>]*)>/.exec(svg)![1]!;
  const font = Number(/font-size="([\d.]+)"/.exec(group)![1]);
  const halo = Number(/stroke-width="([\d.]+)"/.exec(group)![1]) / 2;
  const found: Box[] = [];
  for (const m of svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)"( font-weight="bold")?>(\d+)<\/text>/g)) {
    const em = m[3] ? 0.696 : 0.636;
    found.push({ x: Number(m[1]), y: Number(m[2]), w: (m[4]!.length * em * font) / 2 + halo, h: 0.4 * font + halo, r: 0, what: `number ${m[4]}` });
  }
  for (const m of svg.matchAll(
    /<rect class="(start|end)" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" rx="([\d.]+)"[^>]* stroke-width="([\d.]+)"/g,
  )) {
    const [x, y, w, h, rx, stroke] = m.slice(2, 8).map(Number) as [number, number, number, number, number, number];
    found.push({ x: x + w / 2, y: y + h / 2, w: w / 2 + stroke / 2, h: h / 2 + stroke / 2, r: rx + stroke / 2, what: `${m[1]} frame` });
  }
  return found;
}

function boxDistance(box: Box, [x, y]: Point): number {
  return Math.hypot(Math.max(0, Math.abs(x - box.x) - box.w + box.r), Math.max(0, Math.abs(y - box.y) - box.h + box.r)) - box.r;
}

/** The stroke's half width (1.5) and one SVG unit more: what an arc's centre line keeps from any box and from the edge. */
const MARGIN = 2.5;

/** Every place a move comes closer than MARGIN to a box or to the board's edge (empty when the picture is clean). */
function clearanceFaults(svg: string): string[] {
  const [width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.slice(1, 3).map(Number) as [number, number];
  // Each box filed under the squares it reaches into (all of them, however wide), so a point is checked against every box near it.
  const near = new Map<string, Box[]>();
  const key = (x: number, y: number) => `${Math.floor(x / TOUR_CELL)},${Math.floor(y / TOUR_CELL)}`;
  for (const box of boxes(svg)) {
    const reach = box.w + MARGIN + TOUR_CELL,
      high = box.h + MARGIN + TOUR_CELL;
    for (let x = box.x - reach; x <= box.x + reach; x += TOUR_CELL / 2) {
      for (let y = box.y - high; y <= box.y + high; y += TOUR_CELL / 2) {
        const list = near.get(key(x, y)) ?? [];
        if (!list.includes(box)) list.push(box);
        near.set(key(x, y), list);
      }
    }
  }
  const faults: string[] = [];
  for (const move of moves(svg)) {
    for (const point of drawnPoints(move)) {
      const [x, y] = point;
      if (Math.min(x, y, width - x, height - y) < MARGIN) faults.push(`move ${move.step} at the edge (${x}, ${y})`);
      for (const box of near.get(key(x, y)) ?? []) if (boxDistance(box, point) < MARGIN) faults.push(`move ${move.step} touches ${box.what}`);
    }
  }
  return [...new Set(faults)];
}

/** CIE76 colour difference of two "#rrggbb". */
function deltaE(p: string, q: string): number {
  const lab = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
    const x = f((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047),
      y = f(r * 0.2126 + g * 0.7152 + b * 0.0722),
      z = f((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883);
    return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
  };
  const a = lab(p),
    b = lab(q);
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

/** The least ΔE between the colours of consecutive moves (the closing move next to the last and to the first). */
function leastStepDifference(strokes: string[], closed: boolean): number {
  let least = Infinity;
  const count = closed ? strokes.length : strokes.length - 1;
  for (let i = 0; i < count; i++) least = Math.min(least, deltaE(strokes[i]!, strokes[(i + 1) % strokes.length]!));
  return least;
}

/** The pictures the issue asks to be looked at, and a few more shapes and leapers. */
const PICTURES: [string, TourPicture][] = [
  ["5×5 open", { size: 5, closed: false, grid: generateTour({ size: 5, seed: 4, engine: "ts" }) }],
  ["5×5 closed", { size: 5, closed: true, grid: generateTour({ size: 5, closed: true, seed: 2 }) }],
  ["8×8 knight", { rows: 8, cols: 8, closed: false, grid: warnsdorffTour(8, 8, KNIGHT)! }],
  ["6×9 knight", { rows: 6, cols: 9, closed: false, grid: warnsdorffTour(6, 9, KNIGHT)! }],
  ["10×10 open", { size: 10, closed: false, grid: generateTour({ size: 10, seed: 7, start: [0, 0] }) }],
  ["12×12 closed", { size: 12, closed: true, grid: generateTour({ size: 12, closed: true, seed: 5 }) }],
  ["30×30 open", { size: 30, closed: false, grid: generateTour({ size: 30, seed: 2 }) }],
  ["10×10 zebra (2,3)", { rows: 10, cols: 10, closed: false, grid: warnsdorffTour(10, 10, [[2, 3]])! }],
  [
    "8×8 king (0,1)+(1,1)",
    {
      rows: 8,
      cols: 8,
      closed: false,
      grid: warnsdorffTour(8, 8, [
        [0, 1],
        [1, 1],
      ])!,
    },
  ],
];

describe("tour SVG: arcs keep clear of numbers, frames and the edge", () => {
  it.each(PICTURES)("%s: every drawn point of every arc and chevron keeps the margin", (_, picture) => {
    const svg = tourSvg(picture);
    const total = picture.grid.length;
    expect(moves(svg)).toHaveLength(picture.closed ? total : total - 1);
    expect(boxes(svg)).toHaveLength(total + 2); // every number and the two frames
    expect(clearanceFaults(svg)).toEqual([]);
    expect(boxes(svg).filter((box) => box.r > 0)).toHaveLength(2);
  });

  it("finds a fault in a picture whose move runs straight through a number (the check can fail)", () => {
    const svg = tourSvg(PICTURES[0]![1]);
    // Move 1 (a diagonal leap over a numbered square) redrawn straight between its drawn ends, its chevron kept.
    const first = moves(svg)[0]!;
    const [[x0, y0], , , [x1, y1]] = first.curve;
    const straight = svg.replace(/(<path data-step="1" [^>]* d=")M[^M]+(M[^"]+")/, `$1M${x0} ${y0}C${x0} ${y0} ${x1} ${y1} ${x1} ${y1}$2`);
    expect(straight).not.toBe(svg);
    expect(clearanceFaults(straight).some((fault) => /move 1 touches number/.test(fault))).toBe(true);
  });

  it("stops each arc short of its own squares' numbers: its ends lie just outside their boxes", () => {
    const picture = PICTURES[5]![1];
    const svg = tourSvg(picture);
    const all = boxes(svg).filter((box) => box.what.startsWith("number"));
    const order = stepSquares(picture.grid);
    for (const move of moves(svg)) {
      const a = order[move.step - 1]!,
        b = order[move.step % order.length]!;
      for (const [end, square] of [
        [move.curve[0], a],
        [move.curve[3], b],
      ] as const) {
        const x = (square % 12) * TOUR_CELL + TOUR_CELL / 2,
          y = Math.floor(square / 12) * TOUR_CELL + TOUR_CELL / 2;
        const own = all.find((box) => box.x === x && box.y === y)!;
        expect(boxDistance(own, end)).toBeGreaterThanOrEqual(MARGIN);
        expect(Math.max(Math.abs(end[0] - x), Math.abs(end[1] - y))).toBeLessThan(TOUR_CELL); // near its square
      }
    }
  });
});

describe("tour SVG: colours of consecutive moves", () => {
  it.each(PICTURES)("%s: consecutive moves differ by ΔE ≥ 40, the closing move included", (_, picture) => {
    const drawn = moves(tourSvg(picture));
    expect(drawn.map((m) => m.step)).toEqual(drawn.map((_, i) => i + 1));
    expect(
      leastStepDifference(
        drawn.map((m) => m.stroke),
        picture.closed,
      ),
    ).toBeGreaterThanOrEqual(40);
  });

  it("gives every total's closing move a colour apart from both its neighbours", () => {
    for (let total = 4; total <= 40; total++) {
      const strokes = Array.from({ length: total }, (_, i) => moveColour(i + 1, total));
      expect(leastStepDifference(strokes, true)).toBeGreaterThanOrEqual(40);
    }
    expect(new Set(MOVE_COLOURS).size).toBe(MOVE_COLOURS.length);
  });

  it("would fail on the old colour ramp, whose neighbouring steps shared a colour", () => {
    const total = 144;
    const ramp = Array.from({ length: total - 1 }, (_, i) => rampColour(i / (total - 2)));
    expect(leastStepDifference(ramp, false)).toBeLessThan(5);
  });
});

describe("numbers at Fit: never below MIN_NUMBER_PX", () => {
  it("shows numbers only where they are at least 10 px, for every board up to 40 squares a side and common viewports", () => {
    expect(MIN_NUMBER_PX).toBe(10);
    let shown = 0,
      hidden = 0;
    for (let rows = 1; rows <= 40; rows++) {
      for (const cols of [rows, Math.min(40, rows + 3)]) {
        for (const width of [320, 480, 720, 1000, 1400]) {
          if (numbersReadable(rows, cols, width, width)) {
            shown++;
            expect(fitNumberPixels(rows, cols, width, width)).toBeGreaterThanOrEqual(MIN_NUMBER_PX);
          } else hidden++;
        }
      }
    }
    expect(shown).toBeGreaterThan(0);
    expect(hidden).toBeGreaterThan(0);
  });

  it("draws the 30×30 board path-only at Fit in a 720 px viewport (numbers would be 6 px) and with numbers once zoomed 2×", () => {
    expect(fitNumberPixels(30, 30, 720, 720)).toBeLessThan(MIN_NUMBER_PX);
    expect(numbersReadable(30, 30, 720, 720)).toBe(false);
    expect(numbersReadable(30, 30, 720, 720, 2)).toBe(true);
    expect(numbersReadable(12, 12, 720, 720)).toBe(true);
    expect(numbersReadable(41, 41, 100000, 100000)).toBe(false); // above 40 squares a side there are no numbers to show
  });

  it("sizes the SVG itself so that its numbers are 16 px and up to 30×30 and 10 px and up to 40×40", () => {
    // The sizes at the thresholds in npm test; 12 and 40 (the largest board) in the slow suite too.
    const sizes: [number, number][] = [
      [5, 16],
      [30, 16],
      [31, 10],
      ...(SLOW
        ? ([
            [12, 16],
            [40, 10],
          ] as [number, number][])
        : []),
    ];
    for (const [size, least] of sizes) {
      const picture = tourSvg({ size, closed: false, grid: generateTour({ size, seed: 2 }) });
      const width = Number(/width="(\d+)"/.exec(picture)![1]);
      const font = Number(/<g class="numbers"[^>]* font-size="(\d+)"/.exec(picture)![1]);
      expect((font * width) / (size * TOUR_CELL)).toBeGreaterThanOrEqual(least);
    }
  });
});

describe("tour SVG: layout, order and any board", () => {
  const picture = PICTURES[5]![1];
  const svg = tourSvg(picture);

  it("draws every move as its own arc, in step order, the closing move dashed", () => {
    const drawn = moves(svg);
    expect(drawn).toHaveLength(144);
    expect(drawn.filter((m) => m.closing).map((m) => m.step)).toEqual([144]);
    expect(svg).toMatch(/<path data-step="144" class="closing"[^>]* stroke-dasharray="6 5"/);
  });

  it("points each chevron the way the move goes", () => {
    for (const m of moves(svg)) {
      const [p0, , , p1] = m.curve;
      const [l, tip, r] = m.chevron;
      const dx = p1[0] - p0[0],
        dy = p1[1] - p0[1];
      expect((tip[0] - l[0]) * dx + (tip[1] - l[1]) * dy).toBeGreaterThan(0);
      expect((tip[0] - r[0]) * dx + (tip[1] - r[1]) * dy).toBeGreaterThan(0);
    }
  });

  it("draws the numbers last, on a white halo, with hollow frames under them at the start and end", () => {
    const at = (needle: string) => svg.indexOf(needle);
    expect(at('<g class="ends">')).toBeLessThan(at('<g class="moves"'));
    expect(at('<g class="moves"')).toBeLessThan(at('<g class="rings">'));
    expect(at('<g class="rings">')).toBeLessThan(at('<g class="numbers"'));
    expect(svg.slice(at('<g class="numbers"'))).not.toMatch(/<(path|circle|rect)/);
    const group = /<g class="numbers"([^>]*)>/.exec(svg)![1]!;
    expect(group).toContain('paint-order="stroke"');
    expect(group).toContain('stroke="white"');
    expect(svg.match(/<text /g)).toHaveLength(144);
    expect([...svg.matchAll(/<rect class="(start|end)"[^>]* fill="none"/g)].map((m) => m[1])).toEqual(["start", "end"]);
    expect(svg).toMatch(/<text [^>]*font-weight="bold">1<\/text>/);
    expect(svg).toMatch(/<text [^>]*font-weight="bold">144<\/text>/);
  });

  it("is deterministic, with coordinates to one decimal at most", () => {
    expect(tourSvg({ ...picture, grid: picture.grid.slice() })).toBe(svg);
    for (const d of svg.matchAll(/ d="([^"]+)"/g)) for (const value of d[1]!.match(/-?\d+(\.\d+)?/g)!) expect(value).toMatch(/^-?\d+(\.\d)?$/);
  });

  it("names the moves in the title: pen-and-paper, the knight, or the leapers used", () => {
    expect(svg).toContain("<title>Closed pen-and-paper tour of a 12×12 board</title>");
    expect(tourSvg(PICTURES[3]![1])).toContain("<title>Open knight's tour of a 6×9 board</title>");
    // A rook-step snake on 2×3, then the same told it is a (0,1) leaper tour.
    const snake = { rows: 2, cols: 3, closed: false, grid: new Int32Array([1, 2, 3, 6, 5, 4]) };
    expect(tourSvg(snake)).toContain("<title>Open tour with moves 0,1 of a 2×3 board</title>");
    expect(
      tourSvg({
        ...snake,
        moves: [
          [0, 1],
          [1, 1],
        ],
      }),
    ).toContain("tour with moves 0,1+1,1 of a 2×3 board");
  });

  it("lays out a rows × cols board at its own shape", () => {
    const wide = tourSvg(PICTURES[3]![1]);
    expect(wide).toMatch(/viewBox="0 0 360 240" width="600" height="400"/);
    expect(wide.match(/<text /g)).toHaveLength(54);
  });
});

describe("routeMove (route.ts)", () => {
  it("takes the gentle arc bent to the left of travel when nothing is in its way", () => {
    const board = flatBoard(3, 5, () => ({ w: 0.1, h: 0.1, pad: 0 }));
    const move = routeMove(board, 5, 9); // row 1, column 0 → column 4, to the right
    expect(move.clearance).toBeGreaterThanOrEqual(CLEARANCE);
    expect([move.ax, move.bx]).toEqual([0.5 + 4 / 3, 0.5 + 8 / 3]);
    expect(move.ay).toBeCloseTo(1.5 - 0.13 * 4, 9); // up on screen: left of a move to the right
    expect(move.by).toBeCloseTo(move.ay, 9);
    expect(move.t0).toBeGreaterThan(0);
    expect(move.t1).toBeLessThan(1);
  });

  it("bends another way when a number sits on the gentle arc, and keeps the most room it can when nothing fits", () => {
    // A tall number in the middle square (row 1, column 2) reaches up to 0.05 from the gentle arc.
    const blocked = flatBoard(3, 5, (square) => (square === 7 ? { w: 0.3, h: 0.45, pad: 0 } : { w: 0.1, h: 0.1, pad: 0 }));
    const around = routeMove(blocked, 5, 9);
    expect(around.clearance).toBeGreaterThanOrEqual(CLEARANCE);
    expect(around.ay).not.toBeCloseTo(1.5 - 0.13 * 4, 3);
    const full = flatBoard(3, 5, () => ({ w: 0.49, h: 0.49, pad: 0 }));
    const squeezed = routeMove(full, 5, 9);
    expect(squeezed.clearance).toBeLessThan(CLEARANCE);
  });
});

describe("tour SVG on a big board", () => {
  it("keeps the path only, in colour bands along the ramp, and the rings", () => {
    const size = 60;
    const big = tourSvg({ size, closed: true, grid: generateTour({ size, closed: true, seed: 2 }) });
    expect(big).not.toMatch(/<text /);
    const bands = [...big.matchAll(/<path stroke="(#[0-9a-f]{6})" vector-effect="non-scaling-stroke" d="([^"]+)"/g)];
    expect(bands).toHaveLength(PATH_BANDS);
    expect(bands[0]![1]).toBe(TOUR_RAMP[0]);
    expect(bands.at(-1)![1]).toBe(TOUR_RAMP.at(-1));
    expect(bands.reduce((sum, band) => sum + band[2]!.match(/[hvl]/g)!.length, 0)).toBe(size * size - 1);
    expect(big).toMatch(/<path class="closing"[^>]*stroke-dasharray/);
    expect(big.match(/<circle class="(start|end)"[^>]*fill="none"/g)).toHaveLength(2);
  });

  it("draws a rows × cols board of any leap: a 41×50 snake of single steps, and long leaps spelt out", () => {
    const rows = 41,
      cols = 50;
    const grid = new Int32Array(rows * cols);
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) grid[r * cols + c] = r * cols + (r % 2 === 0 ? c : cols - 1 - c) + 1;
    const big = tourSvg({ rows, cols, closed: false, grid });
    expect(big).toMatch(/viewBox="0 0 2000 1640" width="1000" height="820"/);
    expect(big).toContain("tour with moves 0,1 of a 41×50 board");
    const d = [...big.matchAll(/vector-effect="non-scaling-stroke" d="([^"]+)"/g)].map((m) => m[1]).join("");
    expect(d.match(/h-?1/g)).toHaveLength(rows * (cols - 1));
    expect(d.match(/v1/g)).toHaveLength(rows - 1);
    // Two squares swapped: the steps between them are leaps of 4+ squares, written out.
    const swapped = grid.slice();
    [swapped[0], swapped[5 * cols + 5]] = [swapped[5 * cols + 5]!, swapped[0]!];
    expect(tourSvg({ rows, cols, closed: false, grid: swapped })).toMatch(/M5\.5 5\.5l-4 -5h1/);
  });
});

describe("tour picture arguments", () => {
  it.each([
    [null],
    [{ size: 2, closed: false, grid: new Int32Array([1, 2, 3]) }],
    [{ size: 2, closed: false, grid: new Int32Array([1, 2, 2, 4]) }],
    [{ size: 2, closed: false, grid: new Int32Array([0, 1, 2, 3]) }],
    [{ size: 2, closed: false, grid: [1, 2, 3, 4] }],
    [{ size: 0, closed: false, grid: new Int32Array(0) }],
    [{ size: 2, closed: "yes", grid: new Int32Array([1, 2, 3, 4]) }],
    [{ rows: 2, closed: false, grid: new Int32Array([1, 2, 3, 4]) }],
    [{ rows: 2, cols: 3, size: 2, closed: false, grid: new Int32Array([1, 2, 3, 4, 5, 6]) }],
    [{ rows: 2, cols: 2, closed: false, grid: new Int32Array([1, 2, 3, 4]), moves: "1,2" }],
  ])("refuses %o with a UsageError", (doc) => {
    expect(() => tourSvg(doc as never)).toThrow(UsageError);
  });

  it("draws any permutation, even one that is not a tour", () => {
    expect(moves(tourSvg({ size: 2, closed: false, grid: new Int32Array([1, 4, 2, 3]) }))).toHaveLength(3);
    expect(tourSvg({ size: 1, closed: false, grid: new Int32Array([1]) })).toMatch(/<text [^>]*>1<\/text>/);
    expect(moves(tourSvg({ rows: 1, cols: 3, closed: false, grid: new Int32Array([1, 2, 3]) }))).toHaveLength(2);
  });
});

describe("paintTour (the web app's canvas for big boards)", () => {
  it("paints one arc a move in bands of the ramp, the closing move dashed, and two rings", () => {
    const calls: string[] = [];
    const strokes: unknown[] = [];
    const rects: number[][] = [];
    const canvas = new Proxy({} as Record<string, unknown>, {
      get: (target, key: string) =>
        key in target
          ? target[key]
          : (...args: unknown[]) => {
              calls.push(key);
              if (key === "stroke") strokes.push(target.strokeStyle);
              if (key === "setLineDash") calls.push(`dash:${(args[0] as number[]).length}`);
              if (key === "fillRect") rects.push(args as number[]);
            },
      set: (target, key: string, value) => ((target[key] = value), true),
    }) as unknown as TourCanvas;
    const size = 50;
    paintTour(canvas, { size, closed: true, grid: generateTour({ size, closed: true, seed: 3 }) }, 400);
    expect(calls.filter((c) => c === "quadraticCurveTo")).toHaveLength(size * size);
    expect(calls.filter((c) => c === "arc")).toHaveLength(2);
    expect(calls).toContain("dash:2");
    expect(strokes[0]).toBe(TOUR_RAMP[0]);
    expect(strokes).toContain(TOUR_RAMP.at(-1));
    expect(rects[0]).toEqual([0, 0, 400, 400]);
    // A 50×100 board fills 200 × 400 pixels.
    rects.length = 0;
    const grid = new Int32Array(50 * 100).map((_, i) => i + 1);
    paintTour(canvas, { rows: 50, cols: 100, closed: false, grid }, 400);
    expect(rects[0]).toEqual([0, 0, 400, 200]);
    expect(() => paintTour({} as TourCanvas, { size: 5, closed: false, grid: new Int32Array(25) }, 10)).toThrow(UsageError);
  });
});
