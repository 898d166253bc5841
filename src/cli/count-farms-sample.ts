// count-farms' general-mode extras: --sample K (exactly uniform tables), --list (every
// table), --shard i/k (one part of the count, a JSON line), and `count-farms merge`.
import { terminalBar } from "./progress.js";
import { UsageError } from "../errors.js";
import { writeChunk } from "../io/atomic-write.js";
import { parseShardSpec, shardLine } from "../shards/index.js";
import { countTableShard, canonicalTableProblem } from "../tables/shard.js";
import { MAX_LIST_COUNT, prepareSampler, tableByteDrawer } from "../tables/sample.js";
import { enumerateTables } from "../tables/list.js";
import { buildSampleGraph } from "../tables/sample-graph.js";
import { countMethod, countTables, jobMethod, type TablesMethod } from "../tables/count.js";
import { withCountMemoryCap } from "../tables/kernel.js";
import { normalizeProblem, type TableProblem, type TablesEngine } from "../tables/problem.js";
import { parseSeed } from "../core/random.js";
import { mergeShardFiles } from "./shard-merge.js";

export interface TablesExtraOptions {
  sample?: number;
  seed?: bigint;
  list?: boolean;
  force?: boolean;
  shard?: string;
  json?: boolean;
  /** The kernel's memory cap in MiB for a count (--memory). */
  memory?: number;
  /** How a --shard part counts its jobs (--method; the symmetric method over the whole table has no jobs, so its parts run the column DP). */
  method?: TablesMethod;
}

/** True when any of the extras (or a flag of theirs) is given. */
export function wantsTablesExtra(options: TablesExtraOptions): boolean {
  return options.sample !== undefined || options.list === true || options.shard !== undefined || options.seed !== undefined;
}

/** Flags that only make sense with one of the extras. */
function checkCombination(options: TablesExtraOptions): void {
  const modes = [options.sample !== undefined && "--sample", options.list && "--list", options.shard !== undefined && "--shard"].filter(Boolean);
  if (modes.length > 1) throw new UsageError(`${modes.join(" and ")} cannot be combined: pick one`);
  if (options.seed !== undefined && options.sample === undefined) throw new UsageError("--seed only applies to --sample");
  if (options.force && options.sample !== undefined) throw new UsageError("--force applies to --list and to counts, not to --sample");
  if (options.memory !== undefined && (options.sample !== undefined || options.list))
    throw new UsageError("--memory applies to counts (and --shard), not to --sample or --list");
}

function tableText(table: readonly (readonly number[])[], json: boolean): string {
  const rows = table.map((row) => row.join(""));
  return json ? `${JSON.stringify({ rows })}\n` : `${rows.join("\n")}\n`;
}

const SAMPLE_BATCH = 1024;
const DIGIT = 48; // "0"

/** Text of tables given as n·n symbol bytes each: rows of digits and a blank line between, or one JSON object a line. */
function formatTables(bytes: Uint8Array, n: number, json: boolean, first: boolean): string {
  const count = bytes.length / (n * n);
  if (json) {
    let text = "";
    for (let t = 0; t < count; t++) {
      const rows: string[] = [];
      for (let i = 0; i < n; i++) rows.push(String.fromCharCode(...bytes.subarray((t * n + i) * n, (t * n + i + 1) * n).map((s) => s + DIGIT)));
      text += `{"rows":${JSON.stringify(rows)}}\n`;
    }
    return text;
  }
  // n rows of n digits and a newline each, and a blank line before every table but the very first.
  const tableBytes = n * (n + 1) + 1;
  const out = Buffer.alloc(count * tableBytes - (first ? 1 : 0));
  let at = 0;
  for (let t = 0; t < count; t++) {
    if (t > 0 || !first) out[at++] = 10;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) out[at++] = bytes[(t * n + i) * n + j]! + DIGIT;
      out[at++] = 10;
    }
  }
  return out.toString("latin1");
}

/** Runs --sample, --list or --shard for one table problem, writing to stdout with backpressure. */
export async function runTablesExtra(problem: TableProblem, options: TablesExtraOptions, engine: TablesEngine): Promise<void> {
  checkCombination(options);
  const out = process.stdout;
  if (options.shard !== undefined) {
    const spec = parseShardSpec(options.shard);
    const p = normalizeProblem(problem);
    const method = jobMethod(countMethod(p, options.method));
    const start = process.hrtime.bigint();
    // On a terminal, progress by estimated work done, with the time left at this rate.
    const bar = terminalBar({ format: "part {part} [{bar}] {percentage}% of the estimated work, about {eta_formatted} left", clearOnComplete: true });
    let count: bigint;
    try {
      bar?.start(1000, 0, { part: `${spec.shard}/${spec.shards}` });
      count = withCountMemoryCap(options.memory, () => countTableShard(p, spec, engine, (done, all) => bar?.update(Math.round((1000 * done) / all)), method));
    } finally {
      bar?.stop();
    }
    const microseconds = Math.round(Number(process.hrtime.bigint() - start) / 1000);
    await writeChunk(out, `${shardLine(canonicalTableProblem(p), spec, count, { engine: engine === "wasm" ? "fast" : "fast-ts", method, microseconds })}\n`);
    return;
  }
  const json = options.json ?? false;
  if (options.sample !== undefined) {
    let seed: bigint | undefined;
    if (options.seed !== undefined) {
      seed = parseSeed(options.seed, "--seed");
    }
    const prepared = prepareSampler(problem, engine);
    const draw = tableByteDrawer(prepared, seed);
    const n = prepared.problem.size;
    for (let done = 0; done < options.sample;) {
      const now = Math.min(SAMPLE_BATCH, options.sample - done);
      await writeChunk(out, formatTables(draw(now), n, json, done === 0));
      done += now;
    }
    return;
  }
  const p = normalizeProblem(problem);
  const count = countTables(p);
  if (count > MAX_LIST_COUNT && !options.force) {
    throw new UsageError(`there are ${count} tables, more than the --list limit of ${MAX_LIST_COUNT}; add --force to list them anyway`);
  }
  if (count === 0n) return;
  let text = "";
  let first = true;
  for (const table of enumerateTables(p, buildSampleGraph(p))) {
    text += (first || json ? "" : "\n") + tableText(table, json);
    first = false;
    if (text.length >= 1 << 16) {
      await writeChunk(out, text);
      text = "";
    }
  }
  await writeChunk(out, text);
}

/** `count-farms merge FILE…`: the total of the parts, each part of one problem exactly once. */
export async function runTablesMerge(files: readonly string[], json: boolean): Promise<void> {
  if (files.some((f) => f === "--help" || f === "-h")) {
    await writeChunk(
      process.stdout,
      'Usage: count-farms merge [--json] FILE…\n\nTotals the parts printed by count-farms --shard i/k (one JSON line each; "-" reads standard input):\nevery part 0..k-1 of one problem must appear exactly once.\n',
    );
    return;
  }
  const unknown = files.find((f) => f.startsWith("-") && f !== "-");
  if (unknown !== undefined) throw new UsageError(`merge: unknown option ${unknown} (expected FILE… and optionally --json)`);
  const { problem, shards, sum } = await mergeShardFiles(files, "tables");
  await writeChunk(process.stdout, json ? `${JSON.stringify({ problem, shards, count: sum.toString() })}\n` : `${sum}\n`);
}
