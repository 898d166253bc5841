#!/usr/bin/env node
// Measures what each test suite costs and writes the table in docs/development.md between
// its markers, so the figures there come from a run, not from typing. Each suite runs once
// (after a build: `npm run build` first) as its own vitest command; CPU is the user + system
// time of the command and everything it started (bash's `times`), wall is the clock.
// The table names the machine, Node, the load average when the run began and the date.
// With --busy the suites run while a child process spins on one core (the issue's "with one
// core busy": two cores, one of them taken by other work); its own CPU time is not counted.
// The quiet table and the one-core-busy table have their own markers; a run rewrites its own.
// The CPU time of one and the same run varies by a fifth or more on these shared virtual
// machines, so every suite runs several times, in turn (round by round, suite by suite), and
// the table gives the median with the lowest and highest.
// Usage: node scripts/suite-costs.mjs [--busy | --both] [--rounds N] [--print]
//   --busy: one core kept busy; --both: quiet, then one core busy; --rounds: runs a suite (3);
//   --print: the tables only, the doc untouched
import { spawn, spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DOC = join(ROOT, "docs", "development.md");
const MARKERS = {
  quiet: ["<!-- suite-costs:start -->", "<!-- suite-costs:end -->"],
  busy: ["<!-- suite-costs:busy:start -->", "<!-- suite-costs:busy:end -->"],
};

const SUITES = [
  { name: "unit (`unit` + `unit-isolated`)", args: ["--project", "unit", "--project", "unit-isolated"] },
  { name: "cli", args: ["--project", "cli"] },
  { name: "property", args: ["--project", "property"] },
  { name: "**`npm test`'s suites together**", args: ["--project", "unit", "--project", "unit-isolated", "--project", "cli", "--project", "property"] },
];

const seconds = (text) => {
  const m = /(\d+)m([\d.]+)s/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
};

/** Runs one vitest command; returns wall and CPU seconds and the test count vitest reported. */
function measure(args) {
  const started = process.hrtime.bigint();
  const r = spawnSync("bash", ["-c", `npx vitest run ${args.join(" ")} > .suite-costs.log 2>&1; status=$?; times; exit $status`], {
    cwd: ROOT,
    encoding: "utf8",
  });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const children = r.stdout.trim().split("\n").at(-1).split(/\s+/);
  const log = readFileSync(join(ROOT, ".suite-costs.log"), "utf8").replace(/\x1b\[[0-9;]*m/g, ""); // vitest's colours off
  const tests = /Tests\s+(\d+) passed/.exec(log)?.[1] ?? "?";
  if (r.status !== 0) throw new Error(`suite-costs: vitest ${args.join(" ")} failed (exit ${r.status}); see .suite-costs.log`);
  return { wall, cpu: seconds(children[0]) + seconds(children[1]), tests };
}

/** A child process spinning on one core until killed: the "one core busy" of the issue. */
function busyCore() {
  return spawn(process.execPath, ["-e", "for (;;);"], { stdio: "ignore" });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
/** "median s (lowest–highest)" of a suite's runs, or the one figure of a single run. */
const spread = (xs) => (xs.length === 1 ? `${xs[0].toFixed(0)} s` : `${median(xs).toFixed(0)} s (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`);

/** Measures every suite `rounds` times, with one core kept busy if `busy`; returns the table between its markers. */
function table(busy, rounds) {
  const spinner = busy ? busyCore() : undefined;
  try {
    const load = loadavg()[0].toFixed(1);
    const runs = SUITES.map(() => []);
    for (let r = 0; r < rounds; r++) SUITES.forEach((s, i) => runs[i].push(measure(s.args)));
    const rows = SUITES.map((s, i) => ({
      ...s,
      tests: runs[i][0].tests,
      cpu: spread(runs[i].map((m) => m.cpu)),
      wall: spread(runs[i].map((m) => m.wall)),
    }));
    const machine = `${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${cpus().length} cores, Node ${process.version}`;
    const [start, end] = MARKERS[busy ? "busy" : "quiet"];
    const how = busy ? "`node scripts/suite-costs.mjs --busy` (one core kept busy by a spinning process, not counted)" : "`node scripts/suite-costs.mjs`";
    return [
      start,
      `Measured by ${how} on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC: ${machine}; load average ${load} when it began. ` +
        (rounds === 1 ? "One run a suite." : `Each suite ran ${rounds} times, in turn: the median, with the lowest and highest in brackets.`),
      "",
      "| suite | tests | CPU (user + system) | wall |",
      "| --- | ---: | ---: | ---: |",
      ...rows.map((r) => `| ${r.name} | ${r.tests} | ${r.cpu} | ${r.wall} |`),
      end,
    ].join("\n");
  } finally {
    spinner?.kill();
  }
}

/** `doc` with the text between `table`'s own markers replaced by it. */
function withTable(doc, table) {
  const [start, end] = Object.values(MARKERS).find(([s]) => table.startsWith(s));
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) throw new Error(`suite-costs: ${DOC} has no ${start} … ${end} markers`);
  return doc.slice(0, a) + table + doc.slice(b + end.length);
}

function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf("--rounds");
  const rounds = at < 0 ? 3 : Number(args[at + 1]);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20) throw new Error(`suite-costs: --rounds takes a whole number from 1 to 20, not ${args[at + 1]}`);
  const unknown = args.filter((a, i) => !["--busy", "--both", "--print", "--rounds"].includes(a) && !(at >= 0 && i === at + 1));
  if (unknown.length > 0) throw new Error(`suite-costs: unknown option ${unknown[0]} (expected --busy, --both, --rounds N or --print)`);
  const modes = args.includes("--both") ? [false, true] : [args.includes("--busy")];
  const tables = modes.map((busy) => table(busy, rounds));
  if (!args.includes("--print")) writeFileSync(DOC, tables.reduce(withTable, readFileSync(DOC, "utf8")));
  console.log(tables.join("\n\n"));
  return 0;
}

process.exit(main());
