// pen-paper sample: one exactly uniform random tour of an m×n board for any leapers, drawn
// from the frontier DP's layers (src/tours/uniform.ts), printed as the generator prints
// tours (format.ts). `pen-paper --uniform` is the same draw.
import { checkOutputPath } from "../io/atomic-write.js";
import { groupDigits } from "../io/digits.js";
import { writeOutput } from "../io/output.js";
import { UsageError } from "../errors.js";
import { tourChunks, type TourFormat } from "../tours/format.js";
import { formatLeapers, PEN_PAPER_LEAPERS, type Leaper } from "../tours/leapers.js";
import { uniformTourSampler, type UniformTourSampler } from "../tours/uniform.js";
import { uniformTourSamplerOnDisk, type DiskTourSampler } from "../tours/uniform-disk.js";
import { diskForPeople } from "../io/checkpoint-store.js";

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
  /** --checkpoint DIR: the layers on disk in DIR (uniform-disk.ts); a second sample with it draws at once. */
  checkpoint?: string;
  /** --disk MiB (with --checkpoint): the most the folder's files may take. */
  disk?: number;
  /** --memory MiB (with --checkpoint): the kernel's cap on its input buffer and table. */
  memory?: number;
}

/** The sampler of --checkpoint DIR, a line on standard error per step of its passes. */
function diskSampler(flags: SampleFlags, closed: boolean): DiskTourSampler {
  const { rows, cols, moves } = flags;
  return uniformTourSamplerOnDisk({
    rows,
    cols,
    moves,
    closed,
    checkpoint: flags.checkpoint!,
    ...(flags.disk !== undefined ? { diskCapMiB: flags.disk } : {}),
    ...(flags.memory !== undefined ? { memoryCapMiB: flags.memory } : {}),
    onResume: (line) => process.stderr.write(`${line}\n`),
    onProgress: (phase, step, steps, states, { diskBytes, cpuSeconds }) => {
      const counted = `${states} ${phase === "forward" ? "" : "live "}state${states === 1 ? "" : "s"}`;
      const where = phase === "forward" ? `count: step ${step} of ${steps}, ${counted}` : `ways onward: layer ${step} of ${steps}, ${counted}`;
      process.stderr.write(`${where}, disk ${diskForPeople(diskBytes)}, CPU ${cpuSeconds.toFixed(0)} s in all runs (checkpoint written)\n`);
    },
  });
}

export async function runSample(flags: SampleFlags): Promise<void> {
  if (flags.out !== undefined) checkOutputPath(flags.out); // before any work
  const { rows, cols, moves } = flags;
  const seed = flags.seed ?? BigInt(Math.floor(Math.random() * 0x100000000));
  const closed = flags.closed ?? false;
  if (flags.checkpoint === undefined && (flags.disk !== undefined || flags.memory !== undefined))
    throw new UsageError(`${flags.disk !== undefined ? "--disk" : "--memory"} is for a draw from layers on disk: give --checkpoint DIR too`);
  const disk = flags.checkpoint === undefined ? undefined : diskSampler(flags, closed);
  let grid: Int32Array;
  let sampler: UniformTourSampler;
  try {
    sampler = disk ?? uniformTourSampler({ rows, cols, moves, closed });
    grid = sampler.samples(1, seed).next().value as Int32Array;
  } finally {
    disk?.close();
  }
  if (flags.stats) {
    const among = closed ? `${groupDigits(sampler.count)} closed tours (cycles)` : `${groupDigits(2n * sampler.count)} open tours (directed paths)`;
    const files = disk ? `; files ${diskForPeople(disk.diskBytes())}, CPU ${disk.cpuSeconds.toFixed(1)} s to make them (every run)` : "";
    process.stderr.write(`one of ${among}; layers kept ${sampler.keptStates} live states, ${sampler.peakStates} at most in one layer${files}\n`);
  }
  // The pen-and-paper square board prints as the generator prints it; any other board or
  // leapers name their moves (and rows and cols), so pen-paper validate reads them back.
  const penPaper = rows === cols && formatLeapers(moves) === formatLeapers(PEN_PAPER_LEAPERS);
  const doc = penPaper ? { size: rows, closed, grid, seed } : { size: rows, rows, cols, moves: formatLeapers(moves), closed, grid, seed };
  const chunks = tourChunks(doc, flags.format);
  await writeOutput(chunks, flags.out);
}
