// Counts split across machines: the i-th of k parts of one count, and the merge that
// checks every part 0..k-1 of one and the same problem appears exactly once.
//
// A count is cut into independent units (DP jobs, tour prefixes), each with an estimated
// work; units go to parts greedily, heaviest first, each to the part with the least work
// so far (ties: lower unit index, lower part), so parts are balanced by estimated work and
// every machine computes the same assignment.
import { argumentError, describeValue, requiredObject } from "../args.js";
import { InputError, UsageError } from "../errors.js";
import { quote, quoteValue, shorten } from "../io/quote.js";

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

/**
 * Parses "i/k" (0 ≤ i < k) or checks a ShardSpec; UsageError otherwise.
 *
 * @param spec "i/k" as typed after --shard, or an object { shard, shards } to check
 * @example
 * ```ts
 * import { parseShardSpec } from "tabula-grids";
 *
 * parseShardSpec("2/8"); // { shard: 2, shards: 8 }
 * ```
 */
export function parseShardSpec(spec: string | ShardSpec): ShardSpec {
  if (typeof spec !== "string") spec = requiredObject<ShardSpec>(spec, "spec", ["shard", "shards"]);
  let shard: number;
  let shards: number;
  // As typed: a number past 2^53 would print rounded (1e+26) and so not as the user wrote it.
  let shardText: string;
  let shardsText: string;
  if (typeof spec === "string") {
    const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(spec);
    if (!match) throw new UsageError(`--shard expects i/k with 0 ≤ i < k, like 3/8 (got ${quote(spec)})`);
    [shardText, shardsText] = [shorten(match[1]!.replace(/^0+(?=\d)/, ""), 24), shorten(match[2]!.replace(/^0+(?=\d)/, ""), 24)];
    shard = Number(match[1]);
    shards = Number(match[2]);
  } else {
    ({ shard, shards } = spec);
    [shardText, shardsText] = [describeValue(shard), describeValue(shards)];
  }
  if (!Number.isInteger(shards) || shards < 1 || shards > MAX_SHARDS)
    throw new UsageError(`the number of parts must be from 1 to ${MAX_SHARDS}, got ${shardsText}`);
  if (!Number.isInteger(shard) || shard < 0 || shard >= shards)
    throw new UsageError(`part ${shardText} does not exist: parts of ${shards} are numbered 0 to ${shards - 1}`);
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

/** What the checker of a problem knows about its counts, for the merge to hold the parts to. */
export interface CountFacts {
  /** The total is a multiple of this (1n: nothing known). */
  multipleOf: bigint;
  /** Why it is, in words, for the message ("… come in pairs: …"). */
  why: string;
  /** Every part is itself a number of things, never below 0 (a table part may be: inclusion–exclusion). */
  partsAtLeastZero: boolean;
}

/**
 * Checks the problem of a part: UsageError (saying what is wrong, bounded and escaped) when
 * it is not a problem in canonical form, else what is known about its counts.
 */
export type ProblemCheck = (problem: unknown) => CountFacts;

/**
 * The fields of a part's problem, checked to be exactly `fields` (none missing, none
 * unknown), as UsageErrors naming the field.
 */
export function problemFields(problem: unknown, fields: readonly string[]): Record<string, unknown> {
  if (problem === null || typeof problem !== "object" || Array.isArray(problem)) {
    throw new UsageError(`the problem is ${describeValue(problem)}, not an object with the fields ${fields.join(", ")}`);
  }
  const record = problem as Record<string, unknown>;
  const unknown = Object.keys(record).find((key) => !fields.includes(key));
  if (unknown !== undefined) throw new UsageError(`the problem has an unknown field ${quote(unknown)} (its fields are ${fields.join(", ")})`);
  const missing = fields.find((key) => !(key in record));
  if (missing !== undefined) throw new UsageError(`the problem has no field "${missing}" (its fields are ${fields.join(", ")})`);
  return record;
}

/** The problem as it came and in canonical form must be the same JSON; UsageError otherwise. */
export function requireCanonical(problem: unknown, canonical: unknown): void {
  const given = JSON.stringify(problem);
  const expected = JSON.stringify(canonical);
  if (given !== expected) throw new UsageError(`the problem ${quote(given, 120)} is not in canonical form (expected ${quote(expected, 120)})`);
}

/** A count as a part carries it: a bigint, or a decimal string as bigint.toString() writes it (no "+", no leading zeros, no "-0"). */
const DECIMAL = /^(?:0|-?[1-9]\d{0,399})$/;

/** Longest line of a parts file read (a part is about 200 characters). */
export const MAX_PART_LINE = 64 * 1024;

/** A value as JSON, or undefined when it has none (a cycle, a bigint): then it matches no problem. */
function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** A shard number for a message: the number, or the value shortened and escaped. */
function numberText(value: unknown): string {
  return typeof value === "number" ? String(value) : quoteValue(value);
}

/** One part from its JSON line (already trimmed, not blank); `where` locates it in errors. */
export function parseShardLine(line: string, where: { file?: string; line?: number }): ShardPart {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new InputError(`not a JSON line: ${quote(line)}`, where, "one part per line as printed by --shard i/k --json");
  }
  const v = value as Partial<Record<keyof ShardPart, unknown>>;
  if (
    typeof v !== "object" ||
    v === null ||
    Array.isArray(v) ||
    v.problem === undefined ||
    !Number.isInteger(v.shard) ||
    !Number.isInteger(v.shards) ||
    typeof v.count !== "string"
  ) {
    throw new InputError(`not a part of a sharded count: ${quote(line)}`, where, 'an object with "problem", "shard", "shards" and a decimal "count"');
  }
  if (!DECIMAL.test(v.count)) {
    throw new InputError(
      `part ${numberText(v.shard)}/${numberText(v.shards)}: the count ${quote(v.count)} is not a whole number in decimal`,
      where,
      'digits as written by --shard, like "-12" or "4909920"',
    );
  }
  return { problem: v.problem, shard: v.shard as number, shards: v.shards as number, count: v.count };
}

/** Reads the parts in JSON-lines text (blank lines skipped); `name` names the source in errors. */
export function parseShardLines(text: string, name: string): { part: ShardPart; where: string }[] {
  const parts: { part: ShardPart; where: string }[] = [];
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return;
    parts.push({ part: parseShardLine(line, { file: name, line: i + 1 }), where: `${name}:${i + 1}` });
  });
  return parts;
}

/**
 * Totals parts one at a time in memory bounded by the number of parts k (a bit and a place
 * per part, the problem once), so a merge can stream its input: the first part's problem
 * is checked by `check` and kept (as JSON), every later part must carry the same one; each
 * part 0..k-1 must come exactly once; the total must be a count of that problem (at least
 * 0, and a multiple of what `check` says). Errors are UsageErrors naming the part and its
 * place (`place(id)` of the id given to `add`).
 */
export class ShardMerger {
  private readonly check: ProblemCheck;
  private readonly place: (id: number) => string | undefined;
  private problemKey: string | undefined;
  private firstProblem: unknown;
  private facts: CountFacts = { multipleOf: 1n, why: "", partsAtLeastZero: false };
  private k = 0;
  private seen = new Uint8Array(0);
  private ids = new Float64Array(0);
  private seenCount = 0;
  private sum = 0n;

  constructor(check: ProblemCheck, place: (id: number) => string | undefined = () => undefined) {
    this.check = check;
    this.place = place;
  }

  private at(id: number): string {
    const where = this.place(id);
    return where ? `${where}: ` : "";
  }

  /** Adds one part; `id` is what `place` turns into its location. */
  add(part: ShardPart, id: number): void {
    const label = `part ${numberText(part.shard)}/${numberText(part.shards)}`;
    const count = part.count as unknown;
    if (!(typeof count === "bigint" || (typeof count === "string" && DECIMAL.test(count)))) {
      throw new UsageError(`${this.at(id)}${label}: the count ${describeValue(count)} is not a whole number (a bigint or a decimal string)`);
    }
    if (this.problemKey === undefined) {
      const k = part.shards;
      if (!Number.isInteger(k) || k < 1 || k > MAX_SHARDS) throw new UsageError(`${this.at(id)}${label}: the number of parts must be from 1 to ${MAX_SHARDS}`);
      try {
        this.facts = this.check(part.problem);
      } catch (error) {
        if (error instanceof UsageError) throw new UsageError(`${this.at(id)}${label}: ${error.message}`);
        throw error;
      }
      this.problemKey = JSON.stringify(part.problem);
      this.firstProblem = part.problem;
      this.k = k;
      this.seen = new Uint8Array(k);
      this.ids = new Float64Array(k);
    } else if (jsonOf(part.problem) !== this.problemKey) {
      throw new UsageError(`${this.at(id)}${label} is of a different problem (${quoteValue(part.problem)}) than the first part (${quote(this.problemKey)})`);
    }
    const k = this.k;
    if (part.shards !== k)
      throw new UsageError(`${this.at(id)}${label} belongs to a split into ${numberText(part.shards)} parts, not ${k} like the first part`);
    if (!Number.isInteger(part.shard) || part.shard < 0 || part.shard >= k)
      throw new UsageError(`${this.at(id)}${label} does not exist (parts are 0 to ${k - 1})`);
    if (this.seen[part.shard]) {
      throw new UsageError(
        `${this.at(id)}${label} is repeated (also ${this.place(this.ids[part.shard]!) ?? `part number ${this.ids[part.shard]! + 1} in the list`})`,
      );
    }
    const value = BigInt(count);
    if (value < 0n && this.facts.partsAtLeastZero)
      throw new UsageError(`${this.at(id)}${label}: the count ${value} is below 0, but a part of this problem is a number of tours, never below 0`);
    this.seen[part.shard] = 1;
    this.ids[part.shard] = id;
    this.seenCount++;
    this.sum += value;
  }

  /** The problem of the parts (the first part's, as it came). */
  get problem(): unknown {
    return this.firstProblem;
  }

  /** How many parts the count was cut into (0 before the first part). */
  get shards(): number {
    return this.k;
  }

  /** The total, once every part came exactly once and the total is a count of the problem. */
  total(): bigint {
    const k = this.k;
    if (this.problemKey === undefined) throw new UsageError("no parts to merge");
    if (this.seenCount < k) {
      const missing: number[] = [];
      for (let q = 0; q < k && missing.length < 5; q++) if (!this.seen[q]) missing.push(q);
      const rest = k - this.seenCount - missing.length;
      const more = rest > 0 ? ` and ${rest} more` : "";
      const plural = missing.length + (more ? 2 : 0) > 1;
      throw new UsageError(`${plural ? "parts" : "part"} ${missing.map((q) => `${q}/${k}`).join(", ")}${more} ${plural ? "are" : "is"} missing`);
    }
    const total = this.sum;
    if (total < 0n) throw new UsageError(`the parts total ${total}, below 0: they are not the parts of one count`);
    const { multipleOf, why } = this.facts;
    if (multipleOf > 1n && total % multipleOf !== 0n) {
      throw new UsageError(`the parts total ${total}, not a multiple of ${multipleOf} (${why}): they are not the parts of one count, or a part was altered`);
    }
    return total;
  }
}

/**
 * The total of parts 0..k-1 of one problem, each exactly once, the problem checked by
 * `check`. A part of another problem or of a different k, a repeated part, a part out of
 * range and a missing part are UsageErrors naming the part (and where it came from, when
 * `where` is given).
 */
export function mergeCheckedShards(parts: readonly ShardPart[], where: readonly string[], check: ProblemCheck): bigint {
  if (!Array.isArray(parts)) throw argumentError("parts", "an array of shard parts", parts);
  if (!Array.isArray(where)) throw argumentError("where", "an array of strings", where);
  if (parts.length === 0) throw new UsageError("no parts to merge");
  const merger = new ShardMerger(check, (i) => {
    const w = where[i] as unknown;
    return typeof w === "string" && w !== "" ? shorten(w, 200) : undefined;
  });
  parts.forEach((part, i) => merger.add(requiredObject<ShardPart>(part, `parts[${i}]`), i));
  return merger.total();
}
