// `merge FILE…` of count-farms and pen-paper: reads the parts' JSON lines streaming (a
// line at a time; what is kept is a bit and a place per part and the problem once, so a
// parts file of any length merges in bounded memory), checks each part's problem as the
// counters would (src/merge.ts), that parts 0..k-1 of one problem of this command's kind
// each appear once, and that the total can be a count of it; totals them.
import { InputError, UsageError } from "../errors.js";
import { inputName, readLines } from "../io/lines.js";
import { shorten } from "../io/quote.js";
import { checkShardProblem } from "../merge.js";
import { MAX_PART_LINE, parseShardLine, ShardMerger } from "../shards/index.js";

export interface MergedCount {
  problem: { kind: string } & Record<string, unknown>;
  shards: number;
  /** Σ of the parts' counts. */
  sum: bigint;
}

/** Lines per file in a part's place id (file index × LINES + line): a file of more lines is refused. */
const LINES = 2 ** 32;

export async function mergeShardFiles(files: readonly string[], kind: "tables" | "tours"): Promise<MergedCount> {
  if (files.length === 0) throw new UsageError('merge needs the files of the parts (or "-" for standard input)');
  const names = files.map((file) => shorten(inputName(file), 200));
  const merger = new ShardMerger(
    (problem) => checkShardProblem(problem, kind),
    (id) => `${names[Math.floor(id / LINES)]}:${id % LINES}`,
  );
  let parts = 0;
  for (const [index, file] of files.entries()) {
    const where = { file: names[index]! };
    for await (const { text, number, cut } of readLines(file, MAX_PART_LINE)) {
      if (cut)
        throw new InputError(
          `a line longer than ${MAX_PART_LINE} characters`,
          { ...where, line: number },
          "one part per line as printed by --shard i/k --json",
        );
      if (number >= LINES) throw new InputError(`more than ${LINES - 1} lines`, where);
      const line = text.trim();
      if (line === "") continue;
      merger.add(parseShardLine(line, { ...where, line: number }), index * LINES + number);
      parts++;
    }
  }
  if (parts === 0) throw new UsageError(`no parts in ${shorten(names.join(", "), 200)}`);
  const sum = merger.total();
  return { problem: merger.problem as MergedCount["problem"], shards: merger.shards, sum };
}
