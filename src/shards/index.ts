// Counts split across machines: the i-th of k parts of one count, and the merge that
// checks every part 0..k-1 of one and the same problem appears exactly once.
//
// A count is cut into independent units (DP jobs, tour prefixes), each with an estimated
// work; units go to parts greedily, heaviest first, each to the part with the least work
// so far (ties: lower unit index, lower part), so parts are balanced by estimated work and
// every machine computes the same assignment.
import { argumentError, requiredObject } from "../args.js";
import { InputError, UsageError } from "../errors.js";
import { quote } from "../io/quote.js";

/** Part `shard` (0 ≤ shard < shards) of a count cut into `shards` parts. */
export interface ShardSpec {
  /** Which part, 0 ≤ shard < shards. */
  shard: number;
  /** How many parts. */
  shards: number;
}

/** One computed part: the canonical problem, which part, and its exact partial count. */
export interface ShardPart {
  /** The problem in its canonical form, as the part's JSON line gives it. */
  problem: unknown;
  /** Which part, 0 to shards − 1. */
  shard: number;
  /** How many parts the count was cut into. */
  shards: number;
  /** The part's exact count (may be negative; only the total is a count). */
  count: bigint | string;
}

export const MAX_SHARDS = 1_000_000;

/** Parses "i/k" (0 ≤ i < k) or checks a ShardSpec; UsageError otherwise. */
export function parseShardSpec(spec: string | ShardSpec): ShardSpec {
  if (typeof spec !== "string") requiredObject(spec, "spec");
  let shard: number;
  let shards: number;
  if (typeof spec === "string") {
    const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(spec);
    if (!match) throw new UsageError(`--shard expects i/k with 0 ≤ i < k, like 3/8 (got "${spec}")`);
    shard = Number(match[1]);
    shards = Number(match[2]);
  } else {
    ({ shard, shards } = spec);
  }
  if (!Number.isInteger(shards) || shards < 1 || shards > MAX_SHARDS) throw new UsageError(`the number of parts must be from 1 to ${MAX_SHARDS}, got ${shards}`);
  if (!Number.isInteger(shard) || shard < 0 || shard >= shards) throw new UsageError(`part ${shard} does not exist: parts of ${shards} are numbered 0 to ${shards - 1}`);
  return { shard, shards };
}

/** Part of each unit: heaviest unit first to the least loaded part. */
export function assignParts(estimates: readonly number[], shards: number): number[] {
  const order = estimates.map((_, i) => i).sort((a, b) => estimates[b]! - estimates[a]! || a - b);
  const load = new Array<number>(shards).fill(0);
  const part = new Array<number>(estimates.length).fill(0);
  for (const unit of order) {
    let best = 0;
    for (let q = 1; q < shards; q++) if (load[q]! < load[best]!) best = q;
    part[unit] = best;
    load[best]! += estimates[unit]!;
  }
  return part;
}

/** Indices of the units that belong to part `spec.shard`. */
export function unitsOfPart(estimates: readonly number[], spec: ShardSpec): number[] {
  const part = assignParts(estimates, spec.shards);
  return part.flatMap((q, unit) => (q === spec.shard ? [unit] : []));
}

/** The JSON line of a computed part (the count as a decimal string). */
export function shardLine(problem: unknown, spec: ShardSpec, count: bigint, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ problem, shard: spec.shard, shards: spec.shards, count: count.toString(), ...extra });
}

/** Reads the parts in JSON-lines text (blank lines skipped); `name` names the source in errors. */
export function parseShardLines(text: string, name: string): { part: ShardPart; where: string }[] {
  const parts: { part: ShardPart; where: string }[] = [];
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return;
    const where = { file: name, line: i + 1 };
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new InputError(`not a JSON line: ${quote(line)}`, where, "one part per line as printed by --shard i/k --json");
    }
    const v = value as Partial<Record<keyof ShardPart, unknown>>;
    if (
      typeof v !== "object" || v === null || v.problem === undefined ||
      !Number.isInteger(v.shard) || !Number.isInteger(v.shards) ||
      typeof v.count !== "string" || !/^-?\d{1,400}$/.test(v.count)
    ) {
      throw new InputError(`not a part of a sharded count: ${quote(line)}`, where, 'an object with "problem", "shard", "shards" and a decimal "count"');
    }
    parts.push({ part: { problem: v.problem, shard: v.shard as number, shards: v.shards as number, count: v.count }, where: `${name}:${i + 1}` });
  });
  return parts;
}

/**
 * The total of parts 0..k-1 of one problem, each exactly once. A part of another problem
 * or of a different k, a repeated part, a part out of range and a missing part are
 * UsageErrors naming the part (and where it came from, when `where` is given).
 */
export function mergeShards(parts: readonly ShardPart[], where: readonly string[] = []): bigint {
  if (!Array.isArray(parts)) throw argumentError("parts", "an array of shard parts", parts);
  if (!Array.isArray(where)) throw argumentError("where", "an array of strings", where);
  if (parts.length === 0) throw new UsageError("no parts to merge");
  parts.forEach((part, i) => {
    requiredObject(part, `parts[${i}]`);
    const count = part.count as unknown;
    // A part may be negative (counts by inclusion and exclusion); the total may not.
    if (!(typeof count === "bigint" || (typeof count === "string" && /^-?\d{1,400}$/.test(count)))) {
      throw argumentError(`parts[${i}].count`, "a whole number (a bigint or a decimal string)", count);
    }
  });
  const place = (i: number): string => (where[i] ? `${where[i]}: ` : "");
  const first = parts[0]!;
  const problem = JSON.stringify(first.problem);
  const k = first.shards;
  if (!Number.isInteger(k) || k < 1) throw new UsageError(`${place(0)}part ${first.shard}/${k}: the number of parts must be at least 1`);
  const seen = new Map<number, number>();
  let total = 0n;
  parts.forEach((part, i) => {
    const label = `part ${part.shard}/${part.shards}`;
    if (JSON.stringify(part.problem) !== problem) {
      throw new UsageError(`${place(i)}${label} is of a different problem (${quote(JSON.stringify(part.problem))}) than the first part (${quote(problem)})`);
    }
    if (part.shards !== k) throw new UsageError(`${place(i)}${label} belongs to a split into ${part.shards} parts, not ${k} like the first part`);
    if (!Number.isInteger(part.shard) || part.shard < 0 || part.shard >= k) throw new UsageError(`${place(i)}${label} does not exist (parts are 0 to ${k - 1})`);
    const before = seen.get(part.shard);
    if (before !== undefined) throw new UsageError(`${place(i)}${label} is repeated (also ${where[before] ?? `part number ${before + 1} in the list`})`);
    seen.set(part.shard, i);
    total += BigInt(part.count);
  });
  const missing: number[] = [];
  for (let q = 0; q < k && missing.length < 5; q++) if (!seen.has(q)) missing.push(q);
  if (missing.length > 0) {
    const more = k - seen.size > missing.length ? ` and ${k - seen.size - missing.length} more` : "";
    const plural = missing.length + (more ? 2 : 0) > 1;
    throw new UsageError(`${plural ? "parts" : "part"} ${missing.map((q) => `${q}/${k}`).join(", ")}${more} ${plural ? "are" : "is"} missing`);
  }
  if (total < 0n) throw new UsageError(`the parts total ${total}, below 0: they are not the parts of one count`);
  return total;
}
