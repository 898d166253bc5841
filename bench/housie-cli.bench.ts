// Whole-process figures of the housie CLI, as a user meets them: start-up to the first
// ticket, 1,000,000 books as JSONL to a file with and without the uniqueness set, and
// validating 500,000 books. Each command runs in its own process; wall time, CPU time
// (user + system, steadier than wall time on a shared machine) and peak memory (RSS)
// are medians of the runs. With HOUSIE_BASELINE=<dir of another built checkout>, the
// same commands of that build run interleaved with ours, round by round.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ROUNDS = Number(process.env.HOUSIE_CLI_ROUNDS ?? 3);

interface Sample { wall: number; cpu: number; rss: number }

/** Runs `node <cli> args` (`node -e 0` for no args) under /usr/bin/time; wall and CPU seconds, peak RSS in MB. */
function measure(root: string, args: string[]): Sample {
  const command = args.length === 0 ? ["-e", "0"] : [join(root, "dist/bin/housie.js"), ...args];
  const result = spawnSync("/usr/bin/time", ["-f", "%e %U %S %M", process.execPath, ...command], { encoding: "utf8", stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 26 });
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
    ["books 1M jsonl --out --no-unique", ["books", "--count", "1000000", "--seed", "1", "--format", "jsonl", "--out", books, "--no-unique"], 1_000_000],
    ["validate 500k books", ["validate", join(dir, "check.jsonl")], 500_000],
  ];
  const samples = new Map<string, Sample[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, args] of cases) {
      for (const [build, root] of builds) {
        const key = `${name}|${build}`;
        samples.set(key, [...(samples.get(key) ?? []), measure(root, args)]);
      }
    }
  }
  const lines = ["| command | build | wall (s) | CPU (s) | records/s by CPU | peak RSS (MB) |", "|---|---|---:|---:|---:|---:|"];
  for (const [name, , records] of cases) {
    for (const [build] of builds) {
      const s = samples.get(`${name}|${build}`)!;
      const cpu = median(s.map((x) => x.cpu));
      lines.push(`| ${name} | ${build} | ${median(s.map((x) => x.wall)).toFixed(2)} | ${cpu.toFixed(2)} | ${records > 1 ? Math.round(records / cpu).toLocaleString("en") : ""} | ${median(s.map((x) => x.rss)).toFixed(0)} |`);
    }
  }
  const table = lines.join("\n");
  console.log(table);
  writeFileSync(join(ROOT, "bench/results/housie-cli.md"), `${table}\n`);
  rmSync(dir, { recursive: true, force: true });
}
