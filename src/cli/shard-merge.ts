// `merge FILE…` of count-farms and pen-paper: reads the parts' JSON lines, checks that
// parts 0..k-1 of one problem of this command's kind each appear once, totals them.
import { UsageError } from "../errors.js";
import { mergeShards, parseShardLines } from "../shards/index.js";
import { readInputText } from "./program.js";

export interface MergedCount {
  problem: { kind: string } & Record<string, unknown>;
  shards: number;
  /** Σ of the parts' counts. */
  sum: bigint;
}

export function mergeShardFiles(files: readonly string[], kind: string): MergedCount {
  if (files.length === 0) throw new UsageError('merge needs the files of the parts (or "-" for standard input)');
  const entries = files.flatMap((file) => parseShardLines(readInputText(file), file === "-" ? "<stdin>" : file));
  if (entries.length === 0) throw new UsageError(`no parts in ${files.join(", ")}`);
  entries.forEach(({ part, where }) => {
    const problemKind = (part.problem as { kind?: unknown } | null)?.kind;
    if (problemKind !== kind) {
      throw new UsageError(`${where}: part ${part.shard}/${part.shards} is a count of ${JSON.stringify(problemKind ?? null)}, not of ${kind}`);
    }
  });
  const sum = mergeShards(entries.map((e) => e.part), entries.map((e) => e.where));
  const first = entries[0]!.part;
  return { problem: first.problem as MergedCount["problem"], shards: first.shards, sum };
}
