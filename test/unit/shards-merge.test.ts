// The merge of sharded counts checks what it merges: the problem through the counters'
// own checks (in canonical form, no unknown fields or kinds), the counts (decimal only,
// tour parts at least 0), and the total against what every count of the problem is a
// multiple of; those facts are held against real counts here. The CLI's reader streams
// its files, naming file:line in every error.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { countHamiltonian, countTables, countTours, mergeShards, normalizeProblem, UsageError, type ShardPart } from "../../src/index.js";
import { checkShardProblem } from "../../src/merge.js";
import { parseShardLine } from "../../src/shards/index.js";
import { canonicalTableProblem, checkTableShardProblem } from "../../src/tables/shard.js";
import { canonicalFrontierProblem, checkFrontierShardProblem } from "../../src/tours/frontier.js";
import { canonicalTourProblem, checkTourShardProblem, tourShardUnits } from "../../src/tours/shard.js";
import { mergeShardFiles } from "../../src/cli/shard-merge.js";
import type { Square } from "../../src/tours/options.js";
import { usageMessage } from "../support/refusal.js";

const TABLE = canonicalTableProblem(normalizeProblem({ size: 7, counts: [2, 2, 3] }));
const TOUR = canonicalTourProblem({ size: 6, closed: true });
const one = (problem: unknown, count: string | bigint): ShardPart[] => [{ problem, shard: 0, shards: 1, count }];

const refusal = usageMessage;

describe("mergeShards checks the problem", () => {
  it("refuses a table problem the counter would refuse, naming the part", () => {
    expect(refusal(() => mergeShards(one({ ...TABLE, size: 99 }, "0"), ["a.jsonl:1"]))).toMatch(/^a\.jsonl:1: part 0\/1: size 99 is not supported/);
    expect(refusal(() => mergeShards(one({ ...TABLE, counts: [2, 2, 4] }, "0")))).toMatch(/^part 0\/1: counts 2,2,4 sum to 8, not to the size 7/);
    expect(refusal(() => mergeShards(one({ ...TABLE, distinctRows: "yes" }, "0")))).toMatch(/"distinctRows" must be true or false/);
  });

  it('refuses a tour problem with closed "maybe", an unknown kind, unknown and missing fields', () => {
    expect(refusal(() => mergeShards(one({ ...TOUR, closed: "maybe" }, "2"), ["b.jsonl:3"]))).toBe(
      'b.jsonl:3: part 0/1: the problem\'s "closed" must be true or false, got "maybe"',
    );
    expect(refusal(() => mergeShards(one({ ...TOUR, size: 99 }, "2")))).toMatch(/size must be a whole number from 1 to 10, got 99/);
    expect(refusal(() => mergeShards(one({ ...TOUR, from: [7, 1] }, "2")))).toMatch(/"from" \[7, 1\] is outside the 6×6 board/);
    expect(refusal(() => mergeShards(one({ ...TOUR, kind: "potatoes\u001b]0;x\u0007" }, "2")))).toBe(
      'part 0/1: the problem is of kind "potatoes\\x1b]0;x\\x07", not one that is cut into parts ("tables", "tours")',
    );
    expect(refusal(() => mergeShards(one({ ...TOUR, colour: "red" }, "2")))).toMatch(/unknown field "colour"/);
    const { from: _from, ...noFrom } = TOUR;
    expect(refusal(() => mergeShards(one(noFrom, "2")))).toMatch(/has no field "from"/);
    expect(refusal(() => mergeShards(one(null, "2")))).toMatch(/kind null/);
  });

  it("refuses a problem that is not in canonical form", () => {
    // given rows as arrays, fields in another order, a 0-based square: all accepted by the counters' API, not as a part's problem.
    expect(refusal(() => mergeShards(one({ ...TABLE, given: [[2, 1, 0, 0, 2, 2, 1]] }, "0")))).toMatch(/"given" must be an array of rows of digits/);
    const reordered = { kind: "tables", counts: [2, 2, 3], size: 7, given: [], distinctRows: true, distinctColumns: true };
    expect(refusal(() => mergeShards(one(reordered, "0")))).toMatch(/is not in canonical form \(expected "\{\\"kind\\":\\"tables\\",\\"size\\":7/);
    expect(() => checkTableShardProblem({ ...TABLE, given: ["21 00221"] })).toThrow(/not in canonical form/);
    const frontier = canonicalFrontierProblem({ rows: 4, cols: 5, moves: [[1, 2]] });
    expect(checkFrontierShardProblem(frontier).multipleOf).toBe(2n);
    expect(() => checkFrontierShardProblem({ ...frontier, moves: "2,1" })).toThrow(/not in canonical form/);
    expect(() => checkFrontierShardProblem({ ...frontier, moves: "0,0" })).toThrow(/not both 0/);
    expect(() => checkFrontierShardProblem({ ...frontier, closed: true, to: [1, 1] })).toThrow(/"to" must be null/);
    expect(() => checkFrontierShardProblem({ ...frontier, rows: 65 })).toThrow(/rows must be a whole number from 1 to 64/);
    expect(() => checkShardProblem(TABLE, "tours")).toThrow('the problem is a count of "tables", not of tours');
  });
});

describe("mergeShards checks the counts", () => {
  it("refuses an odd total of directed closed tours and a tour part below 0", () => {
    expect(mergeShards(one(TOUR, "26276"))).toBe(26276n);
    expect(refusal(() => mergeShards(one(TOUR, "26277")))).toMatch(/^the parts total 26277, not a multiple of 2 \(directed closed tours come two to a cycle\)/);
    const parts: ShardPart[] = [
      { problem: TOUR, shard: 0, shards: 2, count: "26278" },
      { problem: TOUR, shard: 1, shards: 2, count: "-2" },
    ];
    expect(refusal(() => mergeShards(parts, ["a:1", "a:2"]))).toBe(
      "a:2: part 1/2: the count -2 is below 0, but a part of this problem is a number of tours, never below 0",
    );
  });

  it("refuses a table total that is not a multiple of its row and column orderings, and keeps negative table parts", () => {
    expect(refusal(() => mergeShards(one(TABLE, "85329417601")))).toMatch(/not a multiple of 5040/);
    const parts: ShardPart[] = [
      { problem: TABLE, shard: 0, shards: 2, count: "85329417700" },
      { problem: TABLE, shard: 1, shards: 2, count: -100n },
    ];
    expect(mergeShards(parts)).toBe(85329417600n);
  });

  it("takes decimal strings as bigint.toString() writes them, nothing else", () => {
    for (const count of ["+5", "007", "-0", "1e3", " 5", "5.0", "0x10", "٣"]) {
      expect(refusal(() => mergeShards(one(TOUR, count)))).toContain("is not a whole number");
      expect(() => parseShardLine(JSON.stringify({ problem: TOUR, shard: 0, shards: 1, count }), { file: "p", line: 2 })).toThrow(
        /^p:2: part 0\/1: the count ".*" is not a whole number in decimal/,
      );
    }
    expect(() => parseShardLine(JSON.stringify({ problem: TOUR, shard: 0, shards: 1, count: 2 }), { file: "p", line: 2 })).toThrow(
      /^p:2: not a part of a sharded count/,
    );
  });
});

describe("the facts the merge holds totals to are true of real counts", () => {
  it("tables: the total is a multiple of the row and column orderings", () => {
    const problems = [
      { size: 7, counts: [2, 2, 3] },
      { size: 7, counts: [2, 2, 3], given: ["2100221", "0221102"] },
      { size: 6, counts: [2, 2, 2], given: ["001122"], distinctColumns: false },
      { size: 6, counts: [3, 3], given: ["000111"] },
      { size: 6, counts: [2, 4], given: ["001111"], distinctRows: false },
      { size: 5, counts: [1, 1, 1, 1, 1] },
      { size: 4, counts: [2, 2], distinctRows: false, distinctColumns: false },
    ];
    for (const problem of problems) {
      const { multipleOf } = checkTableShardProblem(canonicalTableProblem(normalizeProblem(problem)));
      const count = countTables(problem);
      expect(count > 0n && count % multipleOf === 0n, `${JSON.stringify(problem)}: ${count} % ${multipleOf}`).toBe(true);
    }
  });

  it("tours by search: directed paths over all starts, from each square, closed tours", () => {
    for (const size of [1, 5]) {
      const squares: (Square | undefined)[] = [undefined];
      for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) squares.push([r, c]);
      for (const from of squares) {
        for (const closed of [false, true]) {
          const problem = { size, closed, ...(from ? { from } : {}) };
          const { multipleOf } = checkTourShardProblem(canonicalTourProblem(problem));
          const sum = countTours(problem) * tourShardUnits(problem).divisor;
          expect(sum % multipleOf, `${JSON.stringify(problem)}: ${sum} % ${multipleOf}`).toBe(0n);
        }
      }
    }
    expect(checkTourShardProblem(canonicalTourProblem({ size: 5 })).multipleOf).toBe(8n);
    expect(checkTourShardProblem(canonicalTourProblem({ size: 5, from: [2, 2] })).multipleOf).toBe(8n);
  });

  it("tours by the frontier: directed paths and directed closed tours", () => {
    const cases = [
      { rows: 1, cols: 1 },
      { rows: 3, cols: 4, moves: [[1, 2]] as const },
      { rows: 4, cols: 4 },
      { rows: 4, cols: 4, closed: true, from: [0, 0] as const },
      { rows: 4, cols: 5, moves: [[1, 2]] as const, closed: true },
      { rows: 4, cols: 5, moves: [[1, 2]] as const, from: [0, 0] as const, to: [3, 4] as const },
    ];
    for (const options of cases) {
      const { multipleOf } = checkFrontierShardProblem(canonicalFrontierProblem(options));
      const { count } = countHamiltonian(options);
      expect(count % multipleOf, `${JSON.stringify(options)}: ${count} % ${multipleOf}`).toBe(0n);
    }
  });
});

describe("the CLI's merge of files", () => {
  const dir = mkdtempSync(join(tmpdir(), "tabula-merge-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const line = (shard: number, shards: number, count: string, problem: unknown = TABLE) => JSON.stringify({ problem, shard, shards, count });

  it("streams several files, naming file:line of a bad line in the second", async () => {
    const a = join(dir, "a.jsonl");
    const b = join(dir, "b.jsonl");
    writeFileSync(a, `${line(0, 4, "85329417600")}\n${line(1, 4, "0")}\n`);
    writeFileSync(b, `${line(2, 4, "0")}\n\n${line(3, 4, "x")}\n`);
    await expect(mergeShardFiles([a, b], "tables")).rejects.toThrow(`${b}:3: part 3/4: the count "x" is not a whole number in decimal`);
    writeFileSync(b, `${line(2, 4, "0")}\n\n${line(3, 4, "0", { ...TABLE, size: 99 })}\n`);
    await expect(mergeShardFiles([a, b], "tables")).rejects.toThrow(`${b}:3: part 3/4 is of a different problem`);
    writeFileSync(b, `${line(2, 4, "0")}\n\n${line(3, 4, "0")}`);
    await expect(mergeShardFiles([a, b], "tables")).resolves.toMatchObject({ shards: 4, sum: 85329417600n, problem: TABLE });
    await expect(mergeShardFiles([a, b], "tours")).rejects.toThrow(`${a}:1: part 0/4: the problem is a count of "tables", not of tours`);
    writeFileSync(b, `${line(2, 4, "0")}\n${"x".repeat(70_000)}\n`);
    await expect(mergeShardFiles([a, b], "tables")).rejects.toThrow(`${b}:2: a line longer than 65536 characters`);
  });
});

describe("mergeShards on hostile parts", () => {
  it("a later part whose problem has no JSON (a cycle, a bigint) is of a different problem, not a TypeError", () => {
    const cyclic: Record<string, unknown> = { ...TABLE };
    cyclic.self = cyclic;
    for (const problem of [cyclic, { ...TABLE, size: 7n }]) {
      const parts: ShardPart[] = [
        { problem: TABLE, shard: 0, shards: 2, count: "85329417600" },
        { problem, shard: 1, shards: 2, count: "0" },
      ];
      expect(refusal(() => mergeShards(parts))).toMatch(/^part 1\/2 is of a different problem/);
    }
    expect(refusal(() => mergeShards(one(cyclic, "0")))).toMatch(/unknown field "self"/);
  });
});
