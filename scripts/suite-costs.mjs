#!/usr/bin/env node
// Measures what each test suite costs and writes the table in docs/development.md between
// its markers, so the figures there come from a run, not from typing. Each suite runs once
// (after a build: `npm run build` first) as its own vitest command; CPU is the user + system
// time of the command and everything it started (bash's `times`), wall is the clock.
// The table names the machine, Node, the load average when the run began and the date.
// With --busy the suites run while a child process spins on one core (the issue's "with one
// core busy": two cores, one of them taken by other work); its own CPU time is not counted.
// The quiet table and the one-core-busy table have their own markers; a run rewrites its own.
// Usage: node scripts/suite-costs.mjs [--busy | --both] [--print]
//   --busy: one core kept busy; --both: quiet, then one core busy; --print: the tables only, the doc untouched
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

/** Measures every suite, with one core kept busy if `busy`; returns the table between its markers. */
function table(busy) {
  const spinner = busy ? busyCore() : undefined;
  try {
    const load = loadavg()[0].toFixed(1);
    const rows = SUITES.map((s) => ({ ...s, ...measure(s.args) }));
    const machine = `${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${cpus().length} cores, Node ${process.version}`;
    const [start, end] = MARKERS[busy ? "busy" : "quiet"];
    const how = busy ? "`node scripts/suite-costs.mjs --busy` (one core kept busy by a spinning process, not counted)" : "`node scripts/suite-costs.mjs`";
    return [
      start,
      `Measured by ${how} on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC: ${machine}; load average ${load} when it began.`,
      "",
      "| suite | tests | CPU (user + system) | wall |",
      "| --- | ---: | ---: | ---: |",
      ...rows.map((r) => `| ${r.name} | ${r.tests} | ${r.cpu.toFixed(0)} s | ${r.wall.toFixed(0)} s |`),
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
  const unknown = args.filter((a) => !["--busy", "--both", "--print"].includes(a));
  if (unknown.length > 0) throw new Error(`suite-costs: unknown option ${unknown[0]} (expected --busy, --both or --print)`);
  const modes = args.includes("--both") ? [false, true] : [args.includes("--busy")];
  const tables = modes.map(table);
  if (!args.includes("--print")) writeFileSync(DOC, tables.reduce(withTable, readFileSync(DOC, "utf8")));
  console.log(tables.join("\n\n"));
  return 0;
}

process.exit(main());
