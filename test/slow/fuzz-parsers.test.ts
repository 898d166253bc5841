// Property-based fuzzing (fast-check) of the three parsers and the validators: random
// bytes and near-valid inputs (a symbol changed, a row dropped, a number out of range).
// Whatever comes in: never a stack trace or a stray exception, always one short line that
// names the line, exit 2 (or 1 for validate findings), never a partial output file.
// Most runs call the parsers in-process; a few spawn the CLIs.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InputError, UsageError } from "../../src/errors.js";
import { parseFarmInput } from "../../src/farms/parse.js";
import { generalModeProblem } from "../../src/tables/cli-options.js";
import { parseTourFile } from "../../src/tours/parse.js";
import { validateTour } from "../../src/tours/validate.js";
import { generateTour } from "../../src/tours/generate.js";
import { validateBook } from "../../src/housie/validate/validate.js";
import { generateBooks } from "../../src/housie/generate/generate.js";
import { formatterFor } from "../../src/housie/output/format.js";
import { ROOT } from "../support/cli-run.js";

const dir = mkdtempSync(join(tmpdir(), "fuzz-"));
const RUNS = 300; // in-process runs per property: enough to find the usual suspects, quick
const CLI_RUNS = 6; // spawned runs per CLI property

/** One line, short (the offending text quoted at most ~40 characters), no stack. */
function expectOneShortLine(message: string): void {
  expect(message).not.toMatch(/\n/);
  expect(message.length).toBeLessThan(400);
  expect(message).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
}

/** Text from random bytes, decoded as the CLIs decode files. */
const randomText = fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString("utf8"));

/** Applies one edit to `text`: change a character, drop a line, duplicate a line, or insert junk. */
function mutate(text: string): fc.Arbitrary<string> {
  const lines = text.split("\n");
  return fc.oneof(
    fc
      .tuple(fc.nat(text.length - 1), fc.constantFrom("0", "1", "2", "3", "9", "x", " ", "\u0000", "\n", "-", "[", "]", ",", "{", '"', "é", "\ufffd"))
      .map(([at, ch]) => text.slice(0, at) + ch + text.slice(at + 1)),
    fc.nat(lines.length - 1).map((i) => lines.filter((_, j) => j !== i).join("\n")),
    fc.nat(lines.length - 1).map((i) => [...lines.slice(0, i + 1), lines[i]!, ...lines.slice(i + 1)].join("\n")),
    fc
      .tuple(fc.nat(text.length), fc.constantFrom("99999999999999999999999999999999", "1e308", "-1", "1.5", "x".repeat(5000), "\u0000\u0001\u00ff"))
      .map(([at, junk]) => text.slice(0, at) + junk + text.slice(at)),
  );
}

function inputErrorOrValue<T>(parse: () => T, lineCount: number): T | undefined {
  try {
    return parse();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    const e = error as InputError;
    expect(e.line).toBeGreaterThanOrEqual(1);
    expect(e.line).toBeLessThanOrEqual(lineCount + 1);
    expectOneShortLine(e.message);
    return undefined;
  }
}

const FARMS = "3\n2100221\n0221102\n2 0 0 2 2 1 1\n2 0 1 2 2 1 0\n2002211\n2012210\n";

describe("count-farms input (parseFarmInput)", () => {
  it("random bytes: cases or one InputError naming a line", () => {
    fc.assert(
      fc.property(randomText, (text) => void inputErrorOrValue(() => parseFarmInput(text), text.split("\n").length)),
      { numRuns: RUNS },
    );
  });

  it("near-valid inputs: every case read is a valid pair of rows", () => {
    fc.assert(
      fc.property(mutate(FARMS), (text) => {
        const cases = inputErrorOrValue(() => parseFarmInput(text), text.split("\n").length);
        for (const c of cases ?? []) for (const row of c.rows) expect([...row].sort().join("")).toBe("0011222");
      }),
      { numRuns: RUNS },
    );
  });
});

describe("count-farms general-mode options", () => {
  const countsText = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 6 }).map((c) => c.join(",")),
    fc.constantFrom("2,2,3", "3,3", "99999999999999999999999,1", "0,".repeat(10_000) + "0", "-1,7", "2;2;3"),
  );
  const givenText = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("2100221;0221102", "2100221", "x".repeat(10_000), ";;", "2 1 0 0 2 2 1"));
  it("a checked problem or one UsageError", () => {
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 14 }), countsText, givenText, (size, counts, given) => {
        try {
          const problem = generalModeProblem({ size, counts, given });
          expect(problem.counts.reduce((a, b) => a + b, 0)).toBe(size);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expectOneShortLine((error as Error).message);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe("tour files (parseTourFile, validateTour)", () => {
  const grid = generateTour({ size: 5, seed: 9 });
  const rows = Array.from({ length: 5 }, (_, r) => Array.from(grid.subarray(r * 5, r * 5 + 5)));
  const json = `{"size": 5, "closed": false, "grid": [\n${rows.map((r) => `  [${r.join(", ")}]`).join(",\n")}\n]}\n`;
  const text = rows.map((r) => r.map((v) => String(v).padStart(2)).join(" ")).join("\n") + "\n";

  it.each([
    ["random bytes", randomText],
    ["near-valid JSON", mutate(json)],
    ["near-valid text", mutate(text)],
  ])("%s: a checked grid or one InputError", (_, input) => {
    fc.assert(
      fc.property(input, (content) => {
        const tour = inputErrorOrValue(() => parseTourFile(content), content.split("\n").length);
        if (!tour) return;
        const check = validateTour(tour.grid, tour.size);
        if (!check.ok) expectOneShortLine(check.problem!);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("housie records (validateBook)", () => {
  const book = generateBooks(1, { seed: 5n })[0]!;
  const cellEdit = fc.tuple(
    fc.nat(5),
    fc.nat(2),
    fc.nat(8),
    fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constant(null), fc.string({ maxLength: 60 }), fc.constant(1e308), fc.jsonValue({ maxDepth: 3 })),
  );
  it("near-valid books: violations are short lines, never an exception", () => {
    fc.assert(
      fc.property(fc.array(cellEdit, { maxLength: 4 }), (edits) => {
        const tickets = JSON.parse(JSON.stringify(book.tickets)) as unknown[][][];
        for (const [t, r, c, value] of edits) tickets[t]![r]![c] = value;
        for (const v of validateBook({ serial: 1, tickets })) expectOneShortLine(v.problem);
      }),
      { numRuns: RUNS },
    );
  });

  it("random objects: violations, never an exception", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("serial", "tickets", "x"), fc.jsonValue({ maxDepth: 4 })), (record) => {
        for (const v of validateBook(record)) expectOneShortLine(v.problem);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("the CLIs on fuzzed files (a few spawned runs)", () => {
  let n = 0;
  function run(name: string, args: string[]) {
    const r = spawnSync(process.execPath, [`${ROOT}/dist/cli/${name}.js`, ...args], { cwd: dir, encoding: "utf8" });
    expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
    return r;
  }
  function save(content: string): string {
    const path = join(dir, `in-${n++}.txt`);
    writeFileSync(path, content);
    return path;
  }

  it("count-farms: counts (exit 0) or one line naming file:line (exit 2)", () => {
    fc.assert(
      fc.property(fc.oneof(randomText, mutate(FARMS)), (content) => {
        const path = save(content);
        const r = run("count-farms", [path]);
        expect([0, 2]).toContain(r.status);
        if (r.status === 2) {
          expect(r.stderr).toMatch(new RegExp(`^count-farms: ${path}:\\d+: [^\\n]+\\n$`));
        }
      }),
      { numRuns: CLI_RUNS },
    );
  });

  it("pen-paper validate: exit 0, 1 (broken rules) or 2 (one line naming file:line)", () => {
    const grid = generateTour({ size: 5, seed: 2 });
    const text = Array.from({ length: 5 }, (_, r) => Array.from(grid.subarray(r * 5, r * 5 + 5)).join(" ")).join("\n") + "\n";
    fc.assert(
      fc.property(fc.oneof(randomText, mutate(text)), (content) => {
        const path = save(content);
        const r = run("pen-paper", ["validate", path]);
        expect([0, 1, 2]).toContain(r.status);
        if (r.status === 2) expect(r.stderr).toMatch(new RegExp(`^pen-paper: ${path}:\\d+: [^\\n]+\\n$`));
        if (r.status === 1) expect(r.stdout).toMatch(/^[^\n]+: not a (closed )?tour: [^\n]+\n$/);
      }),
      { numRuns: CLI_RUNS },
    );
  });

  it("housie validate: exit 0 or 1 with one line per finding naming file:line", () => {
    const line = formatterFor("jsonl", "books")
      .record(generateBooks(1, { seed: 3n })[0]!)
      .trimEnd(); // serials are bigints: the writer's own line
    fc.assert(
      fc.property(
        fc.oneof(
          randomText.filter((t) => !/^\s*null\s*$/m.test(t)),
          mutate(line + "\n"),
        ),
        (content) => {
          const path = save(content);
          const r = run("housie", ["validate", path]);
          expect([0, 1]).toContain(r.status);
          for (const finding of r.stdout.split("\n").filter(Boolean)) {
            expect(finding).toMatch(new RegExp(`^${path}:\\d+: .+ \\[[a-z-]+\\]$`));
            expect(finding.length).toBeLessThan(500);
          }
        },
      ),
      { numRuns: CLI_RUNS },
    );
  });

  it("pen-paper with random options and --out: exit 0 with the file, or exit 2 with no file at all", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("4", "5", "7", "0", "-3", "x", "10001", "99999999999999999999"),
        fc.constantFrom("1,1", "9,9", "0,0", "a,b", ""),
        fc.constantFrom("text", "json", "svg", "pdf"),
        (size, start, format) => {
          const out = join(dir, `out-${n++}`);
          const args = ["--size", size, "--format", format, "--out", out, ...(start ? ["--start", start] : [])];
          const before = readdirSync(dir).length;
          const r = run("pen-paper", args);
          expect([0, 2]).toContain(r.status);
          const files = readdirSync(dir);
          expect(files.some((f) => f.endsWith(".tmp"))).toBe(false);
          if (r.status === 0) expect(files).toContain(`out-${n - 1}`);
          else {
            expect(files.length).toBe(before);
            expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
          }
        },
      ),
      { numRuns: CLI_RUNS },
    );
  });
});
