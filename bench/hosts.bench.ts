// The same kernels in Node and in Chromium, side by side in one run: rounds alternate
// between the two hosts (test/browser/page/suite.ts's benchmarkRound, bundled for the
// browser by esbuild), medians per host. Also the browser bundle size of each subpath
// export (minified JS and its kernels, gzip -9, by scripts/bundle-sizes.mjs). Writes bench/results/hosts.json (every
// round's times) and hosts.md (the tables for BENCHMARKS.md).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cpus } from "node:os";
import { bundleSizeTable } from "../scripts/bundle-sizes.mjs";
import { chromiumAvailable } from "../test/support/chromium.js";
import { openSuite, ROOT } from "../test/browser/harness.js";
import { benchmarkRound, BENCHMARK_BOOKS, readyAll } from "../test/browser/page/suite.js";

const ROUNDS = 9;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function hosts(): Promise<void> {
  const raw: Record<string, unknown> = { machine: `${cpus()[0]?.model ?? "unknown cpu"}, ${cpus().length} cores, node ${process.version}` };
  const lines = (await bundleSizeTable()).split("\n"); // scripts/bundle-sizes.mjs, which also writes the docs' table
  if (chromiumAvailable()) {
    await readyAll();
    const suite = await openSuite();
    const node: Record<string, number>[] = [];
    const chromium: Record<string, number>[] = [];
    const version = suite.browser.version();
    try {
      benchmarkRound(); // warm-up: compiles, builds the housie tables, tiers up
      await suite.call("benchmarkRound");
      for (let round = 0; round < ROUNDS; round++) {
        node.push(benchmarkRound());
        chromium.push(await suite.call<Record<string, number>>("benchmarkRound"));
      }
    } finally {
      await suite.close();
    }
    Object.assign(raw, { rounds: ROUNDS, books: BENCHMARK_BOOKS, nodeMs: node, chromiumMs: chromium });
    const at = (runs: Record<string, number>[], key: string) => median(runs.map((r) => r[key]!));
    const row = (what: string, key: string, format: (ms: number) => string) =>
      `| ${what} | ${format(at(node, key))} | ${format(at(chromium, key))} | ${(at(chromium, key) / at(node, key)).toFixed(2)}× |`;
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    const booksPerSecond = (x: number) => `${Math.round(BENCHMARK_BOOKS / (x / 1000)).toLocaleString("en")} books/s`;
    lines.unshift(
      `| kernel (medians of ${ROUNDS} interleaved rounds) | Node ${process.version} | Chromium ${version} (headless) | Chromium time / Node time |`,
      "| --- | --- | --- | --- |",
      row("7×7 farm count, nothing given (tables kernel; mean of 10 per round)", "count7", (x) => `${x.toFixed(2)} ms`),
      row(`${BENCHMARK_BOOKS.toLocaleString("en")} seeded unique books (housie kernel)`, "books", booksPerSecond),
      row("n = 1000 tour (tours kernel)", "tour1000", ms),
      "",
    );
  }
  const text = lines.join("\n");
  console.log(text);
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(join(ROOT, "bench/results/hosts.md"), `${text}\n`);
  writeFileSync(join(ROOT, "bench/results/hosts.json"), `${JSON.stringify({ ...raw, bundles: lines.filter((l) => l.startsWith("| `")) }, null, 2)}\n`);
}
