// Per-game patterns in a ticket's blank cells, so colour games still differ on a
// black-and-white photocopy and for a colour-blind checker: game 1 diagonal hatching,
// game 2 dots, game 3 horizontal stripes, ... The marks are computed here in page
// points, clipped to the cell, so the PDF and the HTML draw the very same strokes.
import type { Box } from "./layout.js";

export type PatternName = "none" | "diagonal" | "dots" | "horizontal" | "crosshatch" | "vertical" | "backslash";
/** The patterns of games 1, 2, 3, ... in turn (a seventh game repeats the first; its number tells it apart). */
export const GAME_PATTERNS: readonly PatternName[] = ["diagonal", "dots", "horizontal", "crosshatch", "vertical", "backslash"];
const SPACING = 4.5; // points between strokes: coarse enough to survive a 100 dpi copy
const DOT_RADIUS = 0.9;
export const PATTERN_STROKE = 0.5;

export interface PatternMarks {
  lines: [number, number, number, number][];
  dots: [number, number][];
  dotRadius: number;
}

/** The pattern of the game with this 0-based index. */
export function patternFor(gameIndex: number | undefined): PatternName {
  return gameIndex === undefined ? "none" : GAME_PATTERNS[gameIndex % GAME_PATTERNS.length]!;
}

/** Segments of the lines x·dx + y·dy = c (c on the spacing grid) inside `b`. */
function family(b: Box, slope: -1 | 0 | 1 | "v", spacing: number): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  if (slope === 0) {
    for (let y = Math.ceil(b.y / spacing) * spacing; y < b.y + b.h; y += spacing) out.push([b.x, y, b.x + b.w, y]);
  } else if (slope === "v") {
    for (let x = Math.ceil(b.x / spacing) * spacing; x < b.x + b.w; x += spacing) out.push([x, b.y, x, b.y + b.h]);
  } else {
    // y = ±x + c, clipped to the box
    const s = slope;
    const cs = [b.y - s * b.x, b.y - s * (b.x + b.w), b.y + b.h - s * b.x, b.y + b.h - s * (b.x + b.w)];
    const step = spacing * Math.SQRT2;
    for (let c = Math.ceil(Math.min(...cs) / step) * step; c <= Math.max(...cs); c += step) {
      const pts: [number, number][] = [];
      const add = (x: number, y: number) => {
        if (x >= b.x - 1e-9 && x <= b.x + b.w + 1e-9 && y >= b.y - 1e-9 && y <= b.y + b.h + 1e-9) pts.push([x, y]);
      };
      add(b.x, s * b.x + c);
      add(b.x + b.w, s * (b.x + b.w) + c);
      add((b.y - c) / s, b.y);
      add((b.y + b.h - c) / s, b.y + b.h);
      pts.sort((p, q) => p[0] - q[0]);
      if (pts.length >= 2 && pts[pts.length - 1]![0] - pts[0]![0] > 0.3) out.push([pts[0]![0], pts[0]![1], pts[pts.length - 1]![0], pts[pts.length - 1]![1]]);
    }
  }
  return out.map((l) => l.map((v) => Math.round(v * 100) / 100) as [number, number, number, number]);
}

/** The marks of `pattern` inside the cell `b` (page points; on a page-wide grid, so neighbouring cells join up). */
export function patternMarks(pattern: PatternName, b: Box): PatternMarks {
  const marks: PatternMarks = { lines: [], dots: [], dotRadius: DOT_RADIUS };
  switch (pattern) {
    case "none":
      break;
    case "diagonal":
      marks.lines = family(b, -1, SPACING);
      break;
    case "backslash":
      marks.lines = family(b, 1, SPACING);
      break;
    case "horizontal":
      marks.lines = family(b, 0, SPACING);
      break;
    case "vertical":
      marks.lines = family(b, "v", SPACING);
      break;
    case "crosshatch":
      marks.lines = [...family(b, -1, SPACING * 1.5), ...family(b, 1, SPACING * 1.5)];
      break;
    case "dots": {
      const inset = DOT_RADIUS + 0.3;
      for (let y = Math.ceil((b.y + inset) / SPACING) * SPACING; y <= b.y + b.h - inset; y += SPACING) {
        for (let x = Math.ceil((b.x + inset) / SPACING) * SPACING; x <= b.x + b.w - inset; x += SPACING)
          marks.dots.push([Math.round(x * 100) / 100, Math.round(y * 100) / 100]);
      }
      break;
    }
  }
  return marks;
}

/** The pattern's colour: the ticket's ink, lightened so numbers drawn over nothing stay the darkest thing on the ticket. */
export function patternInk(colour: { ink: string }): string {
  const mix = 0.35; // share of white
  return `#${[1, 3, 5]
    .map((i) => parseInt(colour.ink.slice(i, i + 2), 16))
    .map((c) =>
      Math.round(c + (255 - c) * mix)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}
