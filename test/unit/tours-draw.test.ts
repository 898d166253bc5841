// The tour pictures (src/tours/draw.ts): each move its own arc bent to the left of travel
// with a chevron pointing the way, a colour ramp from the first step to the last, hollow
// rings at the start and end drawn under the numbers, the numbers last on a white halo.
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/errors.js";
import { generateTour } from "../../src/tours/generate.js";
import {
  ARC_BEND, PATH_BANDS, TOUR_CELL, TOUR_RAMP, moveArc, moveColour, movePathData, paintTour, stepSquares, tourSvg, type TourCanvas,
} from "../../src/tours/draw.js";

const n = 12;
const grid = generateTour({ size: n, closed: true, seed: 1 });
const svg = tourSvg({ size: n, closed: true, grid });
const order = stepSquares(grid, n);

/** The numbers of a path's d attribute. */
function numbers(d: string): number[] {
  return [...d.matchAll(/-?\d+(\.\d+)?/g)].map((m) => Number(m[0]));
}

function moves(text: string): { step: number; stroke: string; d: string; closing: boolean }[] {
  return [...text.matchAll(/<path data-step="(\d+)"( class="closing")? stroke="(#[0-9a-f]{6})"[^>]* d="([^"]+)"\/>/g)].map((m) => ({
    step: Number(m[1]), closing: m[2] !== undefined, stroke: m[3]!, d: m[4]!,
  }));
}

describe("tour SVG on a small board", () => {
  const drawn = moves(svg);

  it("draws every move as its own arc, in step order, the closing move dashed", () => {
    expect(drawn).toHaveLength(n * n); // 143 moves and the closing one
    expect(drawn.map((m) => m.step)).toEqual(Array.from({ length: n * n }, (_, i) => i + 1));
    expect(drawn.filter((m) => m.closing).map((m) => m.step)).toEqual([n * n]);
    expect(svg).toMatch(/<path data-step="144" class="closing"[^>]* stroke-dasharray="6 5"/);
    for (const m of drawn) expect(m.d).toMatch(/^M-?[\d.]+ -?[\d.]+Q-?[\d.]+ -?[\d.]+ -?[\d.]+ -?[\d.]+M[\d. -]+L[\d. -]+L[\d. -]+$/);
  });

  it("runs each arc from square centre to square centre, bent to the left of travel", () => {
    for (const m of drawn) {
      const [x0, y0, cx, cy, x1, y1] = numbers(m.d);
      const a = order[m.step - 1]!, b = order[m.step % (n * n)]!;
      expect([x0, y0]).toEqual([((a % n) + 0.5) * TOUR_CELL, (Math.floor(a / n) + 0.5) * TOUR_CELL]);
      expect([x1, y1]).toEqual([((b % n) + 0.5) * TOUR_CELL, (Math.floor(b / n) + 0.5) * TOUR_CELL]);
      // The control point's offset from the chord's middle: perpendicular, ARC_BEND × the chord, to the left.
      const dx = x1! - x0!, dy = y1! - y0!;
      const ox = cx! - (x0! + x1!) / 2, oy = cy! - (y0! + y1!) / 2;
      expect(ox * dx + oy * dy).toBeCloseTo(0, 6);
      expect(Math.hypot(ox, oy)).toBeCloseTo(ARC_BEND * Math.hypot(dx, dy), 6);
      expect(dx * oy - dy * ox).toBeLessThan(0); // left of travel on screen (y down)
    }
  });

  it("keeps two moves in line apart: consecutive moves along one line bulge, they do not form one rail", () => {
    // A straight run A→B→C (same direction twice) somewhere in the tour.
    let found = 0;
    for (let k = 1; k + 1 < n * n; k++) {
      const [a, b, c] = [order[k - 1]!, order[k]!, order[k + 1]!];
      const d1 = [Math.floor(b / n) - Math.floor(a / n), (b % n) - (a % n)];
      const d2 = [Math.floor(c / n) - Math.floor(b / n), (c % n) - (b % n)];
      if (d1[0] !== d2[0] || d1[1] !== d2[1]) continue;
      found++;
      const first = moveArc(a, b, n), second = moveArc(b, c, n);
      // Each control point is off the common line by ARC_BEND × the move's length.
      const length = Math.hypot(d1[0]!, d1[1]!);
      for (const arc of [first, second]) {
        const cross = (arc.cx - first.x0) * d1[0]! - (arc.cy - first.y0) * d1[1]!;
        expect(Math.abs(cross) / length).toBeCloseTo(ARC_BEND * length, 6);
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  it("points each chevron the way the move goes", () => {
    for (const m of drawn) {
      const [x0, y0, , , x1, y1, ax, ay, tx, ty, bx, by] = numbers(m.d);
      const dx = x1! - x0!, dy = y1! - y0!;
      // The tip lies ahead of both arms along the move.
      expect((tx! - ax!) * dx + (ty! - ay!) * dy).toBeGreaterThan(0);
      expect((tx! - bx!) * dx + (ty! - by!) * dy).toBeGreaterThan(0);
    }
  });

  it("colours the moves along the ramp from the first step to the last", () => {
    expect(drawn[0]!.stroke).toBe(TOUR_RAMP[0]);
    expect(drawn[n * n - 2]!.stroke).toBe(TOUR_RAMP[TOUR_RAMP.length - 1]);
    expect(drawn[Math.floor(n * n / 2)]!.stroke).not.toBe(drawn[0]!.stroke);
    expect(moveColour(1, 144)).toBe("#1a9850");
    expect(moveColour(143, 144)).toBe("#d73027");
    expect(new Set(drawn.map((m) => m.stroke)).size).toBeGreaterThan(50);
  });

  it("draws the numbers last, on a white halo, with hollow rings under them at the start and end", () => {
    const at = (needle: string) => svg.indexOf(needle);
    expect(at('<g class="ends">')).toBeGreaterThan(0);
    expect(at('<g class="ends">')).toBeLessThan(at('<g class="moves"'));
    expect(at('<g class="moves"')).toBeLessThan(at('<g class="rings">'));
    expect(at('<g class="rings">')).toBeLessThan(at('<g class="numbers"'));
    expect(svg.slice(at('<g class="numbers"'))).not.toMatch(/<(path|circle|rect)/); // nothing drawn over the numbers
    const numbersGroup = /<g class="numbers"([^>]*)>/.exec(svg)![1]!;
    expect(numbersGroup).toContain('paint-order="stroke"');
    expect(numbersGroup).toContain('stroke="white"');
    expect(Number(/stroke-width="([\d.]+)"/.exec(numbersGroup)![1])).toBeGreaterThanOrEqual(3);
    expect(svg.match(/<text /g)).toHaveLength(n * n);
    const rings = [...svg.matchAll(/<circle class="(start|end)" cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)" fill="none"/g)];
    expect(rings.map((r) => r[1])).toEqual(["start", "end"]);
    for (const [ring, square, step] of [[rings[0]!, order[0]!, 1], [rings[1]!, order[n * n - 1]!, n * n]] as const) {
      const x = (square % n) * TOUR_CELL + TOUR_CELL / 2, y = Math.floor(square / n) * TOUR_CELL + TOUR_CELL / 2;
      expect([Number(ring[2]), Number(ring[3])]).toEqual([x, y]);
      expect(Number(ring[4])).toBeLessThan(TOUR_CELL / 2); // inside its square
      // The step's number is drawn (bold) at the ring's centre, after the ring.
      const text = new RegExp(`<text x="${x}" y="${y}" font-weight="bold">${step}</text>`).exec(svg);
      expect(text).not.toBeNull();
      expect(text!.index).toBeGreaterThan(at('<g class="numbers"'));
    }
  });

  it("sizes numbers for reading: 16 px and up at the SVG's own width on 12×12 and 30×30", () => {
    for (const size of [12, 30]) {
      const picture = tourSvg({ size, closed: false, grid: generateTour({ size, seed: 2 }) });
      const width = Number(/width="(\d+)"/.exec(picture)![1]);
      const font = Number(/<g class="numbers"[^>]* font-size="(\d+)"/.exec(picture)![1]);
      expect((font * width) / (size * TOUR_CELL)).toBeGreaterThanOrEqual(16);
    }
  });

  it("is deterministic, with coordinates to one decimal at most", () => {
    expect(tourSvg({ size: n, closed: true, grid: grid.slice() })).toBe(svg);
    for (const m of drawn) for (const value of m.d.match(/-?\d+(\.\d+)?/g)!) expect(value).toMatch(/^-?\d+(\.\d)?$/);
  });
});

describe("tour SVG on a big board", () => {
  const size = 60;
  const big = tourSvg({ size, closed: true, grid: generateTour({ size, closed: true, seed: 2 }) });

  it("keeps the path only, in colour bands along the ramp, and the rings", () => {
    expect(big).not.toMatch(/<text /);
    const bands = [...big.matchAll(/<path stroke="(#[0-9a-f]{6})" vector-effect="non-scaling-stroke" d="([^"]+)"/g)];
    expect(bands).toHaveLength(PATH_BANDS);
    expect(bands[0]![1]).toBe(TOUR_RAMP[0]);
    expect(bands.at(-1)![1]).toBe(TOUR_RAMP.at(-1));
    expect(bands.reduce((sum, band) => sum + band[2]!.match(/[hvl]/g)!.length, 0)).toBe(size * size - 1);
    expect(big).toMatch(/<path class="closing"[^>]*stroke-dasharray/);
    expect(big.match(/<circle class="(start|end)"[^>]*fill="none"/g)).toHaveLength(2);
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
  ])("refuses %o with a UsageError", (doc) => {
    expect(() => tourSvg(doc as never)).toThrow(UsageError);
  });

  it("draws any permutation, even one that is not a tour", () => {
    expect(moves(tourSvg({ size: 2, closed: false, grid: new Int32Array([1, 4, 2, 3]) }))).toHaveLength(3);
    expect(tourSvg({ size: 1, closed: false, grid: new Int32Array([1]) })).toMatch(/<text [^>]*>1<\/text>/);
  });

  it("gives movePathData the arc it was handed", () => {
    expect(movePathData(moveArc(0, 3, 5)).startsWith("M20 20Q80 -4 140 20")).toBe(true);
  });
});

describe("paintTour (the web app's canvas for big boards)", () => {
  it("paints one arc a move in bands of the ramp, the closing move dashed, and two rings", () => {
    const calls: string[] = [];
    const strokes: unknown[] = [];
    const canvas = new Proxy({} as Record<string, unknown>, {
      get: (target, key: string) => (key in target ? target[key] : (...args: unknown[]) => {
        calls.push(key);
        if (key === "stroke") strokes.push(target.strokeStyle);
        if (key === "setLineDash") calls.push(`dash:${(args[0] as number[]).length}`);
      }),
      set: (target, key: string, value) => ((target[key] = value), true),
    }) as unknown as TourCanvas;
    const size = 50;
    paintTour(canvas, { size, closed: true, grid: generateTour({ size, closed: true, seed: 3 }) }, 400);
    expect(calls.filter((c) => c === "quadraticCurveTo")).toHaveLength(size * size);
    expect(calls.filter((c) => c === "arc")).toHaveLength(2);
    expect(calls).toContain("dash:2");
    expect(strokes[0]).toBe(TOUR_RAMP[0]);
    expect(strokes).toContain(TOUR_RAMP.at(-1));
    expect(() => paintTour({} as TourCanvas, { size: 5, closed: false, grid: new Int32Array(25) }, 10)).toThrow(UsageError);
  });
});
