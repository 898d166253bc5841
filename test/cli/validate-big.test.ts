// `housie validate` and `bingo validate` on a big file: the fast pass proves a clean file
// valid; a file with a corrupted line far down gives the codec's one-line finding, the same
// as the codec gives reading standard input (which never takes the fast pass), with exit 1.
// Big enough for three of the fast pass's 1 MiB reads (4,000 books, 2.8 MB; 20,000 cards,
// 2.3 MB), the broken lines in the last; files past 64 MiB (read in two halves) are the unit suite's.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../support/cli-run.js";
import { slowTest } from "../support/tier.js";

const dir = mkdtempSync(join(tmpdir(), "housie-validate-big-"));
const housie = (args: string[], input?: string) => runCli("housie", args, input, dir);
const bingo = (args: string[], input?: string) => runCli("bingo", args, input, dir);

describe("validate on a big file", () => {
  slowTest("housie: a clean file is valid; a corrupted line far down is the codec's one finding, file or standard input alike", () => {
    const made = housie(["books", "-n", "4000", "--seed", "43", "-f", "jsonl", "-o", "big.jsonl"]);
    expect(made.status).toBe(0);
    const clean = housie(["validate", "big.jsonl"]);
    expect(clean.status).toBe(0);
    expect(clean.stdout).toBe("");
    expect(clean.stderr).toBe("big.jsonl: 4000 records, 24000 tickets: valid\n");
    const lines = readFileSync(join(dir, "big.jsonl"), "utf8").split("\n");
    // Line 3990: the first two numbers of its first row trade columns (each out of its column's range).
    const row = /\[\[\[([^\]]*)\]/.exec(lines[3989]!)!;
    const numbers = row[1]!
      .split(",")
      .map((c, i) => [c, i] as const)
      .filter(([c]) => c !== "null");
    const cells = row[1]!.split(",");
    [cells[numbers[0]![1]], cells[numbers[1]![1]]] = [numbers[1]![0], numbers[0]![0]];
    lines[3989] = lines[3989]!.replace(row[1]!, cells.join(","));
    // Line 3995: book 7's tickets again, under a serial of its own.
    lines[3994] = lines[6]!.replace('"serial":7,', '"serial":99999,');
    writeFileSync(join(dir, "bad.jsonl"), lines.join("\n"));
    const file = housie(["validate", "bad.jsonl"]);
    const stdin = housie(["validate", "-"], lines.join("\n"));
    expect(file.status).toBe(1);
    expect(file.stdout.split("\n")[0]).toMatch(
      /^bad\.jsonl:3990: ticket 1 row 1 column \d holds \d+ \(expected a number from \d+ to \d+ in column \d\) \[range\]$/,
    );
    expect(file.stdout).toMatch(/\nbad\.jsonl:3995: ticket 1 repeats a ticket of line 7 \(expected no ticket twice in a file\) \[duplicate-ticket\]\n/);
    expect(file.stdout.replaceAll("bad.jsonl", "<stdin>")).toBe(stdin.stdout);
    expect(file.stderr).toBe(`bad.jsonl: 4000 records, 24000 tickets: ${stdin.stderr.split(": ").at(-1)}`);
    expect(stdin.status).toBe(1);
  });

  slowTest("bingo: a clean file of cards is valid; a corrupted card far down is the codec's finding, file or standard input alike", () => {
    expect(bingo(["cards", "--ball", "75", "-n", "20000", "--seed", "43", "-f", "jsonl", "-o", "cards.jsonl"]).status).toBe(0);
    const clean = bingo(["validate", "cards.jsonl"]);
    expect([clean.status, clean.stdout, clean.stderr]).toEqual([0, "", "cards.jsonl: 20000 75-ball cards: valid\n"]);
    const lines = readFileSync(join(dir, "cards.jsonl"), "utf8").split("\n");
    lines[19990] = lines[19990]!.replace(/"card":\[\[(\d+),/, '"card":[[76,'); // B's first square out of range
    lines[19995] = lines[10]!.replace('"serial":11,', '"serial":99999,'); // card 11 again
    writeFileSync(join(dir, "bad-cards.jsonl"), lines.join("\n"));
    const file = bingo(["validate", "bad-cards.jsonl"]);
    const stdin = bingo(["validate", "-"], lines.join("\n"));
    expect(file.status).toBe(1);
    expect(file.stdout).toBe(
      "bad-cards.jsonl:19991: row 1, column B (1-15) holds 76 (expected a whole number from 1 to 15) [range]\nbad-cards.jsonl:19996: card 99999 repeats an earlier card (expected every card different) [repeated-card]\n",
    );
    expect(file.stdout.replaceAll("bad-cards.jsonl", "<stdin>")).toBe(stdin.stdout);
    expect(file.stderr).toBe("bad-cards.jsonl: 19998 75-ball cards: 2 rule(s) broken\n");
    expect(stdin.stderr).toBe("<stdin>: 19998 75-ball cards: 2 rule(s) broken\n");
  });
});
