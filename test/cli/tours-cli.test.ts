import { describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TOUR_RAMP, validateTour } from "../../src/tours/index.js";

import { batchedCli, runCli } from "../support/cli-run.js";

import { slowTest } from "../support/tier.js";
const penPaper = (args: string[], input?: string) => runCli("pen-paper", args, input);
// The runs that end in pen-paper's own code without standard input or worker threads (the
// usage-error tables, bad files, single-threaded generation and counts, help) share one process
// (batchedCli, below); a case of each table, and one generation, are also spawned on their
// own and must match.

function gridOfText(text: string): number[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .flatMap((line) => line.replace(/\|/g, " ").trim().split(/\s+/).map(Number));
}

const dir = mkdtempSync(join(tmpdir(), "pen-paper-"));
const batch: { run?: (args: readonly string[]) => ReturnType<typeof penPaper> } = {};
/** The batched result of `pen-paper args` (the batch runs on the first lookup, after every table below is defined). */
const batched = (args: readonly string[]) => batch.run!(args);
const GENERATED = {
  text: ["--size", "10", "--seed", "4", "--start", "3,7"],
  svg6: ["--size", "6", "--format", "svg", "--seed", "2"],
  svg60: ["--size", "60", "--format", "svg", "--seed", "2"],
  seed123: ["--size", "20", "--seed", "123"],
  seed124: ["--size", "20", "--seed", "124"],
};
const USAGE: [string[], RegExp][] = [
  [["--size", "3"], /no tour exists on a 3×3 board/],
  [["--size", "4"], /no tour exists on a 4×4 board/],
  [["--size", "0"], /--size/],
  [["--size", "ten"], /--size/],
  [["--size", "6", "--start", "7,1"], /--start 7,1 is outside the 6×6 board/],
  [["--start", "1;2"], /ROW,COLUMN/],
  [["--format", "png"], /--format/],
  [["--seed", "-3"], /--seed/],
  [["--frobnicate"], /unknown option/],
  [["--size", "5", "--out", "/nonexistent-folder/t.txt"], /^pen-paper: \/nonexistent-folder\/t\.txt: cannot write \(no such file or directory, ENOENT\)$/m],
];
const COUNT_USAGE: [string[], RegExp][] = [
  [["count"], /--size/],
  [["count", "--size", "65"], /--size/],
  [["count", "--size", "5", "--from", "6,1"], /--from 6,1 is outside the 5×5 board/],
  [["count", "--size", "5", "--threads", "0"], /--threads/],
];

describe("pen-paper generate", () => {
  it("prints a text grid between rules with centred equal-width cells", () => {
    const r = batched(GENERATED.text);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^\+-+\+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(lines[1]).toMatch(/^\| ( \d |\d{2} |  \d|\d{3})/);
    const grid = gridOfText(r.stdout);
    expect(validateTour(grid).ok).toBe(true);
    expect(grid[2 * 10 + 6]).toBe(1);
  });

  it("writes JSON and SVG, closed on request, to --out files", () => {
    const json = join(dir, "t.json");
    expect(penPaper(["--size", "8", "--closed", "--format", "json", "--seed", "1", "--out", json]).status).toBe(0);
    const doc = JSON.parse(readFileSync(json, "utf8")) as { size: number; closed: boolean; grid: number[][] };
    expect(doc.size).toBe(8);
    expect(doc.closed).toBe(true);
    const check = validateTour(doc.grid);
    expect(check.ok && check.closed).toBe(true);
    const small = batched(GENERATED.svg6);
    expect(small.stdout).toMatch(/^<svg[^]*<path[^]*<text[^]*<\/svg>\n$/);
    expect(small.stdout.match(/<text /g)).toHaveLength(36);
    const large = batched(GENERATED.svg60);
    expect(large.stdout).not.toMatch(/<text /);
    // The path in colour bands, from the ramp's first colour to its last.
    const bands = [...large.stdout.matchAll(/<path stroke="(#[0-9a-f]{6})"[^>]* d="([^"]*)"/g)];
    expect(bands).toHaveLength(16);
    expect(bands[0]![1]).toBe(TOUR_RAMP[0]);
    expect(bands[15]![1]).toBe(TOUR_RAMP[TOUR_RAMP.length - 1]);
    expect(bands.map((band) => band[2]!.match(/[hvl]/g)?.length ?? 0).reduce((a, b) => a + b)).toBe(3599); // one relative move a step
  });

  it("is reproducible with --seed (a spawned run and the batch's give the same tour)", () => {
    const a = penPaper(GENERATED.seed123);
    expect(a).toEqual(batched(GENERATED.seed123));
    expect(batched(GENERATED.seed124).stdout).not.toBe(a.stdout);
  });

  const usage = batched;
  it("the batched usage errors are what a spawned run gives", () => expect(penPaper(USAGE[0]![0])).toEqual(usage(USAGE[0]![0])));
  it.each(USAGE)("exits 2 with one line for %j", (args, message) => {
    const r = usage(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it("leaves no file behind when generation fails", () => {
    const out = join(dir, "none.txt");
    expect(batched(["--size", "2", "--out", out]).status).toBe(2);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes("none"))).toEqual([]);
  });
});

/** One-thread counts below 8×8, in the batch; the first is also spawned and must match. */
const COUNTS = [
  ["count", "--size", "5"],
  ["count", "--size", "5", "--from", "1,2", "--threads", "1"],
  ["count", "--size", "5", "--from", "1,2", "--json"],
  ["count", "--size", "6", "--pretty"],
  ["count", "--size", "6", "--closed", "--pretty"],
  ["count", "--size", "5", "--pretty", "--engine", "search", "--threads", "1"],
  ["count", "--size", "5", "--closed", "--pretty"],
];

describe("pen-paper count", () => {
  it("counts all paths, paths from a square and closed tours", () => {
    expect(penPaper(COUNTS[0]!)).toEqual(batched(COUNTS[0]!)); // the batch gives what a spawned run gives
    expect(batched(["count", "--size", "5"]).stdout).toBe("12400\n");
    expect(batched(["count", "--size", "5", "--from", "1,2", "--threads", "1"]).stdout).toBe("548\n");
    expect(penPaper(["count", "--size", "5", "--closed", "--threads", "2", "--engine", "search-ts"]).stdout).toBe("48\n");
  });

  it("--json without --shard prints one JSON line with the problem and the count (not silently plain text)", () => {
    const problem = { kind: "tours", rows: 5, cols: 5, moves: "0,3+2,2", closed: false, from: [1, 2], to: null, count: "548" };
    const frontier = batched(["count", "--size", "5", "--from", "1,2", "--json"]);
    expect(frontier.status).toBe(0);
    expect(JSON.parse(frontier.stdout)).toEqual({ ...problem, method: "frontier", engine: "frontier" });
    expect(frontier.stdout.trimEnd().split("\n")).toHaveLength(1);
    const search = penPaper(["count", "--size", "5", "--from", "1,2", "--json", "--engine", "search"]);
    expect(JSON.parse(search.stdout)).toEqual({ ...problem, method: "search", engine: "search" });
  });

  slowTest("--stats reports the dead successor states the kernel dropped: on standard error, or in the --json line; the TS baseline drops none", () => {
    const text = penPaper(["count", "--size", "6", "--moves", "1,2", "--stats"]);
    expect(text.stdout).toBe("6637920\n");
    expect(text.stderr).toMatch(
      /^frontier width 9, peak states 17195, 112119 dead successor states dropped, 16 bytes a state, peak table memory [\d.]+ MiB, CPU [\d.]+ s\n$/,
    );
    const json = penPaper(["count", "--size", "6", "--moves", "1,2", "--stats", "--json"]);
    expect(json.stderr).toBe("");
    const line = JSON.parse(json.stdout) as { count: string; stats: Record<string, number> };
    expect(line.count).toBe("6637920");
    expect(line.stats).toMatchObject({ width: 9, peakStates: 17195, droppedStates: 112119, entryBytes: 16, peakPasses: 1 });
    expect(line.stats.peakBytes).toBeGreaterThan(0);
    const ts = penPaper(["count", "--rows", "4", "--cols", "5", "--moves", "1,2", "--stats", "--engine", "frontier-ts"]);
    expect(ts.stdout).toBe("164\n");
    expect(ts.stderr).toMatch(/, no states dropped \(the TS baseline does not prune\), /);
  });

  it("--pretty groups the count's digits for people, with either engine; refused beside --json and --shard", () => {
    expect(batched(["count", "--size", "6", "--pretty"]).stdout).toBe("8,250,272\n");
    expect(batched(["count", "--size", "6", "--closed", "--pretty"]).stdout).toBe("13,138\n");
    expect(batched(["count", "--size", "5", "--pretty", "--engine", "search", "--threads", "1"]).stdout).toBe("12,400\n");
    expect(batched(["count", "--size", "5", "--closed", "--pretty"]).stdout).toBe("48\n"); // nothing to group
    for (const extra of [["--json"], ["--shard", "0/2"]]) {
      const r = batched(["count", "--size", "5", "--pretty", ...extra]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/--pretty is for people: not with --json or --shard/);
    }
  });

  it("help is a command too: pen-paper help count prints the count command's help", () => {
    const r = batched(["help", "count"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: pen-paper count \[options\]/);
    expect(r.stdout).toMatch(/--closed/);
  });

  const countUsage = batched;
  it("the batched usage errors are what a spawned run gives", () => expect(penPaper(COUNT_USAGE[0]![0])).toEqual(countUsage(COUNT_USAGE[0]![0])));
  it.each(COUNT_USAGE)("exits 2 for %j", (args, message) => {
    const r = countUsage(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe("pen-paper validate", () => {
  const text = join(dir, "tour.txt");
  const json = join(dir, "tour.json");
  writeFileSync(text, penPaper(["--size", "7", "--seed", "9"]).stdout);
  writeFileSync(json, penPaper(["--size", "7", "--closed", "--seed", "9", "--format", "json"]).stdout);

  it("accepts generated text and JSON tours, from a file or standard input", () => {
    expect(batched(["validate", text])).toMatchObject({ status: 0, stdout: expect.stringMatching(/valid (open|closed) tour of a 7×7 board/) });
    expect(batched(["validate", json])).toMatchObject({ status: 0, stdout: expect.stringMatching(/valid closed tour/) });
    expect(penPaper(["validate", "-"], readFileSync(text, "utf8")).status).toBe(0);
  });

  it("exits 1 for grids that break the rules", () => {
    const doc = JSON.parse(readFileSync(json, "utf8")) as { grid: number[][] };
    [doc.grid[0]![0], doc.grid[6]![6]] = [doc.grid[6]![6]!, doc.grid[0]![0]!];
    const broken = join(dir, "broken.json");
    writeFileSync(broken, JSON.stringify(doc));
    const r = penPaper(["validate", broken]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/not a legal move|not a closed tour/);
    const open = join(dir, "open-claims-closed.json");
    const openDoc = JSON.parse(penPaper(["--size", "5", "--seed", "1", "--start", "3,3", "--format", "json"]).stdout) as { grid: number[][] };
    writeFileSync(open, JSON.stringify({ size: 5, closed: true, grid: openDoc.grid }));
    const claim = penPaper(["validate", open]);
    expect([0, 1]).toContain(claim.status);
    if (!validateTour(openDoc.grid).closed) expect(claim.stdout).toMatch(/not a closed tour/);
  });

  const BAD: [string, string | null, RegExp][] = [
    ["missing.txt", null, /missing\.txt: no such file/],
    ["ragged.txt", "1 2 3\n4 5\n", /ragged\.txt:2: row 2 has 2 numbers \(expected 3/],
    ["words.txt", "1 2\nx 4\n", /words\.txt:2: "x" is not a whole number/],
    ["oblong.txt", "1 2\n3 4\n5 6\n", /oblong\.txt:3: 3 rows of 2 numbers/],
    ["empty.txt", "\n", /empty\.txt:1: no grid found/],
    ["syntax.json", '{"size": 5,\n "grid": [[1, 2]\n', /syntax\.json:3: malformed JSON/],
    ["size.json", '{"size": 4, "grid": [[1]]}', /size\.json:1: "size" is 4 but the grid has 1 rows/],
    ["row.json", '{"grid": [\n[1, 2],\n[3]\n]}', /row\.json:3: grid row 2 is not a list of 2 numbers/],
  ];
  for (const [name, content] of BAD) if (content !== null) writeFileSync(join(dir, name), content);
  const bad = batched;
  batch.run = batchedCli("pen-paper", [
    ...Object.values(GENERATED),
    ["--size", "2", "--out", join(dir, "none.txt")],
    ...USAGE.map(([args]) => args),
    ["count", "--size", "5", "--pretty", "--json"],
    ["count", "--size", "5", "--pretty", "--shard", "0/2"],
    ["help", "count"],
    ...COUNTS,
    ...COUNT_USAGE.map(([args]) => args),
    ["validate", text],
    ["validate", json],
    ...BAD.map(([name]) => ["validate", join(dir, name)]),
  ]);
  it("the batched bad files are what a spawned run gives", () =>
    expect(penPaper(["validate", join(dir, BAD[1]![0])])).toEqual(bad(["validate", join(dir, BAD[1]![0])])));
  it.each(BAD)("exits 2 for %s", (name) => {
    const message = BAD.find(([n]) => n === name)![2];
    const r = bad(["validate", join(dir, name)]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});
