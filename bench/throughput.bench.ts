// Every card format side by side in one run: cards a second in the kernel (benny), and as
// whole processes the built CLIs writing a series as JSONL to a file, validating it and
// checking a game over it (`housie check --calls`, `bingo winners`), wall and CPU time.
// BENCH_CARDS sets the series' size (default 1,000,000 books or cards).
import { add, complete, suite } from "benny";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { caseLines, saveResults } from "./common.js";
import { housieKernel } from "../src/housie/kernel.js";
import { CARD_BATCH, shapeKernel } from "../src/bingo/kernel.js";
import { SHAPE_30, SHAPE_75, SHAPE_80 } from "../src/bingo/shape.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const CARDS = Number(process.env.BENCH_CARDS ?? 1_000_000);
const HOUSIE_BATCH = 4096;

interface Format {
  name: string;
  /** One kernel call and the cards it makes. */
  kernel: () => number;
  /** The CLI and its arguments: write `n` as JSONL to `file`, validate it, play a game over it. */
  write: (n: number, file: string) => string[];
  validate: (file: string) => string[];
  game: (file: string) => string[];
}

const calls = (top: number) => Array.from({ length: top }, (_, i) => ((i * 37) % top) + 1).join(",");

function formats(): Format[] {
  const housie = housieKernel();
  housie.setSeedState(1, 2, 3, 4);
  const bin = (name: string) => join(ROOT, "dist/bin", `${name}.js`);
  const list: Format[] = [
    {
      name: "90-ball books",
      kernel: () => (housie.generateBooks(HOUSIE_BATCH, false), HOUSIE_BATCH),
      write: (n, file) => [bin("housie"), "books", "-n", String(n), "--seed", "1", "-f", "jsonl", "-o", file],
      validate: (file) => [bin("housie"), "validate", file],
      game: (file) => [bin("housie"), "check", file, "--calls", calls(90)],
    },
    {
      name: "90-ball tickets",
      kernel: () => (housie.generateTickets(HOUSIE_BATCH, false), HOUSIE_BATCH),
      write: (n, file) => [bin("housie"), "tickets", "-n", String(n), "--seed", "1", "-f", "jsonl", "-o", file],
      validate: (file) => [bin("housie"), "validate", file],
      game: (file) => [bin("housie"), "check", file, "--calls", calls(90)],
    },
  ];
  for (const shape of [SHAPE_75, SHAPE_80, SHAPE_30]) {
    const k = shapeKernel(shape);
    k.setSeedState(1, 2, 3, 4);
    const ball = shape.ball;
    const top = Number(ball);
    list.push({
      name: `${ball}-ball cards`,
      kernel: () => (k.generateCards(CARD_BATCH, false), CARD_BATCH),
      write: (n, file) => [bin("bingo"), "cards", "--ball", ball, "-n", String(n), "--seed", "1", "-f", "jsonl", "-o", file],
      validate: (file) => [bin("bingo"), "validate", file],
      game: (file) => [bin("bingo"), "winners", file, "--pattern", "line", "--calls", calls(top)],
    });
  }
  return list;
}

/** CPU seconds of the children waited for so far (Linux /proc; undefined elsewhere). */
function childrenCpu(): number | undefined {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, in clock ticks of 1/100 s
  } catch {
    return undefined;
  }
}

/** Runs a CLI to the end: wall seconds and its CPU seconds, or throws with its stderr. */
function timed(args: string[], ok: number[] = [0]): { wall: number; cpu: number | undefined } {
  const cpu = childrenCpu();
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 1 << 26 });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const after = childrenCpu();
  if (!ok.includes(run.status ?? -1)) throw new Error(`${args.slice(1).join(" ")}: exit ${run.status}: ${run.stderr}`);
  return { wall, cpu: cpu === undefined || after === undefined ? undefined : after - cpu };
}

const perSecond = (n: number, seconds: number | undefined) => (seconds === undefined || seconds <= 0 ? "" : Math.round(n / seconds).toLocaleString("en-US"));

export default async function throughputBench(): Promise<void> {
  const list = formats();
  const kernel = await suite(
    "throughput-kernel",
    ...list.map((f) =>
      add(
        `${f.name} (kernel, cards a call)`,
        () => {
          f.kernel();
        },
        { minSamples: 5, maxTime: 2 },
      ),
    ),
    caseLines(),
    complete(),
    ...saveResults("throughput-kernel"),
  );
  const perCall = new Map(list.map((f) => [f.name, f.kernel()]));
  const dir = mkdtempSync(join(tmpdir(), "tabula-throughput-"));
  const rows: string[] = [];
  try {
    for (const f of list) {
      const file = join(dir, `${f.name.replace(/\W+/g, "-")}.jsonl`);
      const ops = kernel.results.find((r) => r.name.startsWith(f.name))!.ops;
      const write = timed(f.write(CARDS, file));
      const bytes = statSync(file).size;
      const validate = timed(f.validate(file));
      const game = timed(f.game(file), [0, 1]);
      rows.push(
        `| ${f.name} | ${Math.round(ops * perCall.get(f.name)!).toLocaleString("en-US")} | ${perSecond(CARDS, write.wall)} (${perSecond(CARDS, write.cpu)}) | ${perSecond(CARDS, validate.wall)} (${perSecond(CARDS, validate.cpu)}) | ${perSecond(CARDS, game.wall)} (${perSecond(CARDS, game.cpu)}) | ${(bytes / 1e6).toFixed(0)} |`,
      );
      console.log(rows.at(-1));
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const table = [
    `Records a second, ${CARDS.toLocaleString("en-US")} a series; whole processes: a second of wall time (of CPU time).`,
    "",
    "| format | kernel | write JSONL (process) | validate (process) | check a game (process) | file MB |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
  console.log(table);
  writeFileSync("bench/results/throughput.md", table + "\n");
}
