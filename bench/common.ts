// Helpers shared by the bench suites: benny's save() options for bench/results/, and a
// median-of-runs timer for side-by-side ratios that benny's ops/s do not show directly.
import { save } from "benny";

/** benny save() steps writing bench/results/<name>.json and <name>.chart.html. */
export function saveResults(name: string) {
  return [
    save({ file: name, folder: "bench/results", format: "json", details: true }),
    save({ file: name, folder: "bench/results", format: "chart.html", details: true }),
  ];
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
