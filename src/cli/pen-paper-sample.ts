// pen-paper sample: one exactly uniform random tour of an m×n board for any leapers, drawn
// from the frontier DP's layers (src/tours/uniform.ts), printed as the generator prints
// tours (format.ts). `pen-paper --uniform` is the same draw.
import { checkOutputPath } from "../io/atomic-write.js";
import { groupDigits } from "../io/digits.js";
import { writeOutput } from "../io/output.js";
import { UsageError } from "../errors.js";
import { tourChunks, type TourFormat } from "../tours/format.js";
import { formatLeapers, PEN_PAPER_LEAPERS, type Leaper } from "../tours/leapers.js";
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
  // The pen-and-paper square board prints as the generator prints it; any other board or
  // leapers name their moves (and rows and cols), so pen-paper validate reads them back.
  const penPaper = rows === cols && formatLeapers(moves) === formatLeapers(PEN_PAPER_LEAPERS);
  const doc = penPaper ? { size: rows, closed, grid, seed } : { size: rows, rows, cols, moves: formatLeapers(moves), closed, grid, seed };
  const chunks = tourChunks(doc, flags.format);
  await writeOutput(chunks, flags.out);
}
