// The browser side of the browser tests (and of bench/browser.ts): bundled by esbuild for
// the browser from the package's own entry points, loaded by a page in Chromium. Every
// function returns plain data (counts as decimal strings) for the Node side to compare.
import { ready as farmsReady, countFarm, parseFarmInput } from "tabula-grids/farms";
import { ready as tablesReady, countTables, countTablesParallel } from "tabula-grids/tables";
import { ready as housieReady, countHousie, HousieRun } from "tabula-grids/housie";
import { ready as toursReady, countToursParallel, generateTour, validateTour } from "tabula-grids/tours";

export async function readyAll(): Promise<void> {
  await Promise.all([farmsReady(), tablesReady(), housieReady(), toursReady()]);
}

/** The count for each case of a contest input, in order. */
export function contestAnswers(input: string): string[] {
  return parseFarmInput(input).map(({ rows }) => String(countFarm(rows[0], rows[1])));
}

export function tableCount(problem: Parameters<typeof countTables>[0]): string {
  return String(countTables(problem));
}

/** countTablesParallel outside Node (one thread): must equal countTables. */
export async function tableCountParallel(problem: Parameters<typeof countTables>[0], threads: number): Promise<string> {
  return String(await countTablesParallel({ ...problem, threads }));
}

export async function tourCountParallel(size: number): Promise<string> {
  return String(await countToursParallel({ size, threads: 2 }));
}

export function housieCounts(): Record<string, string> {
  return Object.fromEntries(Object.entries(countHousie()).map(([key, value]) => [key, String(value)]));
}

/** Raw cells of `count` seeded books (or tickets), as hex. */
export function seededCells(kind: "books" | "tickets", seed: string, count: number): string {
  const { cells } = new HousieRun(kind, { seed: BigInt(seed) }).nextCells(count);
  return Array.from(cells, (c) => c.toString(16).padStart(2, "0")).join("");
}

/** Books from the host's CSPRNG (globalThis.crypto): how many came back, and their first ticket's cells. */
export function unseededBooks(count: number): number {
  return new HousieRun("books", {}).nextCells(count).cells.length;
}

/** A generated tour's check, and a checksum to compare with Node's. */
export function tour(size: number, closed: boolean, seed: number): { ok: boolean; closed: boolean; problem?: string; checksum: string } {
  const grid = generateTour({ size, closed, seed });
  let checksum = 0n;
  for (let i = 0; i < grid.length; i++) checksum = (checksum * 1000003n + BigInt(grid[i]!)) % (1n << 61n);
  return { ...validateTour(grid, size), checksum: String(checksum) };
}

/** Milliseconds of one call of `work`. */
function timeMs(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

const BENCH_BOOKS = 100_000;

/** One round of the side-by-side benchmark (bench/hosts.bench.ts runs it in Node and in Chromium, interleaved). */
export function benchmarkRound(): Record<string, number> {
  return {
    // Ten counts per round: one takes about a millisecond, near the browser timer's grain.
    count7:
      timeMs(() => {
        for (let i = 0; i < 10; i++) countTables({ size: 7, counts: [2, 2, 3] });
      }) / 10,
    books: timeMs(() => {
      const run = new HousieRun("books", { seed: 7n });
      for (let left = BENCH_BOOKS; left > 0; left -= 4096) run.nextCells(Math.min(4096, left));
    }),
    tour1000: timeMs(() => generateTour({ size: 1000 })),
  };
}

export const BENCHMARK_BOOKS = BENCH_BOOKS;
