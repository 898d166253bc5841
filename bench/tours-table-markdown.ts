// The m×n tables of docs/tours.md, as Markdown, from bench/tours-frontier-table.ts results:
// rows m, columns n (m ≤ n), a cell per board ("–" where the board has no count: out of
// reach). Usage: tsx bench/tours-table-markdown.ts TABLE.jsonl MAXSIDE closed|paths
import { answers, readTableRows } from "./tours-table-rows.js";

const [file = "", maxText = "8", question = "closed"] = process.argv.slice(2);
const max = Number(maxText);
const counts = new Map<string, string>();
for (const r of readTableRows(file)) if (answers(r, question)) counts.set(`${r.rows}x${r.cols}`, r.count);
const sides = Array.from({ length: max }, (_, i) => i + 1);
const out = [`| m \\ n | ${sides.join(" | ")} |`, `| --- |${" ---: |".repeat(max)}`];
for (const m of sides) out.push(`| ${m} | ${sides.map((n) => (n < m ? "" : (counts.get(`${m}x${n}`) ?? "–"))).join(" | ")} |`);
process.stdout.write(`${out.join("\n")}\n`);
