// Small, exact-where-it-can statistics for the audit: the regularized incomplete gamma
// function (series below a + 1, Lentz's continued fraction above, as in Numerical
// Recipes §6.2), chi-square and normal tail probabilities from it, and Holm's
// step-down correction for many tests at once.

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
  9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(a) for a > 0 (Lanczos, g = 7; relative error below 1e-14). */
export function logGamma(a: number): number {
  if (a < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * a)) - logGamma(1 - a);
  const z = a - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < 9; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const EPSILON = 1e-16;
const TINY = 1e-300;
const MAX_STEPS = 10_000;

/** Q(a, x) = Γ(a, x) / Γ(a), the upper regularized incomplete gamma function. */
export function upperGammaRegularized(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0)) throw new RangeError(`Q(${a}, ${x}) needs a > 0 and x >= 0`);
  if (x === 0) return 1;
  const front = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    // P(a, x) by its series; Q = 1 - P.
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < MAX_STEPS; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
    }
    return Math.max(0, 1 - sum * Math.exp(front));
  }
  // Continued fraction for Q (modified Lentz).
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_STEPS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.exp(front) * h;
}

/** P(X >= x) for X chi-square with `df` degrees of freedom. */
export function chiSquareSurvival(x: number, df: number): number {
  return upperGammaRegularized(df / 2, Math.max(0, x) / 2);
}

/** P(|Z| >= |z|) for a standard normal Z (= Q(1/2, z²/2)). */
export function normalTwoSided(z: number): number {
  return upperGammaRegularized(0.5, (z * z) / 2);
}

/**
 * Holm's step-down adjusted p-values (same order as `p`): reject test i at level alpha
 * iff adjusted[i] <= alpha; the chance of any false rejection stays at most alpha
 * whatever the dependence between tests.
 */
export function holmAdjust(p: readonly number[]): number[] {
  const m = p.length;
  const order = p.map((_, i) => i).sort((a, b) => p[a]! - p[b]!);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach((i, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p[i]!));
    adjusted[i] = running;
  });
  return adjusted;
}

/**
 * Pearson's chi-square of observed counts against probabilities, after pooling the
 * cells with the smallest expectations until every expected count is at least 5
 * (the approximation's usual condition). Null when fewer than two cells remain.
 */
export function chiSquareTest(observed: readonly number[], probabilities: readonly number[]): { statistic: number; df: number; p: number } | null {
  const n = observed.reduce((a, b) => a + b, 0);
  let cells = observed.map((o, i) => ({ o, e: n * probabilities[i]! })).filter((c) => c.e > 0 || c.o > 0);
  cells.sort((a, b) => a.e - b.e);
  while (cells.length > 1 && cells[0]!.e < 5) {
    const [a, b] = cells;
    cells = [{ o: a!.o + b!.o, e: a!.e + b!.e }, ...cells.slice(2)].sort((x, y) => x.e - y.e);
  }
  if (cells.length < 2) return null;
  const statistic = cells.reduce((sum, c) => sum + (c.e === 0 ? Infinity : (c.o - c.e) ** 2 / c.e), 0);
  const df = cells.length - 1;
  return { statistic, df, p: Number.isFinite(statistic) ? chiSquareSurvival(statistic, df) : 0 };
}
