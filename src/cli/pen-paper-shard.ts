// pen-paper count --shard i/k (one part of a tour count, a JSON line) and pen-paper merge.
import { progressOnTerminal } from "./progress.js";
import { writeChunk } from "../io/atomic-write.js";
import { parseShardSpec, shardLine } from "../shards/index.js";
import type { Engine } from "../tours/generate.js";
import type { Square } from "../tours/options.js";
import { canonicalTourProblem, countTourShard } from "../tours/shard.js";
import { mergeShardFiles } from "./shard-merge.js";

export interface TourShardFlags {
  size: number;
  closed?: boolean;
  from?: Square;
  shard: string;
  engine: Engine;
}

/** One part of the count as a JSON line; for distinct closed tours the parts count directed ones (merge halves the total). */
export async function runTourShard(flags: TourShardFlags): Promise<void> {
  const spec = parseShardSpec(flags.shard);
  const problem = { size: flags.size, closed: flags.closed, from: flags.from };
  // Progress by finished searches, with a time estimate, only for a person watching.
  const progress = progressOnTerminal(`part ${spec.shard}/${spec.shards}`, "searches");
  const start = process.hrtime.bigint();
  let count: bigint;
  try {
    count = countTourShard(problem, spec, flags.engine, progress.update);
  } finally {
    progress.stop();
  }
  const microseconds = Math.round(Number(process.hrtime.bigint() - start) / 1000);
  await writeChunk(process.stdout, `${shardLine(canonicalTourProblem(problem), spec, count, { engine: flags.engine, microseconds })}\n`);
}

/** pen-paper merge FILE…: the total; distinct closed tours (no start) are half the parts' sum. */
export async function runTourMerge(files: readonly string[], json: boolean): Promise<void> {
  const { problem, shards, sum } = await mergeShardFiles(files, "tours");
  // Search parts count directed closed tours (the merge checked the sum is even); frontier parts carry the answer's own terms.
  const divisor = problem.method !== "frontier" && problem.closed === true && problem.from === null ? 2n : 1n;
  const total = sum / divisor;
  await writeChunk(process.stdout, json ? `${JSON.stringify({ problem, shards, count: total.toString() })}\n` : `${total}\n`);
}
