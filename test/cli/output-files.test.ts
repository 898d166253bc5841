// Output files keep their owner's protections: --out over an existing file keeps its
// mode, a file the user may not write is refused, symbolic links are written through,
// "-" is standard output, every path failure is one line and exit 2, and seeded PDFs
// are byte-identical across runs.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
  chownSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, runCli } from "../support/cli-run.js";

import { slowTest } from "../support/tier.js";
const dir = mkdtempSync(join(tmpdir(), "output-files-"));
chmodSync(dir, 0o1777); // a shared folder, like /tmp
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

function housieAs(uid: number, args: string[]) {
  const result = spawnSync(process.execPath, [`${ROOT}/dist/bin/housie.js`, ...args], { cwd: dir, uid, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function oneLine(stderr: string): void {
  expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(stderr).not.toMatch(/internal error/);
}

describe("--out over an existing file", () => {
  it("keeps the file's permission bits (a private file stays private)", () => {
    const file = join(dir, "private.txt");
    writeFileSync(file, "old");
    chmodSync(file, 0o600);
    expect(runCli("housie", ["tickets", "-n", "1", "-s", "1", "-o", file]).status).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toMatch(/^Ticket 1/);
  });

  it("writes through a symbolic link: the named file is replaced, the link stays", () => {
    const file = join(dir, "named.txt");
    const link = join(dir, "link.txt");
    writeFileSync(file, "old");
    chmodSync(file, 0o640);
    symlinkSync("named.txt", link);
    expect(runCli("housie", ["tickets", "-n", "1", "-s", "1", "-o", link]).status).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe("named.txt");
    expect(readFileSync(file, "utf8")).toMatch(/^Ticket 1/);
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });

  it.runIf(isRoot)("refuses a file the user may not write, even in a folder that would allow the rename", () => {
    const file = join(dir, "someone-elses.txt");
    writeFileSync(file, "theirs");
    chmodSync(file, 0o644); // owned by root, read-only to nobody
    const result = housieAs(NOBODY, ["tickets", "-n", "1", "-o", file]);
    expect(result.status).toBe(2);
    oneLine(result.stderr);
    expect(result.stderr).toMatch(/cannot write \(permission denied, EACCES\)/);
    expect(readFileSync(file, "utf8")).toBe("theirs");
  });

  it.runIf(isRoot)("a parent the user may not search is one line, exit 2", () => {
    const closed = join(dir, "closed");
    mkdirSync(closed, { mode: 0o700 });
    chownSync(closed, 0, 0);
    const result = housieAs(NOBODY, ["tickets", "-n", "1", "-o", join(closed, "x.txt")]);
    expect(result.status).toBe(2);
    oneLine(result.stderr);
    expect(result.stderr).toMatch(/EACCES/);
  });
});

describe("output path failures are one line, exit 2, nothing left behind", () => {
  it("accepts a 250-byte name (the temporary file gets a short name)", () => {
    const sub = mkdtempSync(join(dir, "long-"));
    const name = "a".repeat(250);
    expect(runCli("housie", ["tickets", "-n", "1", "-o", name], undefined, sub).status).toBe(0);
    expect(readdirSync(sub)).toEqual([name]);
  });

  it.each([
    ["a name over the limit", () => "b".repeat(300), /file name too long, ENAMETOOLONG/],
    [
      "a path under a regular file",
      () => {
        writeFileSync(join(dir, "plain"), "x");
        return join(dir, "plain", "x.txt");
      },
      /ENOTDIR/,
    ],
    ["a missing folder", () => join(dir, "missing", "x.txt"), /ENOENT/],
    [
      "a symbolic link loop",
      () => {
        symlinkSync("loop-b", join(dir, "loop-a"));
        symlinkSync("loop-a", join(dir, "loop-b"));
        return join(dir, "loop-a");
      },
      /ELOOP/,
    ],
  ])("%s", (_what, path, reason) => {
    const sub = mkdtempSync(join(dir, "fail-"));
    const target = path();
    const before = readdirSync(dir).length;
    for (const [cli, args] of [
      ["housie", ["tickets", "-n", "1", "-o"]],
      ["pen-paper", ["--size", "5", "--out"]],
    ] as const) {
      const result = runCli(cli, [...args, target], undefined, sub);
      expect(result.status).toBe(2);
      oneLine(result.stderr);
      expect(result.stderr).toMatch(reason);
    }
    expect(readdirSync(sub)).toEqual([]);
    expect(readdirSync(dir).length).toBe(before);
  });

  it("-o - is standard output, not a file named -", () => {
    const sub = mkdtempSync(join(dir, "dash-"));
    const result = runCli("housie", ["tickets", "-n", "1", "-s", "1", "-o", "-"], undefined, sub);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Ticket 1/);
    expect(readdirSync(sub)).toEqual([]);
    const tour = runCli("pen-paper", ["--size", "5", "--seed", "1", "--out", "-"], undefined, sub);
    expect(tour.status).toBe(0);
    expect(tour.stdout.length).toBeGreaterThan(0);
    expect(readdirSync(sub)).toEqual([]);
  });
});

describe("seeded PDFs", () => {
  slowTest("are byte-identical across runs, and SOURCE_DATE_EPOCH sets the date", () => {
    const pdf = (name: string, env: NodeJS.ProcessEnv = {}) => {
      const file = join(dir, name);
      const result = spawnSync(process.execPath, [`${ROOT}/dist/bin/housie.js`, "books", "-n", "1", "-s", "7", "-f", "pdf", "-o", file], {
        env: { ...process.env, SOURCE_DATE_EPOCH: undefined, ...env },
      });
      expect(result.status).toBe(0);
      return readFileSync(file);
    };
    const first = pdf("a.pdf");
    expect(pdf("b.pdf").equals(first)).toBe(true);
    const dated = pdf("c.pdf", { SOURCE_DATE_EPOCH: "1700000000" });
    expect(dated.equals(first)).toBe(false);
    expect(pdf("d.pdf", { SOURCE_DATE_EPOCH: "1700000000" }).equals(dated)).toBe(true);
    // The /ID follows the seed.
    const id = (bytes: Buffer) => /\/ID \[<([0-9a-f]+)>/.exec(bytes.toString("latin1"))?.[1];
    expect(id(first)).toBeDefined();
    const other = spawnSync(process.execPath, [`${ROOT}/dist/bin/housie.js`, "books", "-n", "1", "-s", "8", "-f", "pdf"], {
      env: { ...process.env, SOURCE_DATE_EPOCH: undefined },
    }).stdout;
    expect(id(other)).not.toBe(id(first));
  });
});
