// `housie audit FILE`: is a file of books fair? Every test against the exact
// distributions of uniform books, Holm-corrected; exit 0 pass, 1 reject.
import type { Command } from "commander";
import { InvalidArgumentError } from "commander";
import { EXIT_OK, EXIT_INVALID } from "./program.js";
import type { AuditReport } from "../housie/operators/audit.js";

function alphaOption(value: string): number {
  const alpha = Number(value);
  if (!/^\s*(0|1)?\.\d+\s*$|^\s*\de-\d+\s*$/.test(value) || !(alpha > 0 && alpha < 1))
    throw new InvalidArgumentError(`expected a number between 0 and 1, got "${value}"`);
  return alpha;
}

function formatP(p: number): string {
  return p === 0 ? "0" : p < 1e-4 ? p.toExponential(2) : p.toFixed(4);
}

function describe(report: AuditReport, name: string): string {
  const lines = [`${name}: ${report.books} books, ${report.tests.length} tests, Holm-corrected at alpha ${report.alpha}`];
  let family = "";
  for (const t of report.tests) {
    if (t.family !== family) {
      family = t.family;
      lines.push(`-- ${family}`);
    }
    const stat = t.df === null ? `z = ${t.statistic.toFixed(3)}`.padEnd(16) + "normal  " : `chi2 = ${t.statistic.toFixed(2)}`.padEnd(16) + `df ${t.df}    `;
    lines.push(`${t.name.padEnd(44)} ${stat} p = ${formatP(t.p).padEnd(9)} Holm ${formatP(t.adjusted).padEnd(9)}${t.reject ? " REJECT" : ""}`.trimEnd());
  }
  for (const s of report.skipped) lines.push(`skipped (too few books): ${s}`);
  const rejected = report.tests.filter((t) => t.reject);
  lines.push(
    `verdict: ${report.verdict}${rejected.length ? ` (${rejected.length} test(s) reject: ${[...new Set(rejected.map((t) => t.family))].join(", ")})` : ""}`,
  );
  return lines.join("\n") + "\n";
}

/** Registers `audit` on the housie program; `done` receives the exit status. */
export function registerHousieAudit(program: Command, done: (status: number) => void): void {
  program
    .command("audit")
    .description(
      "test a file of books against the exact distributions of uniform books (each test's p-value, Holm's correction, a verdict); exit 0 pass, 1 reject",
    )
    .argument("<FILE>", "books as JSON Lines (--format jsonl; '-' for standard input)")
    .option("--alpha <A>", "family-wise significance level", alphaOption, 0.01)
    .option("--json", "print the report as one JSON object")
    .action(async (file: string, flags: { alpha: number; json?: boolean }) => {
      const { auditBooks } = await import("../housie/operators/audit.js"); // loads only for audit: start-up of the other commands
      const report = auditBooks(file, { alpha: flags.alpha });
      process.stdout.write(flags.json ? JSON.stringify(report) + "\n" : describe(report, file === "-" ? "<stdin>" : file));
      done(report.verdict === "pass" ? EXIT_OK : EXIT_INVALID);
    });
}
