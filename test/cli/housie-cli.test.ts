// The housie CLI as users run it: node dist/bin/housie.js, the bundle package.json's "bin"
// names (built by `npm test`'s pretest).
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { batchedCli, runCli } from "../support/cli-run.js";

const dir = mkdtempSync(join(tmpdir(), "housie-cli-"));

const housie = (...args: string[]) => runCli("housie", args, undefined, dir);
// Runs that read no standard input and write no file a test writes first: one process
// (batchedCli); the seeded books are also spawned, and must be the batch's bytes.
const SEEDED_BOOKS = ["books", "-n", "40", "--seed", "12", "--format", "jsonl", "--first-serial", "500"];
const RUNS = [
  ["count"],
  ["count", "--json"],
  SEEDED_BOOKS,
  ["tickets", "-n", "25", "--seed", "3", "--format", "csv", "--out", "t.csv"],
  ["books", "-n", "1", "--seed", "1"],
  ["books", "-n", "2", "--seed", "1", "--format", "html"],
  ["tickets", "-n", "13", "--seed", "1", "--format", "html"],
  ["books", "-n", "2", "--seed", "8", "--format", "jsonl"],
  ["books", "-n", "1", "--out", join(dir, "no-such-dir", "x.jsonl")],
];
const ran = batchedCli("housie", RUNS, dir);
const run = (...args: string[]) => ran(args);

describe("housie CLI", () => {
  it("count prints the exact numbers, --json as decimal strings", () => {
    const text = run("count");
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/distinct single tickets\s+3669688706217187500\n/);
    const json = run("count", "--json");
    expect(json.status).toBe(0);
    const parsed = JSON.parse(json.stdout) as Record<string, string>;
    expect(parsed.patterns).toBe("735210");
    expect(parsed.vectors).toBe("1554");
    expect(parsed.tickets).toBe("3669688706217187500");
    expect(BigInt(parsed.orderedBooks!)).toBe(BigInt(parsed.books!) * 720n);
  });

  it("books --format jsonl --seed is reproducible, validates, and honours --first-serial", () => {
    const a = housie(...SEEDED_BOOKS);
    const b = run(...SEEDED_BOOKS);
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const lines = a.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(40);
    expect(JSON.parse(lines[0]!).serial).toBe(500);
    expect(JSON.parse(lines[39]!).tickets).toHaveLength(6);
    writeFileSync(join(dir, "ok.jsonl"), a.stdout);
    const v = housie("validate", "ok.jsonl");
    expect(v.status).toBe(0);
    expect(v.stderr).toMatch(/40 records, 240 tickets: valid/);
  });

  it("--out writes atomically and leaves no temporary file", () => {
    const r = run("tickets", "-n", "25", "--seed", "3", "--format", "csv", "--out", "t.csv");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("");
    const csv = readFileSync(join(dir, "t.csv"), "utf8").trimEnd().split("\n");
    expect(csv[0]).toBe("serial,ticket,row,c1,c2,c3,c4,c5,c6,c7,c8,c9");
    expect(csv).toHaveLength(1 + 25 * 3);
    expect(csv[1]!.split(",")).toHaveLength(12);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("text shows the classic grid; html is a self-contained printable page", () => {
    const text = run("books", "-n", "1", "--seed", "1");
    expect(text.stdout.split("\n")[0]).toBe("Book 1, ticket 1 (ref 1-1)");
    expect(text.stdout).toContain("+----+----+----+----+----+----+----+----+----+\n|");
    const rows = text.stdout.split("\n").filter((l) => l.startsWith("|"));
    expect(rows).toHaveLength(18);
    for (const row of rows) expect(row).toMatch(/^(\| ( \d|\d\d| {2}) ){9}\|$/);
    const html = run("books", "-n", "2", "--seed", "1", "--format", "html");
    expect(html.stdout).toContain("@page { size: 595.28pt 841.89pt; margin: 0; }"); // A4
    expect(html.stdout).toContain(">Book 2</text>");
    expect(html.stdout).toContain('font-weight="bold">2-6-4</text>'); // the reference with its check digit
    expect(html.stdout).not.toMatch(/https?:|<script|<link/);
    expect(html.stdout.match(/<section class="hp-page"/g)).toHaveLength(1); // two strips side by side
    const tickets = run("tickets", "-n", "13", "--seed", "1", "--format", "html").stdout;
    expect(tickets.match(/<section class="hp-page"/g)).toHaveLength(2); // two strips of six a page
    expect(tickets.match(/<\/section>/g)).toHaveLength(2);
  });

  it("validate reports each broken rule with its line and exits 1", () => {
    const good = run("books", "-n", "2", "--seed", "8", "--format", "jsonl").stdout.trimEnd().split("\n");
    const broken = JSON.parse(good[1]!) as { tickets: (number | null)[][][] };
    const row = broken.tickets[0]![0]!;
    row[row.findIndex((c) => c !== null)] = null;
    writeFileSync(join(dir, "bad.jsonl"), `${good[0]}\n${JSON.stringify(broken)}\n${good[0]}\n`);
    const v = housie("validate", "bad.jsonl");
    expect(v.status).toBe(1);
    expect(v.stdout).toMatch(/^bad\.jsonl:2: ticket 1 row 1 holds 4 numbers \(expected 5 numbers per row\) \[row-count\]$/m);
    expect(v.stdout).toMatch(/^bad\.jsonl:3: .*\[duplicate-ticket\]$/m);
    expect(v.stdout).toMatch(/^bad\.jsonl:3: serial 1 repeats line 1/m);
  });

  // Refusals that end in the CLI's own code: one process (batchedCli), the first also spawned.
  const REFUSED = [
    ["validate", "missing.jsonl"],
    ["books", "-n", "0"],
    ["books", "-n", "ten"],
    ["books"],
    ["books", "-n", "2", "--seed", "-4"],
    ["books", "-n", "2", "--seed", "18446744073709551616"],
    ["tickets", "-n", "2", "--format", "docx"],
    ["books", "-n", "2", "--format", "pdf", "--layout", "poster"],
    ["books", "-n", "2", "--first-serial", "-1"],
    ["books", "-n", "20000000"],
    ["shuffle"],
  ];
  const refused = batchedCli("housie", REFUSED, dir);
  it("unreadable input and bad options exit 2 with one line", () => {
    expect(housie(...REFUSED[0]!)).toEqual(refused(REFUSED[0]!)); // the batch gives what a spawned run gives
    for (const args of REFUSED) {
      const r = refused(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(r.stdout).toBe("");
    }
    expect(refused(["validate", "missing.jsonl"]).stderr).toBe("housie: missing.jsonl: no such file\n");
  });

  it("a failed run leaves no output file behind", () => {
    const r = run("books", "-n", "1", "--out", join(dir, "no-such-dir", "x.jsonl"));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^housie: .*x\.jsonl: cannot write \(no such file or directory, ENOENT\)\n$/);
    expect(existsSync(join(dir, "no-such-dir"))).toBe(false);
  });
});
