// Counts split into parts: for tables (with and without given rows) and tours (6×6 paths
// and closed tours), parts k = 1, 2, 7 merge to the unsharded count; bad merges are
// rejected naming the part; parts are balanced by estimated work.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { countTables, countTours, mergeShards, normalizeProblem, type ShardPart, type TableProblem } from "../../src/index.js";
import { assignParts, parseShardLines, parseShardSpec } from "../../src/shards/index.js";
import { canonicalTableProblem, tableShardUnits } from "../../src/tables/shard.js";
import { canonicalTourProblem, countTourShard, tourShardUnits, type TourCountProblem } from "../../src/tours/shard.js";
import { ROOT, runCli } from "../support/cli-run.js";

import { slowTest } from "../support/tier.js";
const TABLES: TableProblem[] = [
  { size: 7, counts: [2, 2, 3] },
  { size: 7, counts: [2, 2, 3], given: ["2100221", "0221102"] },
  { size: 6, counts: [2, 2, 2], given: ["001122"], distinctColumns: false },
  { size: 8, counts: [4, 4], distinctRows: false },
];

function tableParts(problem: TableProblem, k: number): ShardPart[] {
  const canonical = canonicalTableProblem(normalizeProblem(problem));
  return Array.from({ length: k }, (_, shard) => ({ problem: canonical, shard, shards: k, count: countTables(problem, { shard: `${shard}/${k}` }) }));
}

describe("sharded table counts", () => {
  for (const problem of TABLES) {
    it(`parts k = 1, 2, 7 merge to the count: ${JSON.stringify(problem)}`, () => {
      const whole = countTables(problem);
      for (const k of [1, 2, 7]) expect(mergeShards(tableParts(problem, k))).toBe(whole);
    });
  }
});

describe("sharded tour counts", () => {
  // All starts of 6×6 take ~5 s a pass, so that case runs k = 7 only (seven partial sums).
  const cases: { problem: TourCountProblem; divisor: bigint; known: bigint; ks: number[] }[] = [
    { problem: { size: 6 }, divisor: 1n, known: 8250272n, ks: [7] },
    { problem: { size: 6, closed: true }, divisor: 2n, known: 13138n, ks: [1, 2, 7] },
    { problem: { size: 6, from: [0, 1] }, divisor: 1n, known: 284261n, ks: [1, 2, 7] },
  ];
  for (const { problem, divisor, known, ks } of cases) {
    // The search engine's 6×6 counts take seconds: all in the slow suite; npm test shards the
    // 5×5 counts (closed tours halved too) below.
    slowTest(`parts k = ${ks.join(", ")} merge to the count: ${JSON.stringify(problem)}`, () => {
      expect(tourShardUnits(problem).divisor).toBe(divisor);
      const canonical = canonicalTourProblem(problem);
      for (const k of ks) {
        const parts = Array.from({ length: k }, (_, shard) => ({ problem: canonical, shard, shards: k, count: countTourShard(problem, { shard, shards: k }) }));
        expect(mergeShards(parts) / divisor).toBe(known);
      }
    });
  }
  it("the 5×5 counts agree with the unsharded counter", () => {
    for (const problem of [{ size: 5 }, { size: 5, closed: true }, { size: 5, from: [2, 2] as [number, number] }]) {
      const { divisor } = tourShardUnits(problem);
      let sum = 0n;
      for (let shard = 0; shard < 3; shard++) sum += countTourShard(problem, { shard, shards: 3 }, "ts");
      expect(sum / divisor).toBe(countTours(problem));
    }
  });
});

describe("merging parts", () => {
  const problem = { size: 7, counts: [2, 2, 3] };
  const parts = tableParts(problem, 3);
  const where = ["a.jsonl:1", "a.jsonl:2", "b.jsonl:1"];

  it("rejects a missing, a repeated and a foreign part, naming it", () => {
    expect(() => mergeShards(parts.slice(0, 2), where)).toThrow("part 2/3 is missing");
    expect(() => mergeShards([...parts, parts[1]!], [...where, "c.jsonl:4"])).toThrow("c.jsonl:4: part 1/3 is repeated (also a.jsonl:2)");
    const foreign = { ...tableParts({ size: 7, counts: [2, 2, 3], given: ["2100221"] }, 3)[2]! };
    expect(() => mergeShards([parts[0]!, parts[1]!, foreign], where)).toThrow(/^b\.jsonl:1: part 2\/3 is of a different problem/);
    expect(() => mergeShards([parts[0]!, parts[1]!, { ...parts[2]!, shards: 4 }], where)).toThrow("b.jsonl:1: part 2/4 belongs to a split into 4 parts, not 3");
    expect(() => mergeShards([])).toThrow("no parts");
  });

  it("parses shard specs and part lines with one-line errors", () => {
    expect(parseShardSpec("3/8")).toEqual({ shard: 3, shards: 8 });
    expect(() => parseShardSpec("8/8")).toThrow("parts of 8 are numbered 0 to 7");
    expect(() => parseShardSpec("x")).toThrow(/expects i\/k/);
    expect(() => parseShardLines('{"shard":1}\n', "p.jsonl")).toThrow(/^p\.jsonl:1: not a part of a sharded count/);
    expect(() => parseShardLines("\nnope\n", "p.jsonl")).toThrow(/^p\.jsonl:2: not a JSON line: "nope"/);
    // Binary bytes are escaped and a long line is cut (io/quote.ts), never echoed raw.
    expect(() => parseShardLines("\u0000\ufffd\n", "p.jsonl")).toThrow('p.jsonl:1: not a JSON line: "\\x00\\ufffd"');
    expect(() => parseShardLines(`${"x".repeat(5000)}\n`, "p.jsonl")).toThrow(`p.jsonl:1: not a JSON line: "${"x".repeat(40)}"…`);
  });

  it("balances parts by estimated work, not by index", () => {
    const part = assignParts([1, 1, 1, 10, 1, 1, 1, 1, 1], 2);
    expect(part[3]).toBe(0); // the heaviest unit first, alone
    expect(part.filter((q) => q === 0)).toHaveLength(1);
    // Greedy to the least loaded part: no part exceeds the lightest by more than one unit.
    for (const problem of [
      { size: 8, counts: [3, 3, 2] },
      { size: 9, counts: [3, 3, 3] },
      { size: 7, counts: [2, 2, 3], given: ["2100221"] },
    ]) {
      const { estimates } = tableShardUnits(normalizeProblem(problem));
      for (const k of [2, 4, 7]) {
        const load = new Array<number>(k).fill(0);
        assignParts(estimates, k).forEach((q, i) => (load[q]! += estimates[i]!));
        expect(Math.max(...load) - Math.min(...load)).toBeLessThanOrEqual(Math.max(...estimates));
        expect(Math.min(...load)).toBeGreaterThan(0);
      }
    }
  });
});

describe("the CLIs", () => {
  it("count-farms --shard and merge: parts total the count, bad merges exit 2 with one line", () => {
    const args = ["--size", "7", "--counts", "2,2,3", "--given", "2100221;0221102"];
    const lines = [0, 1].map((i) => runCli("count-farms", [...args, "--shard", `${i}/2`, "--json"]));
    lines.forEach((r) => expect(r.status).toBe(0));
    const text = lines.map((r) => r.stdout).join("");
    expect(JSON.parse(lines[0]!.stdout).problem).toEqual({
      kind: "tables",
      size: 7,
      counts: [2, 2, 3],
      given: ["2100221", "0221102"],
      distinctRows: true,
      distinctColumns: true,
    });
    expect(runCli("count-farms", ["merge", "-"], text)).toMatchObject({ status: 0, stdout: "4909920\n" });
    expect(JSON.parse(lines[0]!.stdout).method).toBe("columns");
    const bad = runCli("count-farms", ["merge", "-"], lines[0]!.stdout);
    expect(bad).toMatchObject({ status: 2, stdout: "", stderr: "count-farms: part 1/2 is missing\n" });
    const tour = runCli("pen-paper", ["count", "--size", "5", "--shard", "0/1", "--json"]);
    const foreign = runCli("count-farms", ["merge", "-"], tour.stdout);
    expect(foreign.status).toBe(2);
    expect(foreign.stderr).toMatch(/^count-farms: <stdin>:1: part 0\/1: the problem is a count of "tours", not of tables\n$/);
  });

  slowTest("count-farms --shard --method symmetric: parts whose jobs the symmetric method counts add up to the same count, and say so", () => {
    const args = ["--size", "7", "--counts", "2,2,3", "--given", "2100221;0221102"];
    const symmetric = [0, 1].map((i) => runCli("count-farms", [...args, "--method", "symmetric", "--shard", `${i}/2`]).stdout);
    expect(JSON.parse(symmetric[1]!).method).toBe("symmetric");
    const columns = runCli("count-farms", [...args, "--shard", "1/2", "--json"]).stdout;
    expect(runCli("count-farms", ["merge", "-"], symmetric[0]! + columns)).toMatchObject({ status: 0, stdout: "4909920\n" });
  });

  slowTest("pen-paper count --shard and merge: closed tours are halved once, over all parts", () => {
    const parts = [0, 1, 2].map((i) => runCli("pen-paper", ["count", "--size", "6", "--closed", "--shard", `${i}/3`, "--json"]).stdout).join("");
    expect(runCli("pen-paper", ["merge", "-"], parts)).toMatchObject({ status: 0, stdout: "13138\n" });
    const repeated = runCli("pen-paper", ["merge", "-"], parts + parts.split("\n")[0] + "\n");
    expect(repeated.status).toBe(2);
    expect(repeated.stderr).toBe("pen-paper: <stdin>:4: part 0/3 is repeated (also <stdin>:1)\n");
  });
});

describe("merge refuses what cannot be merged, one line each, and streams", () => {
  const dir = mkdtempSync(join(tmpdir(), "tabula-merge-cli-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const table = { kind: "tables", size: 7, counts: [2, 2, 3], given: [], distinctRows: true, distinctColumns: true };
  const tour = { kind: "tours", size: 6, closed: true, from: null };
  const part = (problem: unknown, shard: number, shards: number, count: string) => `${JSON.stringify({ problem, shard, shards, count })}\n`;
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('a size of 99, closed "maybe", an odd count of directed closed tours: exit 2, one line naming file:line', () => {
    const big = runCli("count-farms", ["merge", "-"], part({ ...table, size: 99 }, 0, 1, "0"));
    expect(big.status).toBe(2);
    expect(big.stderr).toMatch(/^count-farms: <stdin>:1: part 0\/1: size 99 is not supported: [^\n]*\n$/);
    const maybe = runCli("pen-paper", ["merge", "-"], `\n${part({ ...tour, closed: "maybe" }, 0, 1, "2")}`);
    expect(maybe).toMatchObject({
      status: 2,
      stdout: "",
      stderr: 'pen-paper: <stdin>:2: part 0/1: the problem\'s "closed" must be true or false, got "maybe"\n',
    });
    const odd = runCli("pen-paper", ["merge", "-"], part(tour, 0, 2, "13139") + part(tour, 1, 2, "13138"));
    expect(odd.status).toBe(2);
    expect(odd.stderr).toMatch(/^pen-paper: the parts total 26277, not a multiple of 2 \(directed closed tours come two to a cycle\)[^\n]*\n$/);
    const negative = runCli("count-farms", ["merge", "-"], part(table, 0, 1, "-5040"));
    expect(negative.status).toBe(2);
    expect(negative.stderr).toMatch(/^count-farms: the parts total -5040, below 0/);
  });

  it("a bad line at line 3 of the second file is named, escaped and cut", () => {
    const a = file("a.jsonl", part(table, 0, 3, "85329417600"));
    const b = file("b.jsonl", `${part(table, 1, 3, "0")}\n${part({ ...table, kind: `x\u001b]0;owned\u0007${"y".repeat(3000)}` }, 2, 3, "0")}`);
    const r = runCli("count-farms", ["merge", a, b]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n")).toHaveLength(2);
    expect(r.stderr).toContain(`${b}:3: part 2/3 is of a different problem`);
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(r.stderr.length).toBeLessThan(600);
  });

  slowTest("merges 200,000 parts from a file under a 32 MB heap (the parts are streamed, not read whole)", () => {
    const k = 200_000;
    const lines: string[] = [];
    for (let i = 0; i < k; i++) lines.push(JSON.stringify({ problem: table, shard: i, shards: k, count: i === 0 ? "85329417600" : "0", engine: "fast" }));
    const parts = file("many.jsonl", `${lines.join("\n")}\n`); // about 30 MB: read whole, it alone would not fit the heap
    const r = spawnSync(process.execPath, ["--max-old-space-size=32", `${ROOT}/dist/cli/count-farms.js`, "merge", "--json", parts], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ problem: table, shards: k, count: "85329417600" });
  });
});
