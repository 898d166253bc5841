// Serials past 2^53, up to 2^64-1, stay exact through the series reader (kernel, TS fast
// path, general path), `housie check` (winners, --ref), audit and --unique-against; a
// serial past 2^64-1 or of 21 digits is one clear line naming the line.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../support/cli-run.js";
import { readSeries } from "../../src/housie/series/read-series.js";
import { checkClaims } from "../../src/housie/operators/check.js";
import { MAX_SERIAL } from "../../src/housie/model/serial.js";
import { InputError, UsageError } from "../../src/errors.js";
import { printedRef } from "../../src/housie/model/reference.js";

import { slowTest } from "../support/tier.js";
const dir = mkdtempSync(join(tmpdir(), "housie-big-serials-"));
const housie = (args: string[], input?: string) => runCli("housie", args, input, dir);
const FIRST = 18446744073709551610n; // 2^64 - 6: the five books end at 2^64 - 2
const serials = Array.from({ length: 5 }, (_, i) => FIRST + BigInt(i));
const ALL_CALLS = Array.from({ length: 90 }, (_, i) => i + 1);

const made = housie(["books", "-n", "5", "--seed", "1", "--first-serial", String(FIRST), "-f", "jsonl"]);
const lines = made.stdout.trimEnd().split("\n");
const file = join(dir, "big.jsonl");
writeFileSync(file, made.stdout);

function readAll(path: string, engine: "wasm" | "ts", batch = 2): { serials: bigint[]; lines: number[]; cells: number[] } {
  const out = { serials: [] as bigint[], lines: [] as number[], cells: [] as number[] };
  for (const b of readSeries(path, { engine, batch })) {
    out.serials.push(...b.serials.subarray(0, b.count));
    out.lines.push(...b.lines.subarray(0, b.count));
    out.cells.push(...b.cells.subarray(0, b.count * 162));
  }
  return out;
}

/** The line with its keys swapped (tickets first), digits kept as written: only the general path reads it. */
function keysSwapped(line: string): string {
  const m = /^\{"serial":(\d+),"tickets":(.*)\}$/.exec(line)!;
  return `{"tickets":${m[2]},"serial":${m[1]}}`;
}

describe("serials up to 2^64-1 in the series reader", () => {
  it("the writer's series reads back exactly, by the kernel and the TS fast path alike", () => {
    expect(made.status).toBe(0);
    expect(lines.map((l) => /^\{"serial":(\d+),/.exec(l)![1])).toEqual(serials.map(String));
    const wasm = readAll(file, "wasm");
    const ts = readAll(file, "ts");
    expect(wasm.serials).toEqual(serials);
    expect(ts).toEqual(wasm);
    expect(wasm.cells).toEqual(lines.flatMap((l) => (JSON.parse(l) as { tickets: (number | null)[][][] }).tickets.flat(2).map((x) => x ?? 0)));
  });

  it("spaced lines (fast paths) and keys in another order (general path) give the same exact serials", () => {
    const mixed = join(dir, "mixed.jsonl");
    const spaced = lines[1]!.replace(/,/g, ", ").replace(/:/g, ": ");
    const tabbed = lines[4]!.replace('"serial":', '"serial":\t'); // a tab: neither fast path takes it
    writeFileSync(mixed, [lines[0], spaced, keysSwapped(lines[2]!), lines[3], tabbed].join("\n") + "\n");
    const plain = readAll(file, "wasm");
    for (const engine of ["wasm", "ts"] as const) expect(readAll(mixed, engine)).toEqual(plain);
    // The largest serials of all, through each path (three books: a serial or a ticket twice would be refused).
    const near = (i: number) => lines[i]!.replace(/"serial":\d+/, `"serial":${MAX_SERIAL - BigInt(i)}`);
    writeFileSync(mixed, [near(0), keysSwapped(near(1)), near(2).replace(/,/g, " , ")].join("\n") + "\n");
    for (const engine of ["wasm", "ts"] as const) expect(readAll(mixed, engine).serials).toEqual([MAX_SERIAL, MAX_SERIAL - 1n, MAX_SERIAL - 2n]);
  });

  it("a serial of 2^64 or of 21 digits is one error naming the line, on every path and engine", () => {
    const bad = join(dir, "bad.jsonl");
    for (const digits of [String(MAX_SERIAL + 1n), "100000000000000000000", "99999999999999999999"]) {
      for (const second of [lines[1]!.replace(/"serial":\d+/, `"serial":${digits}`), keysSwapped(lines[1]!).replace(/"serial":\d+/, `"serial":${digits}`)]) {
        writeFileSync(bad, [lines[0], second, lines[2]].join("\n") + "\n");
        for (const engine of ["wasm", "ts"] as const) {
          expect(() => readAll(bad, engine)).toThrow(InputError);
          expect(() => readAll(bad, engine)).toThrow(`bad.jsonl:2: serial is ${digits} (expected a whole-number serial from 0 to ${MAX_SERIAL}) [serial]`); // validate's words
        }
      }
    }
    const cli = housie(["check", "bad.jsonl", "--calls", "1,2,3"]);
    expect(cli.status).toBe(2);
    expect(cli.stdout).toBe("");
    expect(cli.stderr).toBe(`housie: bad.jsonl:2: serial is 99999999999999999999 (expected a whole-number serial from 0 to ${MAX_SERIAL}) [serial]\n`);
  });
});

describe("housie check, audit and --unique-against with serials past 2^53", () => {
  it("--ref 18446744073709551613-2 finds that ticket (line 4); kernel and TS baseline agree on every winner's exact reference", () => {
    const wasm = checkClaims(file, ALL_CALLS, { ref: "18446744073709551613-2", engine: "wasm" });
    const ts = checkClaims(file, ALL_CALLS, { ref: "18446744073709551613-2", engine: "ts" });
    expect(ts).toEqual(wasm);
    expect(wasm.claim).toMatchObject({ ref: "18446744073709551613-2", line: 4 });
    expect(wasm.claim!.prizes.find((p) => p.prize === "full house")!.call).not.toBeNull(); // all 90 called
    for (const prize of wasm.prizes) {
      expect(prize.winners.length).toBeGreaterThan(0);
      for (const ref of prize.winners) expect(serials).toContain(BigInt(ref.split("-")[0]!));
    }
    // Its neighbour one double away (2^64 - 3 and 2^64 - 2 are the same double) is a different ticket.
    const next = checkClaims(file, ALL_CALLS, { ref: "18446744073709551614-2" });
    expect(next.claim!.line).toBe(5);
    expect(checkClaims(file, ALL_CALLS, { ref: "18446744073709551615-2" }).claim).toBeNull();
    const cli = housie(["check", "big.jsonl", "--calls", ALL_CALLS.join(","), "--ref", "18446744073709551613-2"]);
    const wins = wasm.claim!.prizes.some((p, k) => p.call !== null && p.call === wasm.prizes[k]!.call);
    expect(cli.status).toBe(wins ? 0 : 1); // 0 a winner, 1 not
    expect(cli.stdout).toMatch(new RegExp(`^claim ${printedRef(18446744073709551613n, 2)} \\(file line 4\\), after 90 calls:$`, "m")); // as printed, with the check digit
    expect(cli.stdout).toMatch(/^  (WINS |NOT A WINNER: )one line/m);
  });

  it("references past 2^64-1 or of 21 digits are usage errors", () => {
    expect(() => checkClaims(file, [1], { ref: `${MAX_SERIAL + 1n}-1` })).toThrow(UsageError);
    const cli = housie(["check", "big.jsonl", "--calls", "1,2", "--ref", "123456789012345678901-1"]);
    expect(cli.status).toBe(2);
    expect(cli.stderr).toBe(
      `housie: reference "123456789012345678901-1" is not serial-ticket (expected e.g. 1234-5, or 1234-5-9 with the printed check digit, serial 0 to ${MAX_SERIAL}, ticket 1 to 6)\n`,
    );
  });

  slowTest("audit and --unique-against read such a series", () => {
    const audit = housie(["audit", "big.jsonl"]);
    expect(audit.stderr).toBe("");
    expect(audit.stdout).toMatch(/verdict: pass/);
    const next = housie(["books", "-n", "3", "--seed", "1", "--unique-against", "big.jsonl", "-f", "jsonl"]);
    expect(next.status).toBe(0);
    // Seed 1 again would repeat the earlier books; the loaded tickets keep every one out.
    const earlier = new Set(lines.flatMap((l) => (JSON.parse(l) as { tickets: unknown[] }).tickets.map((t) => JSON.stringify(t))));
    const fresh = next.stdout
      .trimEnd()
      .split("\n")
      .flatMap((l) => (JSON.parse(l) as { tickets: unknown[] }).tickets.map((t) => JSON.stringify(t)));
    expect(fresh).toHaveLength(18);
    for (const t of fresh) expect(earlier.has(t)).toBe(false);
  });
});
