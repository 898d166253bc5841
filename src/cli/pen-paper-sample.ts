// pen-paper sample: one exactly uniform random tour of an m×n board for any leapers, drawn
// from the frontier DP's layers (src/tours/uniform.ts). Square boards print in every tour
// format (format.ts); other rectangles as text or JSON with rows and cols.
import { checkOutputPath } from "../io/atomic-write.js";
import { groupDigits } from "../io/digits.js";
import { writeOutput } from "../io/output.js";
import { UsageError } from "../errors.js";
import { tourChunks, type TourFormat } from "../tours/format.js";
import { formatLeapers, type Leaper } from "../tours/leapers.js";
import { uniformTourSampler } from "../tours/uniform.js";

export interface SampleFlags {
  rows: number;
  cols: number;
  moves: readonly Leaper[];
  closed?: boolean;
  seed?: bigint;
  format: TourFormat;
  out?: string;
  /** The number of tours drawn among and the states the layers kept, on standard error. */
  stats?: boolean;
}

export async function runSample(flags: SampleFlags): Promise<void> {
  if (flags.out !== undefined) checkOutputPath(flags.out); // before any work
  const { rows, cols, moves } = flags;
  const seed = flags.seed ?? BigInt(Math.floor(Math.random() * 0x100000000));
  const closed = flags.closed ?? false;
  const sampler = uniformTourSampler({ rows, cols, moves, closed });
  const grid = sampler.samples(1, seed).next().value as Int32Array;
  if (flags.stats) {
    const among = closed ? `${groupDigits(sampler.count)} closed tours (cycles)` : `${groupDigits(2n * sampler.count)} open tours (directed paths)`;
    process.stderr.write(`one of ${among}; layers kept ${sampler.keptStates} live states, ${sampler.peakStates} at most in one layer\n`);
  }
  const chunks = rows === cols ? tourChunks({ size: rows, closed, grid, seed }, flags.format)
    : flags.format === "svg" ? tourChunks({ size: rows, rows, cols, moves: formatLeapers(moves), closed, grid: Int32Array.from(grid), seed }, "svg") : rectangleChunks(rows, cols, moves, closed, grid, seed, flags.format);
  await writeOutput(chunks, flags.out);
}

/** A rows×cols tour as text (numbers centred between two rules) or JSON (with rows, cols and moves). */
function* rectangleChunks(rows: number, cols: number, moves: readonly Leaper[], closed: boolean, grid: Int32Array, seed: bigint, format: TourFormat): Generator<string> {
  const line = (r: number): number[] => Array.from(grid.subarray(r * cols, r * cols + cols));
  if (format === "json") {
    yield `{"rows": ${rows}, "cols": ${cols}, "moves": "${formatLeapers(moves)}", "closed": ${closed}, "seed": ${seed}, "grid": [\n`;
    for (let r = 0; r < rows; r++) yield `  [${line(r).join(", ")}]${r + 1 < rows ? "," : ""}\n`;
    yield "]}\n";
    return;
  }
  const width = String(rows * cols).length;
  const rule = `+${"-".repeat(cols * (width + 1) + 1)}+\n`;
  const centred = (text: string): string => " ".repeat(Math.floor((width - text.length) / 2)) + text + " ".repeat(Math.ceil((width - text.length) / 2)); // as format.ts
  yield rule;
  for (let r = 0; r < rows; r++) yield `| ${line(r).map((n) => centred(String(n))).join(" ")} |\n`;
  yield rule;
}
