// Where a move's arc may run: every square's number (and the start and end markers) is a
// keep-out box, and each arc is a cubic Bézier from centre to centre whose two control
// points are picked among candidates (gentle bends first, then stronger ones and S-bends)
// so that the drawn curve stays CLEARANCE away from every box on the board and from its
// edge, its own two ends' boxes included (the curve is cut where it leaves them, so arc
// ends never touch a digit). Everything here is in square units: square (r, c) has its
// centre at (c + 0.5, r + 0.5), y growing downwards as on screen.

/** A keep-out zone: the box |x - cx| ≤ w, |y - cy| ≤ h grown by `pad` (rounded corners). */
export interface KeepOut {
  cx: number;
  cy: number;
  w: number;
  h: number;
  pad: number;
}

/** How far (x, y) is outside the zone (negative inside). */
export function keepOutDistance(k: KeepOut, x: number, y: number): number {
  const dx = Math.max(0, Math.abs(x - k.cx) - k.w),
    dy = Math.max(0, Math.abs(y - k.cy) - k.h);
  return Math.hypot(dx, dy) - k.pad;
}

/** The board's keep-out zones, one per square (index r * cols + c). */
export interface KeepOutBoard {
  rows: number;
  cols: number;
  zone(square: number): KeepOut;
}

/** A KeepOutBoard over zones kept flat (w, h, pad of each square), so the routing loop allocates nothing. */
export function flatBoard(
  rows: number,
  cols: number,
  zoneOf: (square: number) => { w: number; h: number; pad: number },
): KeepOutBoard & { flat: Float64Array } {
  const flat = new Float64Array(rows * cols * 3);
  for (let i = 0; i < rows * cols; i++) {
    const { w, h, pad } = zoneOf(i);
    flat[3 * i] = w;
    flat[3 * i + 1] = h;
    flat[3 * i + 2] = pad;
  }
  return {
    rows,
    cols,
    flat,
    zone: (square) => ({
      cx: (square % cols) + 0.5,
      cy: Math.floor(square / cols) + 0.5,
      w: flat[3 * square]!,
      h: flat[3 * square + 1]!,
      pad: flat[3 * square + 2]!,
    }),
  };
}

/** Zones further than this are not looked at: each lies inside its own square. */
const FAR = 0.5;

/**
 * The clearance at (x, y): the distance to the nearest zone or to the board's edge,
 * looking only at the 3×3 squares around the point (a zone stays inside its square, so
 * any other is ≥ FAR away).
 */
export function clearanceAt(board: KeepOutBoard & { flat?: Float64Array }, x: number, y: number): number {
  const r0 = Math.floor(y),
    c0 = Math.floor(x);
  const { rows, cols, flat } = board;
  // The board's edge counts as a zone too: an arc drawn outside the board would be cut off.
  let best = Math.min(FAR, x, cols - x, y, rows - y);
  for (let r = r0 - 1; r <= r0 + 1; r++) {
    if (r < 0 || r >= rows) continue;
    for (let c = c0 - 1; c <= c0 + 1; c++) {
      if (c < 0 || c >= cols) continue;
      const i = r * cols + c;
      if (flat === undefined) {
        best = Math.min(best, keepOutDistance(board.zone(i), x, y));
        continue;
      }
      const dx = Math.max(0, Math.abs(x - c - 0.5) - flat[3 * i]!),
        dy = Math.max(0, Math.abs(y - r - 0.5) - flat[3 * i + 1]!);
      best = Math.min(best, Math.sqrt(dx * dx + dy * dy) - flat[3 * i + 2]!);
    }
  }
  return best;
}

/** Space (square units) the routing aims to keep between an arc's centre line and any number box, marker or the board's edge. */
export const CLEARANCE = 0.07;
/**
 * Space every arc keeps at the least when no candidate reaches CLEARANCE: more than the
 * stroke's half width (1.5 SVG units, 0.0375 squares), so no stroke touches a number's
 * halo, let alone a digit.
 */
export const MIN_CLEARANCE = 0.04;
/** The chevron's arm length in squares; its arms open at ±37° behind the tip. */
export const CHEVRON_ARM = 0.16;

/**
 * The candidate curves, in the order they are preferred: [h1, h2, shift], the control
 * points sitting a third and two thirds along the chord, moved h1 and h2 × the chord's
 * length to its left (negative: right) and `shift` × its length along it. h1 = h2 = 2b/3
 * is the quadratic arc bent b (h = 0.13, about the old gentle arc bent 0.2, is the first
 * choice); unequal ones are lopsided arcs, opposite signs S-bends that slip between two numbers.
 */
const CANDIDATES: readonly (readonly [h1: number, h2: number, shift: number])[] = (() => {
  const heights = [0, 0.08, 0.13, 0.2, 0.27, 0.35, 0.45, 0.6, 0.8, 1];
  const signed = [...heights, ...heights.slice(1).map((h) => -h)];
  const list: [number, number, number][] = [];
  for (const h1 of signed) for (const h2 of signed) for (const shift of [0, 0.15, -0.15]) list.push([h1, h2, shift]);
  const gentle = 0.4 / 3;
  const cost = ([h1, h2, shift]: readonly number[]) => Math.abs(h1! - gentle) + Math.abs(h2! - gentle) + 1.5 * Math.abs(h1! - h2!) + Math.abs(shift!);
  return list.sort((p, q) => cost(p) - cost(q) || q[0] - p[0] || q[1] - p[1] || q[2] - p[2]);
})();

/** A cubic from (x0, y0) to (x1, y1) with control points (ax, ay) and (bx, by). */
export interface Curve {
  x0: number;
  y0: number;
  ax: number;
  ay: number;
  bx: number;
  by: number;
  x1: number;
  y1: number;
}

/** One move routed: the whole curve centre to centre and the part drawn, t0..t1. */
export interface RoutedMove extends Curve {
  t0: number;
  t1: number;
  /** The least clearance along the drawn part and the chevron (≥ CLEARANCE when a candidate found room). */
  clearance: number;
}

type Point = [number, number];

/**
 * The curve's blossom at (u, v, w): de Casteljau with a different t at each level.
 * At (t, t, t) it is the point at t; the part t0..t1 has control points f(t0, t0, t1) and f(t0, t1, t1).
 */
function blossom(m: Curve, u: number, v: number, w: number): Point {
  const lerp = (p: number, q: number, t: number) => p + (q - p) * t;
  const x01 = lerp(m.x0, m.ax, u),
    x12 = lerp(m.ax, m.bx, u),
    x23 = lerp(m.bx, m.x1, u);
  const y01 = lerp(m.y0, m.ay, u),
    y12 = lerp(m.ay, m.by, u),
    y23 = lerp(m.by, m.y1, u);
  const x012 = lerp(x01, x12, v),
    x123 = lerp(x12, x23, v);
  const y012 = lerp(y01, y12, v),
    y123 = lerp(y12, y23, v);
  return [lerp(x012, x123, w), lerp(y012, y123, w)];
}

/** The point at t. */
export function pointAt(m: Curve, t: number): Point {
  return blossom(m, t, t, t);
}

/** The part t0..t1 of the curve as a cubic of its own: [start, control, control, end]. */
export function drawnPart(m: RoutedMove): [Point, Point, Point, Point] {
  const { t0, t1 } = m;
  return [pointAt(m, t0), blossom(m, t0, t0, t1), blossom(m, t0, t1, t1), pointAt(m, t1)];
}

/** The chevron at the curve's middle, along its tangent there: [arm, tip, arm]. */
export function chevron(m: Curve): [Point, Point, Point] {
  const [px, py] = blossom(m, 0.5, 0.5, 0);
  const [qx, qy] = blossom(m, 0.5, 0.5, 1); // the tangent at t is the line through f(t, t, 0) and f(t, t, 1)
  let dx = qx - px,
    dy = qy - py;
  if (dx === 0 && dy === 0) ((dx = m.x1 - m.x0), (dy = m.y1 - m.y0));
  const length = Math.hypot(dx, dy);
  const ux = dx / length,
    uy = dy / length;
  const [mx, my] = pointAt(m, 0.5);
  const tipX = mx + ux * CHEVRON_ARM * 0.5,
    tipY = my + uy * CHEVRON_ARM * 0.5;
  const backX = -ux * 0.8 * CHEVRON_ARM,
    backY = -uy * 0.8 * CHEVRON_ARM;
  const sideX = -uy * 0.6 * CHEVRON_ARM,
    sideY = ux * 0.6 * CHEVRON_ARM;
  return [
    [tipX + backX + sideX, tipY + backY + sideY],
    [tipX, tipY],
    [tipX + backX - sideX, tipY + backY - sideY],
  ];
}

/** The t where the curve, walking from `from` towards `to`, first gets CLEARANCE clear of `zone`. */
function leave(m: Curve, zone: KeepOut, from: number, to: number): number {
  const clear = (t: number) => {
    const [x, y] = pointAt(m, t);
    return keepOutDistance(zone, x, y) >= CLEARANCE;
  };
  const steps = LEAVE_STEPS;
  let inside = from;
  for (let i = 1; i <= steps; i++) {
    const t = from + ((to - from) * i) / steps;
    if (clear(t)) {
      let outside = t; // bisect between the last point inside and the first outside
      for (let k = 0; k < 12; k++) {
        const mid = (inside + outside) / 2;
        if (clear(mid)) outside = mid;
        else inside = mid;
      }
      return outside;
    }
    inside = t;
  }
  return (from + to) / 2; // never clear (ends too close together): a dot at the middle
}

/** Sample indices 0..count in an order that visits the middle of the curve first (where it fails most often). */
function middleFirst(count: number): number[] {
  const order: number[] = [];
  const seen = new Uint8Array(count + 1);
  for (let step = 2 ** Math.ceil(Math.log2(count + 1)); step >= 1; step /= 2) {
    for (let i = Math.round(count / 2) % step; i <= count; i += step) {
      if (!seen[i]) ((seen[i] = 1), order.push(i));
    }
  }
  return order;
}
const ORDERS = new Map<number, number[]>();
/** Where the quick look samples: points of leave()'s grid (multiples of 1/LEAVE_STEPS). */
const LEAVE_STEPS = 32;
const QUICK = [16, 12, 20, 8, 24].map((i) => i / LEAVE_STEPS);

/**
 * The move a → b along `curve`, cut at its ends' zones, with its clearance (measured only
 * down to `floor`: a candidate no better than that is dropped anyway). It samples the drawn
 * part (about 16 points a square of the chord, at least 24), middle first, and the
 * chevron's two strokes.
 */
function candidate(board: KeepOutBoard, a: number, b: number, curve: Curve, floor = -Infinity): RoutedMove {
  const za = board.zone(a),
    zb = board.zone(b);
  // A quick look first: a point clear of both ends' zones lies in the drawn part (leave()
  // stops at the first clear point of its grid, which these are on), so if it is no
  // clearer than `floor` the candidate is out without working out its ends.
  for (const t of QUICK) {
    const [x, y] = pointAt(curve, t);
    if (keepOutDistance(za, x, y) < CLEARANCE || keepOutDistance(zb, x, y) < CLEARANCE) continue;
    const clearance = clearanceAt(board, x, y);
    if (clearance <= floor) return { ...curve, t0: t, t1: t, clearance };
  }
  const t0 = leave(curve, za, 0, 1);
  const t1 = Math.max(t0, leave(curve, zb, 1, 0));
  const move: RoutedMove = { ...curve, t0, t1, clearance: 0 };
  const count = Math.max(24, Math.ceil(Math.hypot(curve.x1 - curve.x0, curve.y1 - curve.y0) * 16));
  let order = ORDERS.get(count);
  if (!order) ORDERS.set(count, (order = middleFirst(count)));
  const { x0, y0, ax, ay, bx, by, x1, y1 } = curve;
  let least = Infinity;
  for (const i of order) {
    const t = t0 + ((t1 - t0) * i) / count,
      u = 1 - t;
    const c0 = u * u * u,
      c1 = 3 * u * u * t,
      c2 = 3 * u * t * t,
      c3 = t * t * t;
    least = Math.min(least, clearanceAt(board, c0 * x0 + c1 * ax + c2 * bx + c3 * x1, c0 * y0 + c1 * ay + c2 * by + c3 * y1));
    if (least <= floor) break;
  }
  if (least > floor) {
    const [l, tip, r] = chevron(curve);
    for (let i = 0; i <= 4 && least > floor; i++) {
      const f = i / 4;
      least = Math.min(
        least,
        clearanceAt(board, l[0] + (tip[0] - l[0]) * f, l[1] + (tip[1] - l[1]) * f),
        clearanceAt(board, r[0] + (tip[0] - r[0]) * f, r[1] + (tip[1] - r[1]) * f),
      );
    }
  }
  move.clearance = least;
  return move;
}

/** The centres of squares `a` and `b` on a board `cols` wide (in squares), and the step between them. */
export function moveCentres(a: number, b: number, cols: number): { x0: number; y0: number; x1: number; y1: number; dx: number; dy: number } {
  const x0 = (a % cols) + 0.5;
  const y0 = Math.floor(a / cols) + 0.5;
  const x1 = (b % cols) + 0.5;
  const y1 = Math.floor(b / cols) + 0.5;
  return { x0, y0, x1, y1, dx: x1 - x0, dy: y1 - y0 };
}

/**
 * Routes the move from square a to square b: the first candidate (in CANDIDATES' order)
 * whose drawn part keeps CLEARANCE from every zone and the edge, else the first that
 * keeps MIN_CLEARANCE, else the one that keeps the most.
 */
export function routeMove(board: KeepOutBoard, a: number, b: number): RoutedMove {
  const { x0, y0, x1, y1, dx, dy } = moveCentres(a, b, board.cols);
  let best: RoutedMove | undefined, fallback: RoutedMove | undefined;
  for (const [h1, h2, shift] of CANDIDATES) {
    // Left of travel on screen (y down) is (dy, -dx).
    const curve: Curve = {
      x0,
      y0,
      x1,
      y1,
      ax: x0 + dx * (1 / 3 + shift) + h1 * dy,
      ay: y0 + dy * (1 / 3 + shift) - h1 * dx,
      bx: x0 + dx * (2 / 3 + shift) + h2 * dy,
      by: y0 + dy * (2 / 3 + shift) - h2 * dx,
    };
    // Once a fallback is found, only a candidate reaching CLEARANCE matters.
    const floor = fallback ? CLEARANCE - 1e-9 : (best?.clearance ?? -Infinity);
    const move = candidate(board, a, b, curve, floor);
    if (move.clearance >= CLEARANCE - 1e-9) return move;
    if (!fallback && move.clearance >= MIN_CLEARANCE) fallback = move;
    if (!best || move.clearance > best.clearance) best = move;
  }
  return fallback ?? best!;
}
