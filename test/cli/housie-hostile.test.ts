// Issue 13, housie: exact serials past 2^53 in every format and through validate,
// non-object lines, the streaming validator (fast path cross-checked with the
// rule-by-rule baseline).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { batchedCli, runCli } from "../support/cli-run.js";
import { generateBooks, generateTickets, HousieRun } from "../../src/housie/generate/generate.js";
import { recordToJson } from "../../src/housie/output/format.js";
import { validateJsonl, MAX_LINE_BYTES } from "../../src/housie/validate/validate.js";
import { MAX_SERIAL } from "../../src/housie/model/serial.js";
import { slowTest } from "../support/tier.js";

const dir = mkdtempSync(join(tmpdir(), "housie-hostile-"));
const housie = (args: string[], input?: string) => runCli("housie", args, input, dir);
const FIRST = 9007199254740990n; // 2^53 - 2
const expectedSerials = Array.from({ length: 5 }, (_, i) => String(FIRST + BigInt(i)));
const SERIAL_ARGS = ["books", "-n", "5", "--seed", "1", "--first-serial", String(FIRST)];
const FORMATS = ["csv", "text", "html", "jsonl"];
const LIMITS = [
  ["tickets", "-n", "1", "--seed", "1", "--first-serial", String(MAX_SERIAL), "-f", "csv"],
  ["books", "-n", "2", "--seed", "1", "--first-serial", String(MAX_SERIAL), "-o", "x.jsonl"],
  ["books", "-n", "1", "--first-serial", "18446744073709551616"],
];
// The runs without standard input share one process (batchedCli); one is also spawned and must match.
const batched = batchedCli("housie", [...FORMATS.map((format) => [...SERIAL_ARGS, "-f", format]), ...LIMITS, ["books", "--help"], ["tickets", "--help"]], dir);

describe("serials are exact past 2^53", () => {
  it("the batched runs are what a spawned run gives", () => {
    expect(housie([...SERIAL_ARGS, "-f", "jsonl"])).toEqual(batched([...SERIAL_ARGS, "-f", "jsonl"]));
  });

  it("csv, text, jsonl and html carry every serial exactly, and validate agrees", () => {
    const args = SERIAL_ARGS;
    const csv = batched([...args, "-f", "csv"]);
    expect(csv.status).toBe(0);
    const csvSerials = [
      ...new Set(
        csv.stdout
          .trim()
          .split("\n")
          .slice(1)
          .map((row) => row.split(",")[0]),
      ),
    ];
    expect(csvSerials).toEqual(expectedSerials);
    const text = batched([...args, "-f", "text"]);
    expect([...text.stdout.matchAll(/^Book (\d+), ticket 1 \(ref (\d+)-1\)$/gm)].map((m) => [m[1], m[2]])).toEqual(expectedSerials.map((s) => [s, s]));
    const html = batched([...args, "-f", "html"]);
    expect([...html.stdout.matchAll(/text-anchor="end">Book (\d+)<\/text>/g)].map((m) => m[1])).toEqual(expectedSerials); // each book's band (print-html.ts)
    const jsonl = batched([...args, "-f", "jsonl"]);
    expect(
      jsonl.stdout
        .trim()
        .split("\n")
        .map((l) => /^\{"serial":(\d+),/.exec(l)![1]),
    ).toEqual(expectedSerials);
    const check = housie(["validate", "-"], jsonl.stdout);
    expect(check.status).toBe(0);
    expect(check.stderr).toBe("<stdin>: 5 records, 30 tickets: valid\n");
    // Two serials that are one double apart from each other are still told apart; a real repeat is caught with its exact digits.
    const lines = jsonl.stdout.trim().split("\n");
    const repeated = [lines[2], lines[3]!.replace(/"serial":\d+/, `"serial":${FIRST + 2n}`)].join("\n") + "\n";
    const report = housie(["validate", "-"], repeated);
    expect(report.status).toBe(1);
    expect(report.stdout).toBe(`<stdin>:2: serial ${FIRST + 2n} repeats line 1 (expected each serial once in a file) [duplicate-serial]\n`);
  });

  it("the API keeps bigint serials, the kernel's JSONL equals the TS formatter's, up to 2^64-1", () => {
    const records = generateTickets(3, { seed: 2n, firstSerial: MAX_SERIAL - 2n });
    expect(records.map((r) => r.serial)).toEqual([MAX_SERIAL - 2n, MAX_SERIAL - 1n, MAX_SERIAL]);
    const text = new TextDecoder().decode(new HousieRun("tickets", { seed: 2n, firstSerial: MAX_SERIAL - 2n }).nextJsonl(3));
    expect(text).toBe(records.map((r) => recordToJson(r) + "\n").join(""));
    expect(validateJsonl(text)).toEqual({ records: 3, tickets: 3, violations: [] });
  });

  it("the limit check includes the count: CLI exit 2 with one line, API throws, nothing written", () => {
    const ok = batched(LIMITS[0]!);
    expect(ok.status).toBe(0);
    expect(ok.stdout.split("\n")[1]).toMatch(new RegExp(`^${MAX_SERIAL},1,1,`));
    const over = batched(LIMITS[1]!);
    expect(over.status).toBe(2);
    expect(over.stdout).toBe("");
    expect(over.stderr).toBe(
      `housie: --first-serial ${MAX_SERIAL} --count 2: serials ${MAX_SERIAL} to ${MAX_SERIAL + 1n} pass the largest serial ${MAX_SERIAL} (2^64-1)\n`,
    );
    const bad = batched(LIMITS[2]!);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(() => generateBooks(2, { firstSerial: MAX_SERIAL })).toThrow(/largest serial/);
    const run = new HousieRun("books", { seed: 1n, firstSerial: MAX_SERIAL - 1n });
    expect(() => run.nextCells(3)).toThrow(/largest serial/);
    expect(run.nextCells(2).firstSerial).toBe(MAX_SERIAL - 1n);
  });

  it("help shows --first-serial and its default (a bigint) without crashing", () => {
    for (const kind of ["books", "tickets"]) {
      const help = batched([kind, "--help"]);
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(/--first-serial <N>.*\(default: 1\)/s);
    }
  });

  it("validate rejects serials beyond 2^64-1, negative, fractional or not numbers, with the text as written", () => {
    const book = recordToJson(generateBooks(1, { seed: 3n })[0]!);
    for (const serial of ["18446744073709551616", "-1", "1.5", "1e3", '"7"', "null"]) {
      const report = validateJsonl(book.replace(/"serial":\d+/, `"serial":${serial}`));
      expect(report.violations.map((v) => v.rule)).toEqual(["serial"]);
    }
    expect(validateJsonl(book.replace(/"serial":\d+/, '"serial":18446744073709551615')).violations).toEqual([]);
  });
});

describe("validate never crashes on a JSON value that is not a record", () => {
  it("null, arrays, strings, numbers, booleans get the shape rule with their line; exit 1, no stack", () => {
    const input = ["null", "[1,2]", '"text"', "42", "true", "{}"].join("\n") + "\n";
    const result = housie(["validate", "-"], input);
    expect(result.status).toBe(1);
    expect(
      result.stdout
        .trim()
        .split("\n")
        .map((l) => /^<stdin>:(\d+): .* \[(\w[\w-]*)\]$/.exec(l)!.slice(1)),
    ).toEqual([
      ["1", "shape"],
      ["2", "shape"],
      ["3", "shape"],
      ["4", "shape"],
      ["5", "shape"],
      ["6", "serial"],
      ["6", "shape"],
    ]);
    expect(result.stdout).toContain("<stdin>:1: record is null (expected one JSON object per line");
    expect(result.stderr).toBe("<stdin>: 6 records, 0 tickets: 7 rule(s) broken\n");
  });

  it("an over-long line is one json violation, without keeping the line", () => {
    const book = recordToJson(generateBooks(1, { seed: 3n })[0]!);
    const report = validateJsonl(`${book}\n${"x".repeat(MAX_LINE_BYTES + 10)}\n${book.replace(/"serial":\d+/, '"serial":2')}\n`);
    expect(report.violations.map((v) => [v.line, v.rule])).toEqual([
      [2, "json"],
      [3, "duplicate-ticket"],
      [3, "duplicate-ticket"],
      [3, "duplicate-ticket"],
      [3, "duplicate-ticket"],
      [3, "duplicate-ticket"],
      [3, "duplicate-ticket"],
    ]);
    expect(report.violations[0]!.problem).toBe(`line is longer than ${MAX_LINE_BYTES} bytes`);
  });
});

describe("the streaming validator", () => {
  const books = generateBooks(300, { seed: 11n });
  const tickets = generateTickets(50, { seed: 12n, firstSerial: 1000 });
  const lines = [...books, ...tickets].map(recordToJson);

  slowTest("the byte-level fast path and the rule-by-rule baseline give the same report on generated and mutated files", () => {
    const same = (text: string) => expect(validateJsonl(text, { fast: true })).toEqual(validateJsonl(text, { fast: false }));
    same(lines.join("\n") + "\n");
    fc.assert(
      fc.property(
        fc.array(fc.record({ line: fc.nat(lines.length - 1), at: fc.nat(900), edit: fc.constantFrom("digit", "drop", "insert", "swap", "space", "copy") }), {
          maxLength: 6,
        }),
        fc.integer({ min: 0, max: 9 }),
        (edits, digit) => {
          const picked = lines.slice(0, 40);
          for (const { line, at, edit } of edits) {
            const source = lines[line]!;
            const i = at % source.length;
            const target = line % picked.length;
            const text = picked[target]!;
            const j = Math.min(i, text.length - 1);
            picked[target] =
              edit === "digit"
                ? text.slice(0, j) + String(digit) + text.slice(j + 1)
                : edit === "drop"
                  ? text.slice(0, j) + text.slice(j + 1)
                  : edit === "insert"
                    ? text.slice(0, j) + "," + text.slice(j)
                    : edit === "swap"
                      ? text.slice(0, j) + text.slice(j + 1, j + 2) + text.slice(j, j + 1) + text.slice(j + 2)
                      : edit === "space"
                        ? text.slice(0, j) + " " + text.slice(j)
                        : source; // a copy of another line: repeated serial and tickets
          }
          same(picked.join("\n") + "\n");
        },
      ),
      { numRuns: 300, seed: 13 },
    );
  });

  it("repeated serials are found with the line that had them first, in or out of a counting-up run", () => {
    const ticket = recordToJson(tickets[0]!).replace(/^\{"serial":\d+,/, "");
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constant(-1)), { maxLength: 30 }), (serials) => {
        // -1: a blank line. Tickets repeat from line to line; only the serial rule is compared.
        const text = serials.map((x) => (x < 0 ? "" : `{"serial":${x},${ticket}`)).join("\n") + "\n";
        const expected: [number, string][] = [];
        const seen = new Map<number, number>();
        serials.forEach((x, i) => {
          if (x < 0) return;
          const first = seen.get(x);
          if (first !== undefined) expected.push([i + 1, `serial ${x} repeats line ${first}`]);
          else seen.set(x, i + 1);
        });
        for (const fast of [true, false]) {
          const found = validateJsonl(text, { fast })
            .violations.filter((v) => v.rule === "duplicate-serial")
            .map((v) => [v.line, v.problem]);
          expect(found).toEqual(expected);
        }
      }),
      { numRuns: 400, seed: 14 },
    );
  });

  it("the CLI streams a generated file chunk by chunk and reports the counts", () => {
    // 4000 books are 2.8 MB of JSON Lines: three of validate's 1 MiB reads.
    const file = join(dir, "many.jsonl");
    const result = housie(["books", "-n", "4000", "--seed", "5", "-f", "jsonl", "-o", file]);
    expect(result.status).toBe(0);
    const check = housie(["validate", file]);
    expect(check.status).toBe(0);
    expect(check.stderr).toBe(`${file}: 4000 records, 24000 tickets: valid\n`);
    writeFileSync(join(dir, "twice.jsonl"), lines.join("\n") + "\n" + lines.join("\n") + "\n");
    const twice = housie(["validate", "twice.jsonl"]);
    expect(twice.status).toBe(1);
    // The second copy repeats every serial (350) and every ticket (300 * 6 + 50).
    expect(twice.stderr).toBe(`twice.jsonl: 700 records, 3700 tickets: ${350 + 1850} rule(s) broken\n`);
  });
});
