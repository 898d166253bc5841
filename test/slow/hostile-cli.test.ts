// Issue 13: the three CLIs under hostile input and faults. Each test feeds the bad input
// or the fault and checks the message, the exit status and the files left behind.
// The refusals that end in a CLI's own code (--out targets that are not files, bad tour
// files, counts out of reach, a mistyped command, help) run in one process per CLI
// (batchedCli, test/support/cli-run.ts), and some cases of each batch are also spawned on
// their own and must give the same; what needs a real process of its own (stdout on
// /dev/full, a closed pipe, signals, a small heap, standard input, exit status 3, a fresh
// working folder) is spawned.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, spawnSync, execFileSync } from "node:child_process";
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { batchedCli, ROOT, runCli } from "../support/cli-run.js";

const dir = mkdtempSync(join(tmpdir(), "hostile-"));
afterAll(() => rmSync(dir, { recursive: true, force: true })); // 150 MB of huge-line files
const cli = (name: string) => `${ROOT}/dist/cli/${name}.js`;

/** Runs a CLI with its standard output going to `stdoutPath` (e.g. /dev/full). */
function runToFile(name: string, args: string[], stdoutPath: string, nodeFlags: string[] = []) {
  const fd = openSync(stdoutPath, "w");
  try {
    const r = spawnSync(process.execPath, [...nodeFlags, cli(name), ...args], { cwd: dir, stdio: ["ignore", fd, "pipe"], encoding: "utf8" });
    return { status: r.status, stderr: r.stderr };
  } finally {
    closeSync(fd);
  }
}

/** Runs a CLI with a small V8 heap: input held whole in memory would crash it instead of exiting 2. */
function runSmallHeap(name: string, args: string[]) {
  const r = spawnSync(process.execPath, ["--max-old-space-size=48", cli(name), ...args], { cwd: dir, encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function oneLine(stderr: string, pattern: RegExp): void {
  expect(stderr).toMatch(pattern);
  expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
}

function folder(name: string): string {
  const path = join(dir, name);
  mkdirSync(path, { recursive: true });
  return path;
}

// Fixtures of the batched refusals: they must all exist before a batch runs (the sections
// below look their results up).
let server: Server;
const socketPath = join(dir, "sock");
const fifoPath = join(dir, "fifo");
execFileSync("mkfifo", [fifoPath]);
/** --out targets that are not file paths, as given on the command line. */
const SPECIAL = ["/dev/null", fifoPath, socketPath];
/** Their inode and mode before any CLI ran: a refusal must leave them alone. */
const before = new Map<string, { ino: number; mode: number }>();
beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  for (const path of SPECIAL) before.set(path, { ino: statSync(path).ino, mode: statSync(path).mode });
});
afterAll(() => server.close());

const DIRECTORY_OUT = {
  housie: ["books", "-n", "10", "-f", "jsonl", "-o"],
  "pen-paper": ["--size", "5", "--out"],
};
const SPECIAL_OUT = { housie: ["tickets", "-n", "2", "-o"], "pen-paper": ["--size", "5", "--out"] };
const EMPTY_OUT = { housie: ["books", "-n", "2", "-o", ""], "pen-paper": ["--size", "5", "--out", ""] };
const directoryTarget = (name: string) => join(dir, `somedir-${name}`);
for (const name of ["housie", "pen-paper"]) mkdirSync(directoryTarget(name));

const grid = (first: string) =>
  `{"size": 5, "closed": false, "grid": [\n  [${first}, 2, 3, 4, 5],\n  [6, 7, 8, 9, 10],\n  [11, 12, 13, 14, 15],\n  [16, 17, 18, 19, 20],\n  [21, 22, 23, 24, 25]\n]}\n`;
/** Tour files with a huge number: name, content, the message. */
const HUGE: [string, string, RegExp][] = [
  ["1e30.json", grid("1000000000000000000000000000000"), /:2: grid row 1, column 1: 100000000000000000000000… is too large to number a square/],
  ["400.json", grid("9".repeat(400)), /:2: grid row 1, column 1: 999999999999999999999999… is too large/],
  ["1e308.json", grid("1e308"), /:2: grid row 1, column 1: 1e308 is too large/],
  ["400.txt", `1 2\n${"7".repeat(400)} 4\n`, /400\.txt:2: 777777777777777777777777… is too large to number a square/],
];
for (const [name, text] of HUGE) writeFileSync(join(dir, name), text);
writeFileSync(join(dir, "binary.txt"), Buffer.from([0x31, 0x20, 0x00, 0xff, 0x1b, 0x5b, 0x0a]));
writeFileSync(join(dir, "brackets.txt"), "[".repeat(100_000));
writeFileSync(join(dir, "brackets.json"), `{"grid": ${"[".repeat(100_000)}`);
/** pen-paper count runs that cannot finish: arguments, the message. */
const OUT_OF_REACH: [string[], RegExp][] = [
  [["--size", "8", "--engine", "search"], /counting 8×8 tours is out of reach .*pass --force/],
  [["--size", "10", "--closed", "--engine", "search"], /counting 10×10 tours is out of reach/],
  [["--size", "7", "--engine", "search"], /counting 7×7 open tours from every start is out of reach/],
  [["--size", "12", "--memory", "16"], /the tours kernel exceeded a fixed limit: the state tables need more than 16 MiB .*--shard/],
];

/** The batched cases of one CLI, all run in `dir`. */
function batchOf(name: "housie" | "pen-paper", extra: string[][]): string[][] {
  return [[...DIRECTORY_OUT[name], directoryTarget(name)], ...SPECIAL.map((path) => [...SPECIAL_OUT[name], path]), EMPTY_OUT[name], ...extra];
}
const PEN_PAPER = batchOf("pen-paper", [
  ...HUGE.map(([name]) => ["validate", join(dir, name)]),
  ...["binary.txt", "brackets.txt", "brackets.json"].map((name) => ["validate", join(dir, name)]),
  ...OUT_OF_REACH.map(([args]) => ["count", ...args]),
  ["count", "--help"],
]);
const HOUSIE = batchOf("housie", [["bokos"]]);
const batched = { "pen-paper": batchedCli("pen-paper", PEN_PAPER, dir), housie: batchedCli("housie", HOUSIE, dir) };
/** The batched result of `name args`. */
const run = (name: "housie" | "pen-paper", args: string[]) => batched[name](args);

describe("the batched refusals are what spawned runs give", () => {
  it.each([
    ["pen-paper", PEN_PAPER[0]!],
    ["pen-paper", PEN_PAPER[2]!], // the FIFO
    ["pen-paper", ["validate", join(dir, HUGE[0]![0])]],
    ["housie", HOUSIE[3]!], // the socket
  ] as const)("%s %j", (name, args) => {
    expect(runCli(name, [...args], undefined, dir)).toEqual(run(name, [...args]));
  });
});

const CASE = "2100221\n0221102\n";
function farmFile(name: string, cases: number): string {
  const path = join(dir, name);
  writeFileSync(path, `${cases}\n${CASE.repeat(cases)}`);
  return path;
}

describe("1. output device full (/dev/full)", () => {
  it.each([
    ["count-farms", ["examples/challenge24-2008.txt".replace(/^/, `${ROOT}/`)]],
    ["housie", ["books", "-n", "10"]],
    ["housie", ["count"]],
    ["housie", ["validate", `${ROOT}/examples/housie-broken.jsonl`]],
    ["pen-paper", ["--size", "5"]],
  ])("%s %j > /dev/full: one line, exit 2, no stack", (name, args) => {
    const r = runToFile(name, args as string[], "/dev/full");
    expect(r.status).toBe(2);
    if (args[0] === "validate") {
      // validate's summary goes to stderr before the write error surfaces: two lines, no stack.
      expect(r.stderr).toMatch(new RegExp(`\\n${name}: cannot write output: no space left on device\\n$`));
      expect(r.stderr).not.toMatch(/\n\s+at /);
      return;
    }
    oneLine(r.stderr, new RegExp(`^${name}: cannot write output: no space left on device\\n$`));
  });
});

describe("2. the reader closes the pipe", () => {
  /** Reads the first line of the CLI's output, then closes the pipe; resolves with the exit status and stderr. */
  function firstLineThenClose(name: string, args: string[]): Promise<{ status: number | null; stderr: string; first: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [cli(name), ...args], { cwd: dir });
      let stderr = "";
      let first = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      child.stdout.once("data", (d: Buffer) => {
        first = d.toString().split("\n")[0]!;
        child.stdout.destroy();
      });
      child.on("close", (status) => resolve({ status, stderr, first }));
    });
  }

  it("count-farms big.txt | head -1: quiet exit 0, and it stops counting at once", async () => {
    const total = 20_000;
    const big = farmFile("big.txt", total);
    const r = await firstLineThenClose("count-farms", ["--time", big]);
    expect(r.first).toBe("4909920");
    expect(r.status).toBe(0);
    expect(r.stderr).not.toMatch(/error|EPIPE|at /i);
    // --time logs each counted case: far fewer than all of them were counted.
    const counted = (r.stderr.match(/^case \d+:/gm) ?? []).length;
    expect(counted).toBeLessThan(total / 2);
    expect(r.stderr).not.toMatch(/^total:/m);
  });

  it("pen-paper --size 3000 | head -1: quiet exit 0", async () => {
    const r = await firstLineThenClose("pen-paper", ["--size", "3000", "--seed", "1"]);
    expect(r.first).toMatch(/^\+-+\+$/);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
  });
});

describe("3–5. --out that is not a file path: exit 2 before any work, nothing replaced", () => {
  it.each(["housie", "pen-paper"] as const)("%s: a directory", (name) => {
    const target = folder(`somedir-${name}`);
    const r = run(name, [...DIRECTORY_OUT[name], target]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    oneLine(r.stderr, new RegExp(`^${name}: ${target}: is a directory \\(expected a file path\\)\\n$`));
    expect(readdirSync(target)).toEqual([]);
  });

  it.each([
    ["/dev/null", /is a character device/],
    ["fifo", /is a FIFO/],
    ["sock", /is a socket/],
  ])("pen-paper and housie refuse %s and leave it alone", (target, kind) => {
    const path = target.startsWith("/") ? target : join(dir, target);
    expect(SPECIAL).toContain(path);
    for (const name of ["pen-paper", "housie"] as const) {
      const r = run(name, [...SPECIAL_OUT[name], path]);
      expect(r.status).toBe(2);
      oneLine(r.stderr, kind);
      expect(r.stderr).toMatch(/\(expected a file path\)\n$/);
    }
    const after = statSync(path);
    expect(after.ino).toBe(before.get(path)!.ino);
    expect(after.mode).toBe(before.get(path)!.mode);
  });

  it.each(["housie", "pen-paper"] as const)("%s --out '': a usage error, nothing on stdout", (name) => {
    const r = run(name, EMPTY_OUT[name]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    oneLine(r.stderr, new RegExp(`^${name}: --out: empty file name \\(expected a file path, or - for standard output\\)\\n$`));
  });
});

describe("6. the disk fills during --out (a 1 MB tmpfs)", () => {
  let small: string | undefined;
  beforeAll(() => {
    const path = folder("tmpfs");
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", path], { stdio: "ignore" });
      small = path;
    } catch {
      small = undefined; // not permitted here: atomic-write.test.ts covers the mapping in-process
    }
  });
  afterAll(() => {
    if (small) spawnSync("umount", [small]);
  });

  it.each([
    ["housie", (f: string) => ["books", "-n", "20000", "-f", "jsonl", "--no-unique", "-o", f]],
    ["pen-paper", (f: string) => ["--size", "1000", "--out", f]],
  ])("%s: one line naming the file, exit 2, no file left", (name, args) => {
    if (!small) return;
    const target = join(small, `${name}.out`);
    const r = runCli(name, args(target), undefined, dir);
    expect(r.status).toBe(2);
    oneLine(r.stderr, new RegExp(`^${name}: ${target}: no space left on device \\(nothing written\\)\\n$`));
    expect(readdirSync(small)).toEqual([]);
  });
});

describe("7. signals during a long --out run", () => {
  it.each([
    ["SIGINT", 2],
    ["SIGTERM", 15],
    ["SIGHUP", 1],
  ] as const)("%s: the temporary file is removed, exit 128+%i", async (signal, number) => {
    const out = folder(`signal-${signal}`);
    const target = join(out, "books.jsonl");
    const child = spawn(process.execPath, [cli("housie"), "books", "-n", "5000000", "-f", "jsonl", "--no-unique", "-o", target], { cwd: dir, stdio: "ignore" });
    // Wait until the temporary file exists and has data.
    for (let i = 0; i < 600; i++) {
      const temp = readdirSync(out).find((f) => f.endsWith(".tmp"));
      if (temp && statSync(join(out, temp)).size > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(readdirSync(out).some((f) => f.endsWith(".tmp"))).toBe(true);
    const status = await new Promise<number | null>((resolve) => {
      child.on("exit", (code) => resolve(code));
      child.kill(signal);
    });
    expect(status).toBe(128 + number);
    expect(readdirSync(out)).toEqual([]);
  });
});

describe("10. huge numbers in a tour file are reported as written", () => {
  it.each(HUGE)("%s", (name, text, message) => {
    const path = join(dir, name);
    expect(readFileSync(path, "utf8")).toBe(text);
    const r = run("pen-paper", ["validate", path]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    oneLine(r.stderr, message);
    expect(r.stderr).not.toMatch(/holds 0/);
  });
});

describe("11. error lines quote at most ~40 characters, escaped", () => {
  const x50 = join(dir, "x50.txt");
  beforeAll(() => writeFileSync(x50, "x".repeat(50_000_000)));

  it.each([
    ["count-farms", [x50]],
    ["pen-paper", ["validate", x50]],
  ])("%s on a 50 MB line of x: a short line, bounded memory (48 MB heap)", (name, args) => {
    const r = runSmallHeap(name, args as string[]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    oneLine(r.stderr, /"x{40}"…/);
    expect(r.stderr.length).toBeLessThan(300);
  });

  it("NUL and binary bytes are escaped, never printed raw", () => {
    const path = join(dir, "binary.txt");
    expect(readFileSync(path)).toEqual(Buffer.from([0x31, 0x20, 0x00, 0xff, 0x1b, 0x5b, 0x0a]));
    const r = run("pen-paper", ["validate", path]);
    expect(r.status).toBe(2);
    oneLine(r.stderr, /binary\.txt:1: "\\x00\\ufffd\\x1b\[" is not a whole number/);
    expect(r.stderr).not.toMatch(/[\x00\x1b]/);
    const farms = runCli("count-farms", [], "\u0000\u001b[31m\n");
    expect(farms.status).toBe(2);
    oneLine(farms.stderr, /<stdin>:1: "\\x00\\x1b\[31m" is not a number of cases/);
  });

  it("100,000 [ give a short line", () => {
    const path = join(dir, "brackets.txt");
    expect(readFileSync(path, "utf8")).toBe("[".repeat(100_000));
    const r = run("pen-paper", ["validate", path]);
    expect(r.status).toBe(2);
    oneLine(r.stderr, /"\[{40}"…/);
    expect(r.stderr.length).toBeLessThan(300);
    const json = join(dir, "brackets.json");
    expect(readFileSync(json, "utf8")).toBe(`{"grid": ${"[".repeat(100_000)}`);
    const j = run("pen-paper", ["validate", json]);
    expect(j.status).toBe(2);
    oneLine(j.stderr, /brackets\.json:1: malformed JSON/);
    expect(j.stderr.length).toBeLessThan(300);
  });
});

describe("12–13. count-farms: huge N, huge rows, streaming", () => {
  it("a first line of 50 million 1s: its own message about N, bounded memory", () => {
    const path = join(dir, "ones.txt");
    writeFileSync(path, "1".repeat(50_000_000) + "\n");
    const r = runSmallHeap("count-farms", [path]);
    expect(r.status).toBe(2);
    oneLine(r.stderr, /ones\.txt:1: N = "1{24}"… is too large \(expected at most 9007199254740991 cases\)/);
    expect(r.stderr).not.toMatch(/Infinity/);
  });

  it("an N just past the limit is refused the same way", () => {
    const r = runCli("count-farms", [], "9007199254740992\n");
    expect(r.status).toBe(2);
    oneLine(r.stderr, /N = "9007199254740992" is too large/);
  });

  it("a 50 MB single row: rejected with bounded memory, after the cases before it", () => {
    const path = join(dir, "bigrow.txt");
    writeFileSync(path, `2\n${CASE}2100221\n${"2".repeat(50_000_000)}\n`);
    const r = runSmallHeap("count-farms", [path]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("4909920\n");
    oneLine(r.stderr, /bigrow\.txt:5: row is longer than 4096 characters: "2{40}"…/);
  });

  it("answers stream: the first case is printed before the input is complete", async () => {
    const child = spawn(process.execPath, [cli("count-farms")], { cwd: dir });
    child.stdin.write(`3\n${CASE}`);
    const first = await new Promise<string>((resolve) => child.stdout.once("data", (d: Buffer) => resolve(d.toString())));
    expect(first).toBe("4909920\n");
    child.stdin.end(CASE + CASE);
    let rest = "";
    child.stdout.on("data", (d: Buffer) => (rest += d.toString()));
    const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(status).toBe(0);
    expect(rest).toBe("4909920\n4909920\n");
  });
});

describe("15. counts that cannot finish", () => {
  it.each(OUT_OF_REACH)("pen-paper count %j is refused without --force, or stops at the frontier's memory cap", (args, message) => {
    const r = run("pen-paper", ["count", ...args]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    oneLine(r.stderr, message);
  });

  it("count-farms --size 10 --counts 1×10 is refused up front with an estimate of its states", () => {
    const r = runCli("count-farms", ["--size", "10", "--counts", "1,1,1,1,1,1,1,1,1,1", "--threads", "1"]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    oneLine(
      r.stderr,
      /^count-farms: counting 10×10 tables with counts 1,1,1,1,1,1,1,1,1,1 is out of reach: after 5 rows the symmetric method may hold up to about 9\.4e\+10 classes of states .*pass --force/,
    );
  });

  it("count-farms --size 10 --counts 1×10 --force --method columns --memory 16 stops at its memory cap with one line", () => {
    // The default cap is 1 GiB a thread, which takes 13-22 s to fill; --memory 16 gives the
    // kernel's instance a 16 MiB memory: the same trap, the same path, sooner.
    const args = ["--size", "10", "--counts", "1,1,1,1,1,1,1,1,1,1", "--threads", "1", "--force", "--method", "columns", "--memory", "16"];
    const r = runCli("count-farms", args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    oneLine(
      r.stderr,
      /^count-farms: the tables kernel ran out of memory: this count needs more memory for its state tables than the kernel's cap of 16 MiB; it is out of reach at that cap \(count-farms --memory or memoryCapMiB raise it, up to 4096 MiB;/,
    );
  });

  it.each([
    [["--memory", "0"], /--memory <MiB>' argument "0" is invalid\. expected a whole number from 1 to 4096/],
    [["--memory", "4097"], /argument "4097" is invalid\. expected a whole number from 1 to 4096\n$/],
    [["--memory", "1e3"], /argument "1e3" is invalid\. expected a whole number/],
    [["--memory", "64", "--engine", "fast-ts"], /--memory caps the WASM kernel's memory \(--engine fast\); the fast-ts engine has no cap/],
    [["--memory", "64", "--sample", "1"], /--memory applies to counts \(and --shard\), not to --sample or --list/],
  ])("count-farms --size 6 --counts 3,3 %j is a usage error of one line", (extra, message) => {
    const r = runCli("count-farms", ["--size", "6", "--counts", "3,3", ...extra]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    oneLine(r.stderr, message);
  });
});

describe("exit status 3: an internal error is one line asking to report it; the stack only with --debug", () => {
  // A copy of the package without its compiled kernels: loading one fails, which is not the user's fault.
  const broken = join(dir, "no-wasm");
  beforeAll(() => {
    mkdirSync(broken, { recursive: true });
    cpSync(join(ROOT, "dist"), join(broken, "dist"), { recursive: true });
    cpSync(join(ROOT, "package.json"), join(broken, "package.json"));
    if (!existsSync(join(broken, "node_modules"))) symlinkSync(join(ROOT, "node_modules"), join(broken, "node_modules"));
  });
  afterAll(() => rmSync(broken, { recursive: true, force: true }));

  it.each([[[] as string[]], [["--debug"]]])("count-farms %j", (flags) => {
    const r = spawnSync(process.execPath, [join(broken, "dist/cli/count-farms.js"), ...flags, "--size", "6", "--counts", "3,3"], { encoding: "utf8" });
    expect(r.status).toBe(3);
    expect(r.stdout).toBe("");
    const [first, ...rest] = r.stderr.trimEnd().split("\n");
    expect(first).toMatch(
      /^count-farms: internal error \(.*\.wasm is missing.*\); this is a bug: please report it with the command line and (the trace below|what it prints when run again with --debug)$/,
    );
    if (flags.length === 0) {
      expect(rest).toEqual([]);
      expect(first).toMatch(/run again with --debug/);
    } else {
      expect(rest.join("\n")).toMatch(/\n\s+at /);
    }
  });
});

describe("18, 20. the README's tour example and the help tell the truth", () => {
  it("pen-paper --out tour.json then validate tour.json, as the README prints them", () => {
    const cwd = folder("readme-tours");
    expect(runCli("pen-paper", ["--size", "5", "--seed", "1", "--format", "json", "--out", "tour.json"], undefined, cwd).status).toBe(0);
    const r = runCli("pen-paper", ["validate", "tour.json"], undefined, cwd);
    expect(r.stdout).toBe("tour.json: valid open tour of a 5×5 board\n");
    expect(r.status).toBe(0);
  });

  it("a mistyped option or command is one line, commander's suggestion included", () => {
    const option = runCli("count-farms", ["--out", "x", "examples/challenge24-2008.txt"]);
    expect(option.status).toBe(2);
    oneLine(option.stderr, /^count-farms: unknown option "--out" \(Did you mean --counts\?\)$/m);
    const command = run("housie", ["bokos"]);
    expect(command.status).toBe(2);
    oneLine(command.stderr, /^housie: unknown command "bokos" \(Did you mean books\?\)$/m);
  });

  it("count-farms --help names every --json field, the exit statuses and --debug", () => {
    const help = runCli("count-farms", ["--help"]).stdout.replace(/\s+/g, " ");
    expect(help).toMatch(/case, rows, count \(decimal string\), engine, microseconds/);
    expect(help).toMatch(/--debug/);
    expect(help).toMatch(/3 internal error/);
  });

  it("pen-paper count --help: --force and --engine", () => {
    const help = run("pen-paper", ["count", "--help"]).stdout.replace(/\s+/g, " ");
    expect(help).toMatch(/--force/);
    expect(help).toMatch(/frontier \(default\): the frontier DP in WebAssembly, frontier-ts its TypeScript baseline/);
  });
});
