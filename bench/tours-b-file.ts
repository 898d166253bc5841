// An OEIS-style b-file (`n a(n)` lines after # comments) from a row of the m×n tables
// (bench/tours-frontier-table.ts --rows M output): a(n) = the count on the M×n board.
// Usage: tsx bench/tours-b-file.ts TABLE.jsonl ROWS closed|paths "COMMENT" > docs/b-….txt
import { answers, readTableRows } from "./tours-table-rows.js";

const [file = "", rowsText = "", question = "closed", ...comment] = process.argv.slice(2);
const rows = Number(rowsText);
const terms = readTableRows(file)
  .filter((r) => r.rows === rows && answers(r, question))
  .sort((a, b) => a.cols - b.cols);
terms.forEach((r, i) => {
  if (r.cols !== i + 1) throw new Error(`${file}: no ${rows}×${i + 1} ${question} count`);
});
const lines = [...comment.map((c) => `# ${c}`), "# n a(n)", ...terms.map((r) => `${r.cols} ${r.count}`)];
process.stdout.write(`${lines.join("\n")}\n`);
