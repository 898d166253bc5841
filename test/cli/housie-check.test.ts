// housie check: both engines against a brute-force replay written here, call by call.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HousieRun } from "../../src/housie/generate/generate.js";
import { checkClaims, parseCalls, type CheckReport } from "../../src/housie/operators/check.js";
import { Xoshiro128 } from "../../src/core/random.js";
import { batchedCli, runCli } from "../support/cli-run.js";
import { printedRef } from "../../src/housie/model/reference.js";

import { slowTest } from "../support/tier.js";
/** A reference `S-i` as printed on the paper, `S-i-c`. */
const printed = (ref: string): string => printedRef(BigInt(ref.split("-")[0]!), Number(ref.split("-")[1]));

const dir = mkdtempSync(join(tmpdir(), "housie-check-"));
const BOOKS = 400;

function series(kind: "books" | "tickets", n: number, seed: bigint, firstSerial = 1): { path: string; cells: Uint8Array } {
  const run = new HousieRun(kind, { seed, firstSerial });
  const cells = run.nextCells(n).cells;
  const again = new HousieRun(kind, { seed, firstSerial });
  const path = join(dir, `${kind}-${seed}-${n}.jsonl`);
  writeFileSync(path, Buffer.from(again.nextJsonl(n)));
  return { path, cells };
}

/** Brute force: call numbers one at a time, count complete rows of every ticket after each call. */
function bruteForce(cells: Uint8Array, per: number, firstSerial: number, calls: number[]) {
  const tickets = cells.length / 27;
  const first: (number | null)[][] = Array.from({ length: tickets }, () => [null, null, null]);
  const called = new Set<number>();
  calls.forEach((x, i) => {
    called.add(x);
    for (let t = 0; t < tickets; t++) {
      let complete = 0;
      for (let r = 0; r < 3; r++) {
        const row = Array.from(cells.subarray(t * 27 + 9 * r, t * 27 + 9 * r + 9)).filter((c) => c !== 0);
        if (row.length === 5 && row.every((c) => called.has(c))) complete++;
      }
      for (let p = 0; p < complete; p++) first[t]![p] ??= i + 1;
    }
  });
  const prizes = [0, 1, 2].map((p) => {
    const reached = first.map((f) => f[p]).filter((c): c is number => c !== null);
    const call = reached.length ? Math.min(...reached) : null;
    const winners = first.flatMap((f, t) => (f[p] === call && call !== null ? [`${firstSerial + Math.floor(t / per)}-${(t % per) + 1}`] : []));
    return { call, winners };
  });
  return { first, prizes };
}

function shuffled(seed: bigint, length: number): number[] {
  const rng = new Xoshiro128(seed);
  const all = Array.from({ length: 90 }, (_, i) => i + 1);
  for (let i = 89; i > 0; i--) {
    const k = rng.below(i + 1);
    [all[i], all[k]] = [all[k]!, all[i]!];
  }
  return all.slice(0, length);
}

function expectMatches(report: CheckReport, brute: ReturnType<typeof bruteForce>, calls: number[]): void {
  report.prizes.forEach((p, i) => {
    expect(p.call).toBe(brute.prizes[i]!.call);
    expect(p.number).toBe(p.call === null ? null : calls[p.call - 1]);
    expect(p.winners).toEqual(brute.prizes[i]!.winners);
    expect(p.winnerCount).toBe(brute.prizes[i]!.winners.length);
  });
}

describe("housie check", () => {
  const books = series("books", BOOKS, 41n, 1001);

  slowTest("first winners of each prize equal the brute-force replay, both engines, full and partial games", () => {
    for (const [seed, length] of [
      [1n, 90],
      [2n, 90],
      [3n, 45],
      [4n, 20],
    ] as const) {
      const calls = shuffled(seed, length);
      const brute = bruteForce(books.cells, 6, 1001, calls);
      for (const engine of ["wasm", "ts"] as const) expectMatches(checkClaims(books.path, calls, { engine }), brute, calls);
    }
  });

  it("ties are all listed (a small set of calls completing rows of many tickets at once)", () => {
    // Every number of every ticket's first row, called in order: many tickets complete a line at the same last call.
    const calls = [...new Set(Array.from(books.cells.subarray(0, 27 * 6)).filter((x) => x !== 0))];
    const brute = bruteForce(books.cells, 6, 1001, calls);
    const report = checkClaims(books.path, calls);
    expectMatches(report, brute, calls);
    expect(report.prizes[2]!.winners).toEqual(brute.prizes[2]!.winners);
    expect(report.prizes[2]!.winners).toContain("1001-1");
  });

  it("a claimed ticket's prizes are its own brute-force calls; unknown tickets are reported as such", () => {
    const calls = shuffled(9n, 70);
    const brute = bruteForce(books.cells, 6, 1001, calls);
    for (const t of [0, 5, 6 * 123 + 4, 6 * BOOKS - 1]) {
      const ref = `${1001 + Math.floor(t / 6)}-${(t % 6) + 1}`;
      const report = checkClaims(books.path, calls, { ref, engine: t % 2 ? "ts" : "wasm" });
      expect(report.claim?.ref).toBe(ref);
      expect(report.claim?.prizes.map((p) => p.call)).toEqual(brute.first[t]);
    }
    expect(checkClaims(books.path, calls, { ref: "1-1" }).claim).toBeNull();
    expect(() => checkClaims(books.path, calls, { ref: "1001-7" })).toThrow(/serial-ticket/);
    expect(() => checkClaims(books.path, calls, { ref: "abc" })).toThrow(/serial-ticket/);
  });

  it("single tickets: the same, with references S-1", () => {
    const tickets = series("tickets", 2000, 6n);
    const calls = shuffled(7n, 90);
    const brute = bruteForce(tickets.cells, 1, 1, calls);
    expectMatches(checkClaims(tickets.path, calls), brute, calls);
    expectMatches(checkClaims(tickets.path, calls, { engine: "ts" }), brute, calls);
  });

  it("random games (fast-check): the kernel agrees with brute force on any call sequence", () => {
    const small = series("books", 30, 77n);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 90 }), { maxLength: 90 }), (calls) => {
        expectMatches(checkClaims(small.path, calls), bruteForce(small.cells, 6, 1, calls), calls);
      }),
      { numRuns: 40 },
    );
  });

  it("bad calls are one clear error each", () => {
    expect(() => parseCalls("1,2,1")).toThrow("--calls: call 3 repeats 1 (call 1) (expected each number called at most once)");
    expect(() => parseCalls("1, 91")).toThrow("--calls: call 2 is 91 (expected a number from 1 to 90)");
    expect(() => parseCalls("0")).toThrow(/call 1 is 0/);
    expect(() => parseCalls("4;5")).toThrow(/call 1 is "4;5"/);
    expect(() => parseCalls("4\n5\nx", "calls.txt")).toThrow(/^calls.txt:3: call 3 is "x"/);
    expect(parseCalls("17, 4 88\n3")).toEqual([17, 4, 88, 3]);
  });

  it("CLI: text and --json reports, --calls-file, exit 1 for an unknown or prizeless claim, 2 for bad input", () => {
    const calls = shuffled(1n, 90);
    writeFileSync(join(dir, "calls.txt"), calls.join("\n") + "\n");
    writeFileSync(join(dir, "bad.jsonl"), '{"serial":1,"tickets":[[[1]]]}\n');
    const brute = bruteForce(books.cells, 6, 1001, calls);
    const winner = brute.prizes[0]!.winners[0]!;
    // All the runs in one process (batchedCli); the first is also spawned and must match.
    const cases = [
      ["check", books.path, "--calls", calls.join(",")],
      ["check", books.path, "--calls-file", join(dir, "calls.txt"), "--json"],
      ["check", books.path, "--calls", calls.join(","), "--ref", winner],
      ["check", books.path, "--calls", calls.join(","), "--ref", "5-1"],
      ["check", books.path, "--calls", calls.slice(0, 3).join(","), "--ref", winner],
      ["check", books.path, "--calls", "5,6,5"],
      ["check", join(dir, "nope.jsonl"), "--calls", "1"],
      ["check", dir, "--calls", "1"],
      ["audit", dir],
      ["check", join(dir, "bad.jsonl"), "--calls", "1"],
    ];
    const batched = batchedCli("housie", cases);
    expect(runCli("housie", cases[0]!)).toEqual(batched(cases[0]!));
    const text = batched(cases[0]!);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain(
      `full house  call ${brute.prizes[2]!.call} (number ${calls[brute.prizes[2]!.call! - 1]}): ${brute.prizes[2]!.winners.map(printed).join(" ")}`,
    );
    const json = batched(cases[1]!);
    expect(json.status).toBe(0);
    expect((JSON.parse(json.stdout) as CheckReport).prizes.map((p) => p.call)).toEqual(brute.prizes.map((p) => p.call));
    const genuine = batched(cases[2]!);
    expect(genuine.status).toBe(0);
    expect(genuine.stdout).toMatch(new RegExp(`^claim ${printed(winner)} \\(file line \\d+\\), after 90 calls:\n\\+----`, "m"));
    expect(genuine.stdout).toContain(`\n  WINS one line at call ${brute.prizes[0]!.call}`);
    expect(genuine.stdout).not.toMatch(/\(line \d/); // no file line beside a prize named "one line"
    const unknown = batched(cases[3]!);
    expect(unknown.status).toBe(1);
    expect(unknown.stdout).toContain("claim: no such ticket in the series");
    const early = batched(cases[4]!);
    expect(early.status).toBe(1);
    const repeated = batched(cases[5]!);
    expect(repeated.status).toBe(2);
    expect(repeated.stderr).toBe("housie: --calls: call 3 repeats 5 (call 1) (expected each number called at most once)\n");
    const missing = batched(cases[6]!);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/nope.jsonl: no such file/);
    for (const command of [cases[7]!, cases[8]!]) {
      const folder = batched(command); // a directory opens on Linux; reading it fails
      expect(folder.status).toBe(2);
      expect(folder.stderr).toBe(`housie: ${dir}: is a directory\n`);
    }
    const bad = batched(cases[9]!);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/bad.jsonl:1: /);
  });
});
