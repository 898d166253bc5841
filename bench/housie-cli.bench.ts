// Whole-process figures of the housie CLI, as a user meets them: start-up to the first
// ticket, 1,000,000 books as JSONL to a file with the uniqueness set (on its worker
// thread, the default, and in the main thread) and without it, and validating 500,000
// books. The output file is removed before each run (unlinking the last run's 700 MB
// would otherwise be charged to the next) and `sync` runs before each command. Each command runs in its own process; wall time, CPU time
// (user + system, steadier than wall time on a shared machine) and peak memory (RSS)
// are medians of the runs. With HOUSIE_BASELINE=<dir of another built checkout>, the
// same commands of that build run interleaved with ours, round by round.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ROUNDS = Number(process.env.HOUSIE_CLI_ROUNDS ?? 3);

interface Sample {
  wall: number;
  cpu: number;
  rss: number;
}

/** Runs `node <cli> args` (`node -e 0` for no args) under /usr/bin/time; wall and CPU seconds, peak RSS in MB. */
function measure(root: string, args: string[]): Sample | undefined {
  const bin = existsSync(join(root, "dist/bin/housie.js")) ? "dist/bin/housie.js" : "dist/cli/housie.js"; // older builds: no bundle
  const command = args.length === 0 ? ["-e", "0"] : [join(root, bin), ...args];
  const result = spawnSync("/usr/bin/time", ["-f", "%e %U %S %M", process.execPath, ...command], {
    encoding: "utf8",
    stdio: ["ignore", "ignore", "pipe"],
    maxBuffer: 1 << 26,
  });
  if (/^Command exited with non-zero status/m.test(result.stderr)) return undefined; // e.g. an older build without that flag
  const last = result.stderr.trim().split("\n").pop()!.split(" ").map(Number);
  const [wall, user, system, rss] = last as [number, number, number, number];
  return { wall, cpu: user + system, rss: rss / 1024 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

export default async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "housie-cli-bench-"));
  const books = join(dir, "books.jsonl");
  const builds: [string, string][] = [["this build", ROOT]];
  if (process.env.HOUSIE_BASELINE) builds.push(["baseline", process.env.HOUSIE_BASELINE]);
  spawnSync(process.execPath, [join(ROOT, "dist/bin/housie.js"), "books", "-n", "500000", "--seed", "3", "-f", "jsonl", "-o", join(dir, "check.jsonl")]);
  const cases: [string, string[], number][] = [
    ["node -e 0 (Node's own start, for reference)", [], 1],
    ["tickets -n 1 (start-up)", ["tickets", "-n", "1"], 1],
    ["books -n 1 (start-up)", ["books", "-n", "1"], 1],
    ["books 1M jsonl --out (unique)", ["books", "--count", "1000000", "--seed", "1", "--format", "jsonl", "--out", books], 1_000_000],
    [
      "books 1M jsonl --out (unique, --unique-thread off)",
      ["books", "--count", "1000000", "--seed", "1", "--format", "jsonl", "--out", books, "--unique-thread", "off"],
      1_000_000,
    ],
    ["books 1M jsonl --out --no-unique", ["books", "--count", "1000000", "--seed", "1", "--format", "jsonl", "--out", books, "--no-unique"], 1_000_000],
    ["validate 500k books", ["validate", join(dir, "check.jsonl")], 500_000],
  ];
  const samples = new Map<string, Sample[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, args] of cases) {
      for (const [build, root] of builds) {
        const key = `${name}|${build}`;
        rmSync(books, { force: true });
        spawnSync("sync"); // no write-back of an earlier file competing with this run
        const sample = measure(root, args);
        if (sample) samples.set(key, [...(samples.get(key) ?? []), sample]);
      }
    }
  }
  const lines = ["| command | build | wall (s) | CPU (s) | records/s by wall | records/s by CPU | peak RSS (MB) |", "|---|---|---:|---:|---:|---:|---:|"];
  for (const [name, , records] of cases) {
    for (const [build] of builds) {
      const s = samples.get(`${name}|${build}`);
      if (!s) continue;
      const cpu = median(s.map((x) => x.cpu));
      const wall = median(s.map((x) => x.wall));
      const rate = (seconds: number) => (records > 1 ? Math.round(records / seconds).toLocaleString("en") : "");
      lines.push(`| ${name} | ${build} | ${wall.toFixed(2)} | ${cpu.toFixed(2)} | ${rate(wall)} | ${rate(cpu)} | ${median(s.map((x) => x.rss)).toFixed(0)} |`);
    }
  }
  // What the uniqueness set costs: unique wall time over --no-unique wall time, round by round.
  for (const [build] of builds) {
    const ratios = (name: string) =>
      (samples.get(`${name}|${build}`) ?? []).map((x, i) => x.wall / samples.get(`books 1M jsonl --out --no-unique|${build}`)![i]!.wall);
    const show = (xs: number[]) => (xs.length === 0 ? "n/a" : `${xs.map((x) => x.toFixed(2)).join(" / ")} (median ${median(xs).toFixed(2)})`);
    lines.push(
      "",
      `${build}: unique / --no-unique wall, round by round: ${show(ratios("books 1M jsonl --out (unique)"))}; with --unique-thread off: ${show(ratios("books 1M jsonl --out (unique, --unique-thread off)"))}`,
    );
  }
  const table = lines.join("\n");
  console.log(table);
  writeFileSync(join(ROOT, "bench/results/housie-cli.md"), `${table}\n`);
  rmSync(dir, { recursive: true, force: true });
}
