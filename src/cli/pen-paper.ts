#!/usr/bin/env node
// pen-paper: generate, count and validate pen-and-paper tours (fill an n×n grid with
// 1..n², each step 3 squares along a row or column or 2 along a diagonal), and tours of
// any leapers (--moves; 1,2 is the knight) on m×n boards.
import { InvalidArgumentError, Option, type Command } from "commander";
import { availableParallelism } from "node:os";
import { InputError, UsageError } from "../errors.js";
import { checkOutputPath } from "../io/atomic-write.js";
import { groupDigits } from "../io/digits.js";
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
import { createProgram, EXIT_INVALID, integerOption, runMain, seedOption, unknownCommand } from "./program.js";
import { runTourMerge, runTourShard } from "./pen-paper-shard.js";
import { runFrontierCount, type FrontierCountFlags } from "./pen-paper-frontier.js";
import { MAX_FRONTIER_SIDE } from "../tours/frontier.js";
import { PEN_PAPER_LEAPERS, formatLeapers, parseLeapers, type Leaper } from "../tours/leapers.js";
import { canonicalFrontierProblem } from "./pen-paper-frontier.js";
import { toursConstants } from "../wasm/generated/tours.js";
import { runSample, type SampleFlags } from "./pen-paper-sample.js";

const ENGINES: Engine[] = ["wasm", "ts"];
/** Counting engines: the frontier DP (default) or the depth-first search, each as the kernel or its TS baseline. */
const COUNT_ENGINES = ["frontier", "frontier-ts", "search", "search-ts"] as const;
type CountEngine = (typeof COUNT_ENGINES)[number];

/** "R,C" with 1-based row and column, as a 0-based square. */
function squareOption(value: string): Square {
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(value);
  if (!match) throw new InvalidArgumentError(`expected ROW,COLUMN (1-based whole numbers), got ${quote(value)}`);
  return [Number(match[1]) - 1, Number(match[2]) - 1];
}

function movesOption(value: string): Leaper[] {
  try {
    return parseLeapers(value);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

/** Reports squares in the CLI's 1-based terms. */
function checkOnBoard(square: Square | undefined, n: number, flag: string): void {
  if (square && (square[0] < 0 || square[1] < 0 || square[0] >= n || square[1] >= n)) {
    throw new UsageError(`${flag} ${square[0] + 1},${square[1] + 1} is outside the ${n}×${n} board (rows and columns 1 to ${n})`);
  }
}

interface GenerateFlags {
  size: number;
  rows?: number;
  cols?: number;
  moves?: Leaper[];
  closed?: boolean;
  start?: Square;
  seed?: bigint;
  format: TourFormat;
  out?: string;
  engine: Engine;
  /** Draw the tour exactly uniformly among all tours of the board (pen-paper sample). */
  uniform?: boolean;
}

async function generateCommand(flags: GenerateFlags, sizeGiven: boolean): Promise<void> {
  if (flags.out !== undefined) checkOutputPath(flags.out); // before any work
  if (flags.uniform) {
    if (flags.start !== undefined) throw new UsageError("--uniform draws the start square too; leave out --start");
    const { rows, cols } = generateBoard(flags, sizeGiven);
    return runSample({ rows, cols, moves: flags.moves ?? PEN_PAPER_LEAPERS, closed: flags.closed, seed: flags.seed, format: flags.format, out: flags.out });
  }
  const seed = flags.seed ?? BigInt(Math.floor(Math.random() * 0x100000000));
  const closed = flags.closed ?? false;
  const moves = flags.moves ?? PEN_PAPER_LEAPERS;
  const penPaper = formatLeapers(moves) === formatLeapers(PEN_PAPER_LEAPERS);
  if (flags.rows === undefined && flags.cols === undefined && penPaper) {
    // The pen-and-paper square board, as ever (its outputs name no moves).
    checkOnBoard(flags.start, flags.size, "--start");
    const grid = generateTour({ size: flags.size, closed, start: flags.start, seed, engine: flags.engine });
    const doc = { size: flags.size, closed, grid, seed };
    return writeOutput(tourChunks(doc, flags.format), flags.out);
  }
  const { rows, cols } = generateBoard(flags, sizeGiven);
  checkOnRectangle(flags.start, rows, cols, "--start");
  const grid = generateTour({ moves, rows, cols, closed, start: flags.start, seed, engine: flags.engine });
  const doc = { size: rows, rows, cols, moves: formatLeapers(moves), closed, grid, seed };
  await writeOutput(tourChunks(doc, flags.format), flags.out);
}

/** The board of a leaper tour: --rows M --cols N (both), or --size N. */
function generateBoard(flags: GenerateFlags, sizeGiven: boolean): { rows: number; cols: number } {
  if (flags.rows === undefined && flags.cols === undefined) return { rows: flags.size, cols: flags.size };
  if (sizeGiven) throw new UsageError("give --size N, or --rows M and --cols N, not both");
  if (flags.rows === undefined || flags.cols === undefined) throw new UsageError("give both --rows M and --cols N (or --size N for a square board)");
  return { rows: flags.rows, cols: flags.cols };
}

/** count's options: the frontier count's (pen-paper-frontier.ts), the board as given, and the search engine's. */
interface CountFlags extends Omit<FrontierCountFlags, "rows" | "cols" | "moves" | "engine"> {
  size?: number;
  rows?: number;
  cols?: number;
  moves: Leaper[];
  threads: number;
  engine: CountEngine;
  force?: boolean;
}

/** The board of `count` (or `sample`): --size N, or --rows M --cols N (both). */
function countBoard(flags: Pick<CountFlags, "size" | "rows" | "cols">, command = "count"): { rows: number; cols: number } {
  if (flags.size !== undefined) {
    if (flags.rows !== undefined || flags.cols !== undefined) throw new UsageError("give --size N, or --rows M and --cols N, not both");
    return { rows: flags.size, cols: flags.size };
  }
  if (flags.rows === undefined || flags.cols === undefined) throw new UsageError(`${command} needs the board: --size N, or --rows M and --cols N`);
  return { rows: flags.rows, cols: flags.cols };
}

function checkOnRectangle(square: Square | undefined, rows: number, cols: number, flag: string): void {
  if (square && (square[0] < 0 || square[1] < 0 || square[0] >= rows || square[1] >= cols)) {
    throw new UsageError(`${flag} ${square[0] + 1},${square[1] + 1} is outside the ${rows}×${cols} board (rows 1 to ${rows}, columns 1 to ${cols})`);
  }
}

async function countCommand(flags: CountFlags): Promise<void> {
  const { rows, cols } = countBoard(flags);
  if (flags.pretty && (flags.json || flags.shard !== undefined))
    throw new UsageError("--pretty is for people: not with --json or --shard (their counts are decimal strings for programs)");
  checkOnRectangle(flags.from, rows, cols, "--from");
  checkOnRectangle(flags.to, rows, cols, "--to");
  if (!flags.engine.startsWith("search")) {
    const frontierFlags: FrontierCountFlags = {
      rows,
      cols,
      moves: flags.moves,
      closed: flags.closed,
      from: flags.from,
      to: flags.to,
      shard: flags.shard,
      engine: flags.engine === "frontier-ts" ? "ts" : "wasm",
      stats: flags.stats,
      memory: flags.memory,
      hostLayers: flags.hostLayers,
      checkpoint: flags.checkpoint,
      disk: flags.disk,
      buckets: flags.buckets,
      json: flags.json,
      pretty: flags.pretty,
      byStart: flags.byStart,
    };
    return runFrontierCount(frontierFlags);
  }
  // The search engine: square boards, the pen-and-paper moves, no --to.
  if (flags.checkpoint !== undefined) throw new UsageError(`--checkpoint keeps the frontier engine's layers: not with --engine ${flags.engine}`);
  if (flags.disk !== undefined || flags.buckets !== undefined)
    throw new UsageError(`--disk keeps the frontier engine's layers in bucket files: not with --engine ${flags.engine}`);
  if (rows !== cols) throw new UsageError(`--engine ${flags.engine} counts square boards only (--size N); --engine frontier counts ${rows}×${cols}`);
  if (flags.to) throw new UsageError(`--engine ${flags.engine} has no --to; --engine frontier counts paths between two squares`);
  if (flags.byStart) throw new UsageError(`--by-start sums the frontier engine's counts: not with --engine ${flags.engine}`);
  if (formatLeapers(flags.moves) !== formatLeapers(PEN_PAPER_LEAPERS))
    throw new UsageError(`--engine ${flags.engine} knows only the pen-and-paper moves 0,3+2,2; --engine frontier counts any leapers`);
  if (rows > MAX_COUNT_SIZE) throw new UsageError(`--engine ${flags.engine} counts boards up to ${MAX_COUNT_SIZE}×${MAX_COUNT_SIZE}, not ${rows}×${rows}`);
  return searchCount({ ...flags, size: rows, engine: flags.engine === "search-ts" ? "ts" : "wasm" });
}

interface SearchFlags {
  size: number;
  closed?: boolean;
  from?: Square;
  threads: number;
  engine: Engine;
  force?: boolean;
  shard?: string;
  json?: boolean;
  pretty?: boolean;
}

async function searchCount(flags: SearchFlags): Promise<void> {
  // A shard is how a count out of reach on one machine gets done: no refusal for it.
  if (flags.shard !== undefined) return runTourShard({ ...flags, shard: flags.shard });
  if (!flags.force) refuseOutOfReach(flags);
  // Progress by finished (start, first step) tasks, only for a person watching.
  const progress = progressOnTerminal("counting", "searches");
  try {
    const count = await countToursParallel({
      size: flags.size,
      closed: flags.closed,
      from: flags.from,
      threads: flags.threads,
      engine: flags.engine,
      onProgress: progress.update,
    });
    const problem = {
      ...canonicalFrontierProblem({ rows: flags.size, cols: flags.size, moves: PEN_PAPER_LEAPERS, closed: flags.closed, from: flags.from }),
      method: "search",
    };
    process.stdout.write(
      flags.json
        ? `${JSON.stringify({ ...problem, count: count.toString(), engine: flags.engine === "ts" ? "search-ts" : "search" })}\n`
        : `${flags.pretty ? groupDigits(count) : count}\n`,
    );
  } finally {
    progress.stop();
  }
}

/**
 * Counts documented as out of reach (docs/tours.md, Limits): 8×8 and up, and 7×7 open tours
 * from every start (hours). 7×7 closed tours (minutes) and from one square still run.
 */
function refuseOutOfReach(flags: SearchFlags): void {
  const n = flags.size;
  if (n >= 8 || (n === 7 && !flags.closed && !flags.from)) {
    const what = n >= 8 ? `${n}×${n} tours` : "7×7 open tours from every start";
    throw new UsageError(`counting ${what} is out of reach by search (hours to years on one machine); use --engine frontier, or pass --force to run it anyway`);
  }
}

/** The board and leapers of `count` and `sample`: --size N or --rows M --cols N, and --moves. */
function boardOptions(command: Command): Command {
  return command
    .option("--size <n>", `square board side (1 to ${MAX_FRONTIER_SIDE})`, integerOption(1, MAX_FRONTIER_SIDE))
    .option("--rows <m>", `board rows (with --cols)`, integerOption(1, MAX_FRONTIER_SIDE))
    .option("--cols <n>", `board columns (with --rows)`, integerOption(1, MAX_FRONTIER_SIDE))
    .option("--moves <a,b+…>", "the leapers, joined by +: a leaper a,b moves ±a along one axis and ±b along the other (1,2 is the knight)", movesOption, [
      ...PEN_PAPER_LEAPERS,
    ]);
}

async function validateCommand(file: string, given: Leaper[] | undefined): Promise<number> {
  const name = inputName(file);
  let tour;
  try {
    tour = await readTourFile(file);
  } catch (error) {
    throw error instanceof InputError && error.file === undefined ? error.inFile(name) : error;
  }
  if (given && tour.moves && formatLeapers(given) !== formatLeapers(tour.moves)) {
    throw new UsageError(`${name} names the moves ${formatLeapers(tour.moves)}, but --moves says ${formatLeapers(given)}`);
  }
  const moves = given ?? tour.moves;
  const { rows, cols } = tour;
  const check = moves ? validateTour(tour.grid, { rows, cols, moves }) : validateTour(tour.grid, tour.size);
  if (!check.ok) {
    process.stdout.write(`${name}: not a tour: ${check.problem}\n`);
    return EXIT_INVALID;
  }
  if (tour.closed === true && !check.closed) {
    process.stdout.write(`${name}: not a closed tour: ${rows * cols} to 1 is not a legal move\n`);
    return EXIT_INVALID;
  }
  const of = moves && formatLeapers(moves) !== formatLeapers(PEN_PAPER_LEAPERS) ? ` (moves ${formatLeapers(moves)})` : "";
  process.stdout.write(`${name}: valid ${check.closed ? "closed" : "open"} tour of a ${rows}×${cols} board${of}\n`);
  return 0;
}

await runMain("pen-paper", async () => {
  let status = 0;
  const engineOption = () => new Option("--engine <name>", "wasm kernel or the pure TS baseline").choices(ENGINES).default("wasm");
  const program = createProgram(
    "pen-paper",
    "Pen-and-paper tours: fill an n×n grid with 1..n², each step moving 3 squares along a row or column or 2 along a diagonal. With --moves (1,2: the knight) and --rows/--cols, tours of any leapers on any board.",
  )
    .enablePositionalOptions()
    .helpCommand("help [command]", "show help for a command (pen-paper help count)")
    .option("--size <n>", `board side (1, or 5 to ${MAX_GENERATE_SIZE})`, integerOption(1, MAX_GENERATE_SIZE), 5)
    .option("--rows <m>", `board rows, with --cols, for any leapers (1 to ${MAX_GENERATE_SIZE})`, integerOption(1, MAX_GENERATE_SIZE))
    .option("--cols <n>", `board columns, with --rows (1 to ${MAX_GENERATE_SIZE})`, integerOption(1, MAX_GENERATE_SIZE))
    .option("--moves <a,b+…>", "the leapers, joined by + (default 0,3+2,2, the pen-and-paper moves; 1,2 is the knight)", movesOption)
    .option("--closed", "a closed tour: the last square is a move away from the first")
    .option("--start <R,C>", "square numbered 1 (1-based row,column; default: chosen by the seed)", squareOption)
    .option("--seed <s>", "reproducible choice among many tours, 0 to 2^64-1 (default: random)", seedOption)
    .addOption(new Option("-f, --format <format>", "output format").choices(TOUR_FORMATS).default("text"))
    .option("-o, --out <file>", "write to FILE (whole or not at all) instead of standard output")
    .addOption(engineOption())
    .option("--uniform", "draw the tour exactly uniformly among all tours of the board (as pen-paper sample: boards whose counting layers fit in memory)")
    .action(async (flags: GenerateFlags) => generateCommand(flags, program.getOptionValueSource("size") !== "default"));
  boardOptions(
    program
      .command("count")
      .description(
        "exact number of tours (Hamiltonian paths and cycles of the leaper graph): directed paths over every start, from a square, to a square, or distinct closed tours",
      ),
  )
    .option("--closed", "count closed tours: distinct cycles, or with --from directed closed tours from that square (2 × cycles)")
    .option("--from <R,C>", "count only tours numbered 1 on this square (1-based row,column)", squareOption)
    .option("--to <R,C>", "count only open tours ending on this square (1-based row,column)", squareOption)
    .option(
      "--by-start",
      "frontier engine: directed paths counted a second way, as the sum over the start squares alike under the board's symmetries of the paths from one of them (a line a class on standard error; with --checkpoint DIR, each in DIR/from-R-C, and runs of the same command share the classes)",
    )
    .option("--threads <t>", "worker threads (search engine)", integerOption(1, 256), availableParallelism())
    .option("--shard <i/k>", "compute part i of k (0 ≤ i < k) on one thread and print it as a JSON line; total the parts with `pen-paper merge`")
    .option(
      "--json",
      "one JSON line: the problem (rows, cols, moves, closed, from, to), count (a decimal string) and engine; with --shard the part's line (the default there)",
    )
    .option("--pretty", "group the count's digits in threes for people (8,250,272); not with --json or --shard")
    .option(
      "--stats",
      "frontier engine: print the frontier width, peak states, dead states dropped, bytes a state, table memory and CPU time to standard error (with --json: in the JSON line)",
    )
    .option(
      "--memory <MiB>",
      `frontier engine: cap on the state tables (default ${toursConstants.FRONTIER_DEFAULT_CAP_MIB}; 4096: all the kernel's memory has above its own data)`,
      integerOption(16, 4096),
    )
    .addOption(new Option("--host-layers", "frontier engine: keep the DP's layers in this process's memory, not the kernel's (docs/tours.md)").hideHelp())
    .option(
      "--checkpoint <dir>",
      "frontier engine: keep the DP's layers in files in DIR, a line on standard error per step; run the same count with the same DIR again and it goes on from its last finished step (for counts of hours)",
    )
    .option(
      "--disk <MiB>",
      "frontier engine, with --checkpoint: each step expands the last layer once into bucket files and sums them bucket by bucket (for layers larger than memory); the count's files never take more than MiB, else it stops with its checkpoint kept",
      integerOption(1),
    )
    .addOption(
      new Option("--buckets <N>", "with --disk: split each step into N buckets (a power of two, 1 to 256; default chosen each step from --memory)")
        .argParser(integerOption(1, toursConstants.FRONTIER_MAX_BUCKETS))
        .hideHelp(),
    )
    .option("--force", "search engine: run a count documented as out of reach (7×7 from every start, 8×8 and up)")
    .addOption(
      new Option(
        "--engine <name>",
        "frontier (default): the frontier DP in WebAssembly, frontier-ts its TypeScript baseline; search, search-ts: the depth-first search (n×n, pen-and-paper moves)",
      )
        .choices(COUNT_ENGINES)
        .default("frontier"),
    )
    .addHelpText(
      "after",
      "\nAll engines give the same counts where they all run. The frontier DP counts m×n boards for any leapers; the search,\nthe cross-check, counts n×n pen-and-paper boards up to 7×7 (and shows a progress bar on a terminal).",
    )
    .action(async (flags: CountFlags) => countCommand(flags));
  // pen-paper sample: one exactly uniform random tour (src/tours/uniform.ts), the count's board and moves options.
  boardOptions(
    program
      .command("sample")
      .description(
        "one exactly uniform random tour among all tours of the board (closed: every cycle equally likely; open: every directed path), drawn from the frontier counter's layers (in memory: 6×6 knight and 7×7 pen-and-paper closed take seconds; with --checkpoint, on disk)",
      ),
  )
    .option("--closed", "a closed tour: the last square is a move away from the first")
    .option("--seed <s>", "reproducible draw, 0 to 2^64-1 (default: random)", seedOption)
    .addOption(new Option("-f, --format <format>", "output format").choices(TOUR_FORMATS).default("text"))
    .option("-o, --out <file>", "write to FILE (whole or not at all) instead of standard output")
    .option("--stats", "print how many tours it drew among and the states the layers kept to standard error")
    .option(
      "--checkpoint <dir>",
      "keep the layers on disk in DIR (for boards past memory), a line on standard error per step; a run stopped goes on from its last step, and a second sample with the same DIR draws at once",
    )
    .option("--disk <MiB>", "with --checkpoint: the folder's files never take more than MiB, else it stops with its checkpoint kept", integerOption(1))
    .option(
      "--memory <MiB>",
      `with --checkpoint: cap on the kernel's table (default ${toursConstants.FRONTIER_DEFAULT_CAP_MIB}; one layer's ways onward must fit it)`,
      integerOption(16, 4096),
    )
    .action(async (flags: Omit<SampleFlags, "rows" | "cols"> & Pick<CountFlags, "size" | "rows" | "cols">) =>
      runSample({ ...flags, ...countBoard(flags, "sample") }),
    );
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
    .option("--moves <a,b+…>", "the leapers the tour uses (default: the moves the file names, else 0,3+2,2)", movesOption)
    .action(async (file: string, flags: { moves?: Leaper[] }) => {
      status = await validateCommand(file, flags.moves);
    });
  program
    .command("completion")
    .description('print a bash or zsh completion script: eval "$(pen-paper completion bash)"')
    .argument("<shell>", "bash or zsh")
    .action(async (shell: string) => void process.stdout.write((await import("./completion.js")).completionScript("pen-paper", shell, program)));
  const first = process.argv[2];
  const commands = [...program.commands.map((c) => c.name()), "help"];
  if (first !== undefined && !first.startsWith("-") && !commands.includes(first)) throw unknownCommand(first, commands);
  await program.parseAsync();
  return status;
});
