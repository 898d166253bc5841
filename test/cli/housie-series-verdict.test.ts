// One file, one verdict, through the CLIs: a series `housie validate` rejects is refused
// by check (both prize paths), audit and --unique-against with the validator's line
// (exit 2), and one it accepts they all read. Plain `housie check` names tickets as
// printed on the paper (with the check digit) and takes --ref with or without it.
// The refusals of every refused file run in one process (batchedCli); those of the first
// file the tests look at are also spawned on their own and must match.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HousieRun } from "../../src/housie/generate/generate.js";
import { printedRef } from "../../src/housie/model/reference.js";
import { checkClaims } from "../../src/housie/operators/check.js";
import { batchedCli, runCli } from "../support/cli-run.js";

import { slowTest } from "../support/tier.js";
const dir = mkdtempSync(join(tmpdir(), "housie-verdict-"));
const housie = (args: string[], input?: string) => runCli("housie", args, input, dir);
let spawnedOnce = false;
const jsonl = (n: number, seed: bigint, firstSerial = 1): string[] =>
  new TextDecoder().decode(new HousieRun("books", { seed, firstSerial }).nextJsonl(n)).trimEnd().split("\n");
const books = jsonl(30, 5n);
const ALL = Array.from({ length: 90 }, (_, i) => i + 1).join(",");

/** Every reader of a series, as the CLI runs it. */
const readers = (file: string): [string, string[]][] => [
  ["check", ["check", file, "--calls", ALL]],
  ["check --prizes", ["check", file, "--calls", ALL, "--prizes", "tambola"]],
  ["audit", ["audit", file]],
  ["--unique-against", ["books", "-n", "2", "--seed", "1", "-f", "jsonl", "--unique-against", file]],
];

/** The files every reader refuses, written before the batch runs. */
const impostor = jsonl(1, 77n, 12)[0]!;
const REFUSED: Record<string, string> = {
  "bom-inside.jsonl": books.slice(0, 3).join("\n") + "\n\uFEFF" + books.slice(3).join("\n") + "\n",
  "serial-twice.jsonl": [...books.slice(0, 20), impostor, ...books.slice(20)].join("\n") + "\n",
  "ticket-twice.jsonl": [...books, books[4]!.replace(/^\{"serial":\d+/, '{"serial":500')].join("\n") + "\n",
  "broken.jsonl": [books[0], books[1], books[2]!.replace(/\[\[\[(\d+|null),/, "[[[95,"), "not json"].join("\n") + "\n",
  "garbage.jsonl": [books[0], "   \u00a0", books[1]].join("\n") + "\n",
};
for (const [name, text] of Object.entries(REFUSED)) writeFileSync(join(dir, name), text);
const refusedRuns = batchedCli(
  "housie",
  Object.keys(REFUSED).flatMap((name) => [["validate", name], ...readers(name).map(([, args]) => args)]),
  dir,
);

function expectRefusedLikeValidate(name: string, text: string): string {
  expect(REFUSED[name]).toBe(text);
  const v = refusedRuns(["validate", name]);
  const refusals = readers(name).map(([, args]) => refusedRuns(args));
  expect(v!.status).toBe(1);
  const first = v!.stdout.split("\n")[0]!;
  expect(first).toMatch(new RegExp(`^${name}:\\d+: .* \\[[a-z-]+\\]$`));
  if (!spawnedOnce) {
    // What the batch reports is what a user's process gives.
    expect(housie(["validate", name])).toEqual(v);
    readers(name).forEach(([, args], i) => expect(housie(args)).toEqual(refusals[i]));
    spawnedOnce = true;
  }
  for (const [i, [what]] of readers(name).entries()) {
    const r = refusals[i]!;
    expect(r.status, what).toBe(2);
    expect(r.stdout, what).toBe(""); // no winners, no audit, no books from a refused series
    expect(r.stderr, what).toBe(`housie: ${first}\n`);
  }
  return first;
}

describe("one file, one verdict (CLI)", () => {
  slowTest("a byte-order mark opening the file: validate, check, audit and --unique-against all read it", () => {
    writeFileSync(join(dir, "bom.jsonl"), "\uFEFF" + books.join("\n") + "\n");
    const v = housie(["validate", "bom.jsonl"]);
    expect(v.stderr).toBe("bom.jsonl: 30 records, 180 tickets: valid\n");
    expect(v.status).toBe(0);
    for (const [what, args] of readers("bom.jsonl")) {
      const r = housie(args);
      expect(r.stderr, what).toBe("");
      expect([0, 1], what).toContain(r.status); // audit: pass or reject; never a read error
    }
    expect(housie(["check", "bom.jsonl", "--calls", ALL]).stdout).toMatch(/^bom\.jsonl: 30 records, 180 tickets, 90 calls$/m);
  });

  slowTest("a byte-order mark inside the file: one line, validate's, from every reader", () => {
    const first = expectRefusedLikeValidate("bom-inside.jsonl", books.slice(0, 3).join("\n") + "\n\uFEFF" + books.slice(3).join("\n") + "\n");
    expect(first).toBe(
      "bom-inside.jsonl:4: a byte-order mark (U+FEFF) inside the file (expected a UTF-8 byte-order mark only at the very start of the file) [json]",
    );
  });

  slowTest("two different books under one serial: refused by every reader (check picks no winner from either copy)", () => {
    const text = [...books.slice(0, 20), impostor, ...books.slice(20)].join("\n") + "\n";
    const first = expectRefusedLikeValidate("serial-twice.jsonl", text);
    expect(first).toBe("serial-twice.jsonl:21: serial 12 repeats line 12 (expected each serial once in a file) [duplicate-serial]");
  });

  slowTest("a ticket twice under different serials: refused by every reader", () => {
    const copy = books[4]!.replace(/^\{"serial":\d+/, '{"serial":500');
    const first = expectRefusedLikeValidate("ticket-twice.jsonl", [...books, copy].join("\n") + "\n");
    expect(first).toBe("ticket-twice.jsonl:31: ticket 1 repeats a ticket of line 5 (expected no ticket twice in a file) [duplicate-ticket]");
  });

  it("a broken rule and a bad line: the same line from every reader", () => {
    const broken = books[2]!.replace(/\[\[\[(\d+|null),/, "[[[95,");
    expectRefusedLikeValidate("broken.jsonl", [books[0], books[1], broken, "not json"].join("\n") + "\n");
    expectRefusedLikeValidate("garbage.jsonl", [books[0], "   \u00a0", books[1]].join("\n") + "\n");
  });
});

describe("housie check names tickets as printed", () => {
  writeFileSync(join(dir, "series.jsonl"), books.join("\n") + "\n");
  const report = checkClaims(
    join(dir, "series.jsonl"),
    Array.from({ length: 90 }, (_, i) => i + 1),
  );
  const winner = report.prizes[0]!.winners[0]!; // "S-i"
  const [serial, ticket] = winner.split("-");
  const ref = printedRef(BigInt(serial!), Number(ticket));
  const digit = Number(ref.slice(-1));
  const wrong = `${winner}-${(digit + 1) % 10}`;
  // The checks run in one process (batchedCli); the text report is also spawned and must match.
  const CHECK = ["check", "series.jsonl", "--calls", ALL];
  const checks = batchedCli("housie", [CHECK, [...CHECK, "--json"], [...CHECK, "--ref", ref], [...CHECK, "--ref", winner], [...CHECK, "--ref", wrong]], dir);

  it("the text report lists winners and the claim by their printed reference, with the check digit", () => {
    const text = checks(CHECK);
    expect(housie(CHECK)).toEqual(text); // the batch gives what a spawned run gives
    expect(text.status).toBe(0);
    for (const p of report.prizes) {
      expect(text.stdout).toContain(`: ${p.winners.map((w) => printedRef(BigInt(w.split("-")[0]!), Number(w.split("-")[1]))).join(" ")}\n`);
    }
    const json = checks([...CHECK, "--json"]);
    expect((JSON.parse(json.stdout) as typeof report).prizes[0]!.winners[0]).toBe(winner); // the API's serial-ticket
  });

  it("--ref with or without the check digit finds the same ticket; a wrong digit is one clear line, exit 2", () => {
    const withDigit = checks([...CHECK, "--ref", ref]);
    const without = checks([...CHECK, "--ref", winner]);
    expect(withDigit.status).toBe(0);
    expect(withDigit.stdout).toBe(without.stdout);
    expect(withDigit.stdout).toMatch(new RegExp(`^claim ${ref} \\(file line \\d+\\), after \\d+ calls:\n`, "m"));
    expect(withDigit.stdout).toMatch(/^  WINS one line at call \d+/m);
    const bad = checks([...CHECK, "--ref", wrong]);
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toBe(
      `housie: reference "${wrong}": the check digit ${(digit + 1) % 10} does not match (misread or mistyped? read the whole reference again)\n`,
    );
  });
});
