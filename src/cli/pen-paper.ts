#!/usr/bin/env node
// pen-paper: generate, count and validate pen-and-paper tours (fill an n×n grid with
// 1..n², each step 3 squares along a row or column or 2 along a diagonal).
import { InvalidArgumentError, Option } from "commander";
import { availableParallelism } from "node:os";
import { InputError, UsageError } from "../errors.js";
import { checkOutputPath } from "../io/atomic-write.js";
import { inputName } from "../io/lines.js";
import { writeOutput } from "../io/output.js";
import { quote } from "../io/quote.js";
import { countToursParallel, MAX_COUNT_SIZE } from "../tours/count.js";
import { TOUR_FORMATS, tourChunks, type TourFormat } from "../tours/format.js";
import { generateTour, type Engine } from "../tours/generate.js";
import { MAX_GENERATE_SIZE, type Square } from "../tours/options.js";
import { readTourFile } from "../tours/read-file.js";
import { validateTour } from "../tours/validate.js";
import { progressOnTerminal } from "./progress.js";
import { createProgram, EXIT_INVALID, integerOption, runMain, seedOption } from "./program.js";
import { runTourMerge, runTourShard } from "./pen-paper-shard.js";

const ENGINES: Engine[] = ["wasm", "ts"];

/** "R,C" with 1-based row and column, as a 0-based square. */
function squareOption(value: string): Square {
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(value);
  if (!match) throw new InvalidArgumentError(`expected ROW,COLUMN (1-based whole numbers), got ${quote(value)}`);
  return [Number(match[1]) - 1, Number(match[2]) - 1];
}

/** Reports squares in the CLI's 1-based terms. */
function checkOnBoard(square: Square | undefined, n: number, flag: string): void {
  if (square && (square[0] < 0 || square[1] < 0 || square[0] >= n || square[1] >= n)) {
    throw new UsageError(`${flag} ${square[0] + 1},${square[1] + 1} is outside the ${n}×${n} board (rows and columns 1 to ${n})`);
  }
}

interface GenerateFlags {
  size: number;
  closed?: boolean;
  start?: Square;
  seed?: bigint;
  format: TourFormat;
  out?: string;
  engine: Engine;
}

async function generateCommand(flags: GenerateFlags): Promise<void> {
  if (flags.out !== undefined) checkOutputPath(flags.out); // before any work
  checkOnBoard(flags.start, flags.size, "--start");
  const seed = flags.seed ?? BigInt(Math.floor(Math.random() * 0x100000000));
  const closed = flags.closed ?? false;
  const grid = generateTour({ size: flags.size, closed, start: flags.start, seed, engine: flags.engine });
  const doc = { size: flags.size, closed, grid, seed };
  await writeOutput(tourChunks(doc, flags.format), flags.out);
}

interface CountFlags {
  size: number;
  closed?: boolean;
  from?: Square;
  threads: number;
  engine: Engine;
  force?: boolean;
  shard?: string;
}

async function countCommand(flags: CountFlags): Promise<void> {
  checkOnBoard(flags.from, flags.size, "--from");
  // A shard is how a count out of reach on one machine gets done: no refusal for it.
  if (flags.shard !== undefined) return runTourShard({ ...flags, shard: flags.shard });
  if (!flags.force) refuseOutOfReach(flags);
  // Progress by finished (start, first step) tasks, only for a person watching.
  const progress = progressOnTerminal("counting", "searches");
  try {
    const count = await countToursParallel({ size: flags.size, closed: flags.closed, from: flags.from, threads: flags.threads, engine: flags.engine, onProgress: progress.update });
    process.stdout.write(`${count}\n`);
  } finally {
    progress.stop();
  }
}

/**
 * Counts documented as out of reach (README, Limits): 8×8 and up, and 7×7 open tours
 * from every start (hours). 7×7 closed tours (minutes) and from one square still run.
 */
function refuseOutOfReach(flags: CountFlags): void {
  const n = flags.size;
  if (n >= 8 || (n === 7 && !flags.closed && !flags.from)) {
    const what = n >= 8 ? `${n}×${n} tours` : "7×7 open tours from every start";
    throw new UsageError(`counting ${what} is out of reach (hours to years on one machine; see the README's Limits); pass --force to run it anyway`);
  }
}

async function validateCommand(file: string): Promise<number> {
  const name = inputName(file);
  let tour;
  try {
    tour = await readTourFile(file);
  } catch (error) {
    throw error instanceof InputError && error.file === undefined ? error.inFile(name) : error;
  }
  const check = validateTour(tour.grid, tour.size);
  const n = tour.size;
  if (!check.ok) {
    process.stdout.write(`${name}: not a tour: ${check.problem}\n`);
    return EXIT_INVALID;
  }
  if (tour.closed === true && !check.closed) {
    process.stdout.write(`${name}: not a closed tour: ${n * n} to 1 is not a legal move\n`);
    return EXIT_INVALID;
  }
  process.stdout.write(`${name}: valid ${check.closed ? "closed" : "open"} tour of a ${n}×${n} board\n`);
  return 0;
}

await runMain("pen-paper", async () => {
  let status = 0;
  const engineOption = () => new Option("--engine <name>", "wasm kernel or the pure TS baseline").choices(ENGINES).default("wasm");
  const program = createProgram(
    "pen-paper",
    "Pen-and-paper tours: fill an n×n grid with 1..n², each step moving 3 squares along a row or column or 2 along a diagonal.",
  )
    .enablePositionalOptions()
    .option("--size <n>", `board side (1, or 5 to ${MAX_GENERATE_SIZE})`, integerOption(1, MAX_GENERATE_SIZE), 5)
    .option("--closed", "a closed tour: the last square is a move away from the first")
    .option("--start <R,C>", "square numbered 1 (1-based row,column; default: chosen by the seed)", squareOption)
    .option("--seed <s>", "reproducible choice among many tours, 0 to 2^64-1 (default: random)", seedOption)
    .addOption(new Option("--format <format>", "output format").choices(TOUR_FORMATS).default("text"))
    .option("--out <file>", "write to FILE (whole or not at all) instead of standard output")
    .addOption(engineOption())
    .action(async (flags: GenerateFlags) => generateCommand(flags));
  program
    .command("count")
    .description("exact number of tours: directed paths (every start and direction), from one square, or distinct closed tours")
    .requiredOption("--size <n>", `board side (1 to ${MAX_COUNT_SIZE}; 6 takes seconds; 7 --closed about 2 minutes, 7 --from a corner about 17 minutes; 7 from every start and 8 up are refused without --force)`, integerOption(1, MAX_COUNT_SIZE))
    .option("--closed", "count closed tours: distinct cycles, or with --from directed closed tours from that square")
    .option("--from <R,C>", "count only tours numbered 1 on this square (1-based row,column)", squareOption)
    .option("--threads <t>", "worker threads", integerOption(1, 256), availableParallelism())
    .option("--shard <i/k>", "compute part i of k (0 ≤ i < k) on one thread and print it as a JSON line; total the parts with `pen-paper merge`")
    .option("--json", "with --shard: the JSON line (the default there)")
    .option("--force", "run a count documented as out of reach (7×7 from every start, 8×8 and up)")
    .addOption(engineOption())
    .addHelpText("after", "\n--engine wasm (default) is the WebAssembly counter, --engine ts its pure TypeScript baseline; both give the same counts.\nOn a terminal a progress bar shows the searches done and an estimate of the time left.")
    .action(async (flags: CountFlags) => countCommand(flags));
  program
    .command("merge")
    .description("total the parts of a sharded count: every part 0..k-1 of one count exactly once")
    .argument("<files...>", 'files of --shard JSON lines, "-" for standard input')
    .option("--json", "print the problem, the number of parts and the count as JSON")
    .action(async (files: string[], flags: { json?: boolean }) => runTourMerge(files, flags.json ?? false));
  program
    .command("validate")
    .description("check a tour file (JSON or text grid); exit 0 valid, 1 broken rules, 2 unreadable")
    .argument("<file>", 'tour file, "-" for standard input')
    .action(async (file: string) => {
      status = await validateCommand(file);
    });
  await program.parseAsync();
  return status;
});
