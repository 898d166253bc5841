// Helpers shared by the bench suites: benny's save() options for bench/results/, a
// median-of-runs timer, and a markdown table of per-input medians by engine from a
// benny summary (case names "<engine> <input>").
import { cycle, save } from "benny";
import type { CaseResult, Summary } from "benny/lib/internal/common-types.js";

/** benny save() steps writing bench/results/<name>.json and <name>.chart.html. */
export function saveResults(name: string) {
  return [
    save({ file: name, folder: "bench/results", format: "json", details: true }),
    save({ file: name, folder: "bench/results", format: "chart.html", details: true }),
  ];
}

/**
 * benny's cycle step printing one line per finished case. benny's own (3.7.1) redraws a
 * table whose padding is the fastest case's ops string minus each case's, negative (a
 * RangeError that ends the run) when a slower case prints with decimals and the fastest
 * without ("8 129" against "2 306.42").
 */
export function caseLines() {
  return cycle((result: CaseResult) => {
    console.log(`  ${result.name}: ${result.ops.toLocaleString("en-US")} ops/s, ±${result.margin.toFixed(2)}%`);
  });
}

/** Median wall time in milliseconds of `runs` calls of `fn` (after one warm-up call). */
export function medianMs(fn: () => unknown, runs = 9): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Medians in ms per input and engine, from benny cases named "<engine> <input>". */
export type MedianGrid = Map<string, Map<string, number>>;

export function bennyMedians(summary: Summary): MedianGrid {
  const grid: MedianGrid = new Map();
  for (const result of summary.results) {
    const [engine, ...rest] = result.name.split(" ");
    const input = rest.join(" ");
    if (!grid.has(input)) grid.set(input, new Map());
    grid.get(input)!.set(engine!, result.details.median * 1000);
  }
  return grid;
}

/**
 * Markdown table of per-input medians (ms): one row per input, one column per engine,
 * one column per ratio [numerator, denominator], and a last row with the median of the
 * inputs' medians.
 */
export function medianTable(grid: MedianGrid, engines: string[], ratios: [string, string][]): string {
  const header = `| input | ${engines.map((e) => `${e} (ms)`).join(" | ")} | ${ratios.map(([a, b]) => `${a} / ${b}`).join(" | ")} |`;
  const rule = `|${" --- |".repeat(1 + engines.length + ratios.length)}`;
  const cell = (ms: number | undefined) => (ms === undefined ? "–" : ms.toFixed(3));
  const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? "–" : `${(a / b).toFixed(2)}×`);
  const row = (label: string, at: (engine: string) => number | undefined) =>
    `| ${label} | ${engines.map((e) => cell(at(e))).join(" | ")} | ${ratios.map(([a, b]) => ratio(at(a), at(b))).join(" | ")} |`;
  const middle = (e: string) => {
    const xs = [...grid.values()]
      .map((m) => m.get(e))
      .filter((x): x is number => x !== undefined)
      .sort((x, y) => x - y);
    return xs.length ? xs[Math.floor(xs.length / 2)] : undefined;
  };
  const rows = [...grid].map(([input, byEngine]) => row(input, (e) => byEngine.get(e)));
  return [header, rule, ...rows, row("**median**", middle)].join("\n");
}
