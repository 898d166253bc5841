#!/usr/bin/env node
// Measures what each test suite costs and writes the table in docs/development.md between
// its markers, so the figures there come from a run, not from typing. Each suite runs once
// (after a build: `npm run build` first) as its own vitest command; CPU is the user + system
// time of the command and everything it started (bash's `times`), wall is the clock.
// The table names the machine, Node, the load average when the run began and the date.
// Usage: node scripts/suite-costs.mjs [--print]  (--print: the table only, the doc untouched)
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DOC = join(ROOT, "docs", "development.md");
const START = "<!-- suite-costs:start -->";
const END = "<!-- suite-costs:end -->";

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

function main() {
  const load = loadavg()[0].toFixed(1);
  const rows = SUITES.map((s) => ({ ...s, ...measure(s.args) }));
  const machine = `${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${cpus().length} cores, Node ${process.version}`;
  const table = [
    START,
    `Measured by \`node scripts/suite-costs.mjs\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC: ${machine}; load average ${load} when it began.`,
    "",
    "| suite | tests | CPU (user + system) | wall |",
    "| --- | ---: | ---: | ---: |",
    ...rows.map((r) => `| ${r.name} | ${r.tests} | ${r.cpu.toFixed(0)} s | ${r.wall.toFixed(0)} s |`),
    END,
  ].join("\n");
  if (process.argv.includes("--print")) {
    console.log(table);
    return 0;
  }
  const doc = readFileSync(DOC, "utf8");
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error(`suite-costs: ${DOC} has no ${START} … ${END} markers`);
  writeFileSync(DOC, doc.slice(0, a) + table + doc.slice(b + END.length));
  console.log(table);
  return 0;
}

process.exit(main());
