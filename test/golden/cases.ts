// The golden cases: seeded runs of the built CLIs whose output users see, each kept byte
// for byte in test/golden/<file>. test/cli/golden.test.ts compares every run with its file;
// `npm run golden:update` (update.ts) rewrites the files from the current tree, to be done
// only when a change of output is meant, and reviewed in the diff.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const GOLDEN_DIR = fileURLToPath(new URL(".", import.meta.url));

const BINS: Record<string, string> = {
  housie: "dist/bin/housie.js",
  "count-farms": "dist/cli/count-farms.js",
  "pen-paper": "dist/cli/pen-paper.js",
};

export interface GoldenCase {
  /** File under test/golden/ holding the expected output. */
  file: string;
  cli: keyof typeof BINS;
  args: string[];
  /** "pdf": the args write a PDF to {out}; the golden text is its text, page by page. */
  kind?: "pdf";
}

export const GOLDEN_CASES: GoldenCase[] = [
  { file: "housie-books-seed42.jsonl", cli: "housie", args: ["books", "-n", "3", "--seed", "42", "-f", "jsonl"] },
  { file: "housie-books-seed42.txt", cli: "housie", args: ["books", "-n", "1", "--seed", "42"] },
  { file: "housie-books-serial.csv", cli: "housie", args: ["books", "-n", "2", "--seed", "18446744073709551615", "-f", "csv", "--first-serial", "1000"] },
  { file: "housie-tickets-seed7.csv", cli: "housie", args: ["tickets", "-n", "12", "--seed", "7", "-f", "csv"] },
  { file: "housie-tickets-seed7-no-unique.jsonl", cli: "housie", args: ["tickets", "-n", "5", "--seed", "7", "-f", "jsonl", "--no-unique"] },
  { file: "housie-books-seed9.html", cli: "housie", args: ["books", "-n", "1", "--seed", "9", "-f", "html"] },
  { file: "housie-books-seed9-pdf.txt", cli: "housie", args: ["books", "-n", "2", "--seed", "9", "-f", "pdf", "--qr", "-o", "{out}"], kind: "pdf" },
  {
    file: "housie-tickets-seed3-sheet-pdf.txt",
    cli: "housie",
    args: ["tickets", "-n", "7", "--seed", "3", "-f", "pdf", "--layout", "sheet", "--paper", "letter", "-o", "{out}"],
    kind: "pdf",
  },
  { file: "housie-count.json", cli: "housie", args: ["count", "--json"] },
  { file: "tour-6-seed1.txt", cli: "pen-paper", args: ["--size", "6", "--seed", "1"] },
  { file: "tour-8-closed-seed2.json", cli: "pen-paper", args: ["--size", "8", "--closed", "--seed", "2", "--format", "json"] },
  { file: "tour-5-seed4-ts.svg", cli: "pen-paper", args: ["--size", "5", "--seed", "4", "--format", "svg", "--engine", "ts"] },
  { file: "tour-count-5.txt", cli: "pen-paper", args: ["count", "--size", "5", "--threads", "1"] },
  { file: "table-sample-4x4-seed3.txt", cli: "count-farms", args: ["--size", "4", "--counts", "2,2", "--sample", "3", "--seed", "3"] },
  { file: "table-sample-6x6-seed1.jsonl", cli: "count-farms", args: ["--size", "6", "--counts", "2,2,2", "--sample", "2", "--seed", "1", "--json"] },
  { file: "table-count-5x5.txt", cli: "count-farms", args: ["--size", "5", "--counts", "1,2,2", "--given", "01122"] },
  { file: "farms-challenge24-2008.txt", cli: "count-farms", args: ["examples/challenge24-2008.txt"] },
];

/** Runs one case from the project root and returns what is compared: stdout, or a PDF's text. */
export async function runGoldenCase(golden: GoldenCase): Promise<string> {
  const dir = golden.kind === "pdf" ? mkdtempSync(join(tmpdir(), "tabula-golden-")) : undefined;
  try {
    const out = dir ? join(dir, "out.pdf") : "";
    const args = golden.args.map((arg) => arg.replace("{out}", out));
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, [join(ROOT, BINS[golden.cli]!), ...args], { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 26 }, (error, out, err) => {
        if (error) reject(new Error(`${golden.cli} ${args.join(" ")} failed (${error.code ?? error.message}): ${err}`));
        else resolve(out);
      });
    });
    return dir ? await pdfText(readFileSync(out)) : stdout;
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** A PDF's text, page by page and item by item, read with pdf.js (no system packages needed). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    const items = content.items.map((item) => ("str" in item ? item.str : "")).filter((text) => text.trim().length > 0);
    pages.push(`--- page ${number}\n${items.join("\n")}\n`);
  }
  await document.destroy();
  return pages.join("");
}

export function goldenPath(golden: GoldenCase): string {
  return join(GOLDEN_DIR, golden.file);
}
