// The shard merger of the public API: the floor's merge (src/shards/) with the problem
// checks of the rooms that cut counts into parts (tables, tours by search, tours by the
// frontier), so a part of an unknown kind, of a problem the counters would refuse, or
// whose total cannot be a count of its problem is refused. The CLIs' `merge` uses the same.
import { UsageError } from "./errors.js";
import { quoteValue } from "./io/quote.js";
import { mergeCheckedShards, type CountFacts, type ShardPart } from "./shards/index.js";
import { checkTableShardProblem } from "./tables/shard.js";
import { checkFrontierShardProblem } from "./tours/frontier.js";
import { checkTourShardProblem } from "./tours/shard.js";

/** The kinds of count that can be cut into parts. */
export const SHARD_KINDS = ["tables", "tours"] as const;

/**
 * Checks a part's problem: a table count, a tour count by search or by the frontier
 * (method "frontier"), in canonical form; `kind`, when given, is the only kind accepted.
 * UsageError otherwise; else what every count of the problem is known to be.
 */
export function checkShardProblem(problem: unknown, kind?: (typeof SHARD_KINDS)[number]): CountFacts {
  const given = (problem as { kind?: unknown } | null)?.kind;
  if (typeof problem !== "object" || problem === null || !(SHARD_KINDS as readonly unknown[]).includes(given)) {
    throw new UsageError(
      `the problem is of kind ${quoteValue(given ?? null)}, not one that is cut into parts (${SHARD_KINDS.map((k) => `"${k}"`).join(", ")})`,
    );
  }
  if (kind !== undefined && given !== kind) throw new UsageError(`the problem is a count of ${quoteValue(given)}, not of ${kind}`);
  if (given === "tables") return checkTableShardProblem(problem);
  return "method" in problem ? checkFrontierShardProblem(problem) : checkTourShardProblem(problem);
}

/**
 * The total of parts 0..k-1 of one problem, each exactly once. The problem must be a
 * count this library cuts into parts, in canonical form (as the part lines give it); the
 * counts bigints or decimal strings; the total at least 0 and a possible count of the
 * problem (directed closed tours are two per cycle: an odd total is refused). A part of
 * another problem or of a different k, a repeated part, a part out of range and a missing
 * part are UsageErrors naming the part (and where it came from, when `where` is given).
 * For a closed tour count without a start the total is that of directed closed tours,
 * twice the count of distinct ones.
 *
 * @param parts the parts' lines as parsed JSON: problem, shard, shards and count
 * @param where where each part came from (a file name, a line), for the messages
 * @example
 * ```ts
 * import { canonicalTableProblem, countTables, mergeShards, normalizeProblem } from "tabula-grids";
 *
 * const table = { size: 4, counts: [2, 2] };
 * const problem = canonicalTableProblem(normalizeProblem(table)); // as each part's JSON line states it
 * const parts = [0, 1].map((shard) => ({ problem, shard, shards: 2, count: countTables(table, { shard: `${shard}/2` }) }));
 * mergeShards(parts); // 72n
 * ```
 */
export function mergeShards(parts: readonly ShardPart[], where: readonly string[] = []): bigint {
  return mergeCheckedShards(parts, where, (problem) => checkShardProblem(problem));
}
