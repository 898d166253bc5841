#!/usr/bin/env node
// count-farms [FILE|-]: counts the completions of each 7×7 farming-puzzle case.
// count-farms --size N --counts a,b,… [--given "ROW;ROW…"]: one count of the general
// problem (the tables engine).
import { Option } from "commander";
import { availableParallelism } from "node:os";
import { createProgram, integerOption, runMain, seedOption, unknownCommand } from "./program.js";
import { existsSync } from "node:fs";
import { nearestChoice } from "../args.js";
import { progressOnTerminal } from "./progress.js";
import { InputError, UsageError } from "../errors.js";
import { FarmCaseReader, MAX_FARM_LINE } from "../farms/parse.js";
import { inputName, readLines } from "../io/lines.js";
import { writeOutput } from "../io/output.js";
import { generalModeProblem } from "../tables/cli-options.js";
import { DEFAULT_FARM_ENGINE, FARM_ENGINES, farmEngines, type FarmCounter, type FarmEngine } from "../farms/count.js";
import { rowText } from "../farms/rows.js";
import { groupDigits } from "../io/digits.js";
import { countTablesParallel, splitsSymmetric } from "../tables/parallel.js";
import { usesSymmetric, type TablesMethod } from "../tables/count.js";
import { layerProgressOnTerminal } from "./count-farms-layers.js";
import { runSequence } from "./count-farms-sequence.js";
import { estimateReach, outOfReachMessage } from "../tables/reach.js";
import { runTablesExtra, runTablesMerge, wantsTablesExtra, type TablesExtraOptions } from "./count-farms-sample.js";
import { DEFAULT_TABLES_MEMORY_MIB, MAX_TABLES_MEMORY_MIB, MIN_TABLES_MEMORY_MIB, withCountMemoryCap } from "../tables/kernel.js";
import { countSymmetricInFolder } from "../tables/checkpoint.js";
import { symmetricApplies, withoutFreeRules } from "../tables/method.js";
import type { NormalizedProblem } from "../tables/problem.js";

interface CountFarmsOptions extends TablesExtraOptions {
  engine: string;
  json?: boolean;
  pretty?: boolean;
  time?: boolean;
  size?: number;
  counts?: string;
  given?: string;
  allowEqualRows?: boolean;
  allowEqualColumns?: boolean;
  threads?: number;
  checkpoint?: string;
  twoWays?: boolean;
}

/**
 * General mode: one count for --size/--counts/--given and the distinctness flags, by the
 * fast engine (fast-ts if asked; the published engines only know the contest format).
 */
async function countGeneral(options: CountFarmsOptions, file: string | undefined, engineGiven: boolean): Promise<void> {
  if (file !== undefined) throw new UsageError("a FILE cannot be combined with --size/--counts (general mode counts one table problem)");
  if (options.size === undefined || options.counts === undefined) {
    throw new UsageError("the general mode needs both --size N and --counts a,b,… (and optionally --given, --allow-equal-rows, --allow-equal-columns)");
  }
  const engine = engineGiven ? options.engine : "fast";
  if (engine !== "fast" && engine !== "fast-ts") {
    throw new UsageError(`--engine ${options.engine} is the published 7×7 algorithm, for contest files only; use --engine fast or fast-ts with --size`);
  }
  if (options.memory !== undefined && engine !== "fast")
    throw new UsageError("--memory caps the WASM kernel's memory (--engine fast); the fast-ts engine has no cap");
  const tablesEngine = engine === "fast" ? "wasm" : "ts";
  const normalized = generalModeProblem({ ...options, size: options.size, counts: options.counts });
  const { size, counts, given, distinctRows, distinctColumns } = normalized;
  const threads = options.threads ?? (size >= 8 ? availableParallelism() : 1);
  const problem = { size, counts, given: given.map((row) => row.join("")), distinctRows, distinctColumns };
  if (!options.force && !options.sample && !options.list) {
    const estimate = estimateReach(normalized, options.method);
    if (!estimate.withinReach) throw new UsageError(outOfReachMessage(normalized, estimate));
  }
  if (options.twoWays && options.checkpoint === undefined)
    throw new UsageError("--two-ways counts a second way from the layers --checkpoint DIR keeps: give --checkpoint too");
  if (options.checkpoint !== undefined) checkCheckpoint(options, normalized, tablesEngine);
  if (wantsTablesExtra(options)) return runTablesExtra(problem, options, tablesEngine);
  const start = process.hrtime.bigint();
  // A long symmetric count on threads reports its shares of the last layer, each thread building the layers before it.
  const split = usesSymmetric(normalized, options.method) && splitsSymmetric(normalized, tablesEngine, threads);
  const progress = progressOnTerminal("counting", split ? "shares of the middle layer" : "DP jobs");
  const layers = layerProgressOnTerminal();
  let count: bigint | undefined;
  try {
    if (options.checkpoint !== undefined) {
      const dir = options.checkpoint;
      const log = (line: string) => process.stderr.write(`count-farms: ${line}\n`);
      count = await withCountMemoryCap(options.memory, () =>
        countSymmetricInFolder({ size, counts, given: [] }, dir, { threads, memoryCapMiB: options.memory, onLog: log, twoWays: options.twoWays }),
      );
      if (count === undefined) log("a count passed 128 bits: counting again without the checkpoint");
    }
    count ??= await countTablesParallel({
      ...problem,
      engine: tablesEngine,
      method: options.method,
      threads,
      memoryCapMiB: options.memory,
      onProgress: progress.update,
      onLayer: layers.update,
    });
  } finally {
    progress.stop();
    layers.stop();
  }
  const micros = Number(process.hrtime.bigint() - start) / 1000;
  if (options.time) process.stderr.write(`total: ${(micros / 1000).toFixed(3)} ms\n`);
  process.stdout.write(
    (options.json
      ? JSON.stringify({
          ...problem,
          count: count.toString(),
          engine,
          // The symmetric method over the whole table counts in this thread unless it splits its last layer (always, kept in a folder).
          threads: options.checkpoint === undefined && usesSymmetric(normalized, options.method) && !split ? 1 : threads,
          ...(options.twoWays && { twoWays: true }),
          microseconds: Math.round(micros),
        })
      : options.pretty
        ? groupDigits(count)
        : count.toString()) + "\n",
  );
}

/** --checkpoint DIR keeps the layers of the symmetric method meeting in the middle: only counts it makes. */
function checkCheckpoint(options: CountFarmsOptions, normalized: NormalizedProblem, engine: "wasm" | "ts"): void {
  if (options.checkpoint === "") throw new UsageError("--checkpoint: empty folder name (expected a folder for the count's layers)");
  if (wantsTablesExtra(options)) throw new UsageError("--checkpoint keeps a count's layers: not with --sample, --list or --shard");
  if (engine !== "wasm") throw new UsageError("--checkpoint keeps the kernel's layers: not with --engine fast-ts");
  if (options.method === "columns") throw new UsageError("--checkpoint keeps the layers of the symmetric method: not with --method columns");
  const problem = withoutFreeRules(normalized);
  if (problem.given.length > 0 || !symmetricApplies(problem)) {
    throw new UsageError(
      "--checkpoint is for counts by the symmetric method over the whole table: nothing given, and no distinctness rules (--allow-equal-rows --allow-equal-columns) unless a count is 1 (Latin squares)",
    );
  }
}

/**
 * Contest mode, streaming: each case is counted as soon as its two rows are read and its
 * answer goes out at once; memory stays constant however many cases the input holds.
 * Bad input stops the run at that line (answers already printed stay printed).
 */
async function* countCases(file: string, options: CountFarmsOptions): AsyncGenerator<string> {
  const count = farmEngines[options.engine as FarmEngine] as FarmCounter;
  const reader = new FarmCaseReader();
  let totalMicros = 0;
  let k = 0;
  try {
    for await (const line of readLines(file, MAX_FARM_LINE)) {
      const c = reader.push(line.text, line.number, line.cut);
      if (!c) continue;
      k++;
      const start = process.hrtime.bigint();
      const result = count(c.rows[0], c.rows[1]);
      const micros = Number(process.hrtime.bigint() - start) / 1000;
      totalMicros += micros;
      if (options.time) process.stderr.write(`case ${k}: ${(micros / 1000).toFixed(3)} ms\n`);
      yield (
        (options.json
          ? JSON.stringify({ case: k, rows: c.rows.map(rowText), count: result.toString(), engine: options.engine, microseconds: Math.round(micros) })
          : options.pretty
            ? `case ${k}: given ${c.rows.map(rowText).join(" / ")}: ${groupDigits(result)} completions`
            : result.toString()) + "\n"
      );
    }
    reader.end();
  } catch (error) {
    throw error instanceof InputError && error.file === undefined ? error.inFile(inputName(file)) : error;
  }
  if (options.time) process.stderr.write(`total: ${(totalMicros / 1000).toFixed(3)} ms for ${k} case(s)\n`);
}

const MERGE_HELP =
  "Usage: count-farms merge [--json] FILE…\n\n" +
  'Totals the JSON lines of `count-farms --shard i/k` runs ("-": standard input): every part 0..k-1 of one\n' +
  "problem exactly once, or one line naming what is missing or repeated and exit status 2.\n";

/** The commands besides counting a file (`count-farms help` lists them). */
const COMMANDS = ["merge", "sequence", "completion", "help"];

await runMain("count-farms", async () => {
  const program = createProgram(
    "count-farms",
    "Count the ways to complete 7×7 tables (two 0s, two 1s, three 2s in every row and column; rows distinct; columns distinct) below two given rows.",
  )
    .argument("[file]", 'input in the contest format (first line N, then 2N rows); "-" or nothing reads standard input; `count-farms help [merge]` prints help')
    .addOption(
      new Option("--engine <name>", "fast / fast-ts: the general engine in WASM / TypeScript; wasm / ts: the published algorithm")
        .choices(FARM_ENGINES)
        .default(DEFAULT_FARM_ENGINE),
    )
    .option("--json", "one JSON object per case: case, rows, count (decimal string), engine, microseconds")
    .option("--pretty", "for people: each case's number and given rows beside its count, digits grouped (4,909,920)")
    .option("--time", "per-case and total time on stderr")
    .option("--size <n>", "general mode: an n×n table (1 to 16)", integerOption(0))
    .option("--counts <list>", "general mode: how often each symbol appears in every row and column, e.g. 2,2,3")
    .option("--given <rows>", 'general mode: the first rows, e.g. "2100221;0221102"')
    .option("--allow-equal-rows", "general mode: rows need not be different")
    .option("--allow-equal-columns", "general mode: columns need not be different")
    .addOption(
      new Option(
        "--method <name>",
        "general mode: columns (the DP over column multisets, every rule), symmetric (states up to symbol and column permutations: Latin squares and tables without distinctness rules as a whole; with the rules, each job of the column method), auto",
      )
        .choices(["auto", "columns", "symmetric"])
        .default("auto"),
    )
    .option("--threads <n>", "general mode: worker threads (default: all cores for n ≥ 8, else 1)", integerOption(1, 256))
    .option("--sample <k>", "general mode: print K tables drawn exactly uniformly (independently) among those counted", integerOption(0))
    .option("--seed <s>", "with --sample: seeded generator (0 to 2^64-1), same tables on every run and machine; default: the OS CSPRNG", seedOption)
    .option("--list", "general mode: print every table (refused above 10^7 tables unless --force)")
    .option("--force", "with --list: list even more than 10^7 tables; a count: try it even when its states are estimated out of reach")
    .option("--shard <i/k>", "general mode: compute part i of k (0 ≤ i < k) of the count, one JSON line; total them with `count-farms merge`")
    .option(
      "--checkpoint <dir>",
      "general mode, symmetric method over the whole table: keep its layers in files in DIR (a line on stderr for each); run the same count with the same DIR again and it goes on from what is there (for counts of hours)",
    )
    .option(
      "--two-ways",
      "with --checkpoint: count a second way too, the middle layer carried on row by row to the end (its layers kept in DIR as well); the count is printed only if the two agree, else exit 3",
    )
    .option(
      "--memory <MiB>",
      `general mode: cap on the kernel's memory per thread (${DEFAULT_TABLES_MEMORY_MIB} by default, ${MIN_TABLES_MEMORY_MIB} to ${MAX_TABLES_MEMORY_MIB})`,
      integerOption(MIN_TABLES_MEMORY_MIB, MAX_TABLES_MEMORY_MIB),
    )
    .addHelpText(
      "after",
      "\nOutput: one decimal count per case, in input order, each printed as soon as it is counted." +
        "\n--json prints per case: case (1-based number), rows, count (decimal string), engine, microseconds." +
        "\nBad input: one line on stderr naming the file and line, exit status 2; counting stops there." +
        "\nExit status: 0 ok, 2 bad input or options, 3 internal error (a bug; --debug prints the stack)." +
        '\nGeneral mode: count-farms --size N --counts a,b,… [--given "ROW;ROW…"] [--allow-equal-rows] [--allow-equal-columns]' +
        "\nprints one count of N×N tables with those symbol counts in every row and column (rows and columns distinct unless allowed)." +
        "\nOn a terminal a progress bar shows the DP jobs done and an estimate of the time left. A count whose state tables" +
        `\noutgrow the kernel's memory cap (--memory, ${DEFAULT_TABLES_MEMORY_MIB} MiB per thread by default) stops with one line instead of exhausting the machine.` +
        '\n--sample K [--seed S] [--json], --list [--force] [--json]: tables (N rows of digits, a blank line between; --json: one {"rows": […]} a line).' +
        '\n--shard i/k: one JSON line with part i of k; count-farms merge FILE… ("-": stdin) checks parts 0..k-1 and prints the total.' +
        "\ncount-farms sequence NAME [--to N] [--time]: a named family of counts as OEIS b-file lines (count-farms sequence --help lists them)." +
        "\n\nCommands:\n  merge [--json] FILE…       total the parts of --shard runs (count-farms help merge)" +
        "\n  sequence NAME [--to N]     a named sequence of counts as OEIS b-file lines (count-farms help sequence)" +
        '\n  completion bash|zsh        a shell completion script: eval "$(count-farms completion bash)"' +
        "\n  help [merge|sequence]      this help, or a command's",
    );
  if (process.argv[2] === "help") {
    // count-farms help [merge|sequence]: help as a subcommand too (a file named help: ./help).
    const topic = process.argv[3];
    if (topic === "sequence") return runSequence(["--help"]);
    if (topic !== undefined && topic !== "merge") throw unknownCommand(topic, COMMANDS);
    process.stdout.write(topic === "merge" ? MERGE_HELP : program.helpInformation());
    return;
  }
  const first = process.argv[2];
  // A slip for a command (count-farms merg) when no file has that name.
  if (
    first !== undefined &&
    !first.startsWith("-") &&
    first !== "-" &&
    !COMMANDS.includes(first) &&
    !existsSync(first) &&
    nearestChoice(first, COMMANDS) !== undefined
  ) {
    throw unknownCommand(first, COMMANDS);
  }
  if (process.argv[2] === "completion") {
    const { completionScript } = await import("./completion.js");
    process.stdout.write(
      completionScript("count-farms", process.argv[3] ?? "", program, {
        merge: ["--json"],
        sequence: ["--to", "--time", "--threads"],
        completion: [],
        help: [],
      }),
    );
    return;
  }
  if (process.argv[2] === "sequence") {
    await runSequence(process.argv.slice(3));
    return;
  }
  if (process.argv[2] === "merge") {
    // count-farms merge FILE…: the total of --shard parts (a command of its own).
    const args = process.argv.slice(3);
    await runTablesMerge(
      args.filter((a) => a !== "--json"),
      args.includes("--json"),
    );
    return;
  }
  program.parse();
  const options = program.opts<CountFarmsOptions>();
  const method = program.getOptionValueSource("method") === "default" ? undefined : options.method;
  const general = [
    options.size,
    options.counts,
    options.given,
    options.allowEqualRows,
    options.allowEqualColumns,
    options.threads,
    options.sample,
    options.list,
    options.shard,
    options.seed,
    options.force,
    options.memory,
    options.checkpoint,
    options.twoWays,
    method,
  ];
  if (general.some((value) => value !== undefined)) {
    await countGeneral(options, program.args[0], program.getOptionValueSource("engine") !== "default");
    return;
  }
  await writeOutput(countCases(program.args[0] ?? "-", options));
});
