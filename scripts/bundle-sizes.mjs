#!/usr/bin/env node
// The browser bundle size of each entry point, measured rather than typed: esbuild bundles
// `export * from "<entry>"` for the browser (--bundle --minify --platform=browser, ESM)
// from the built package (npm run build first), gzip -9 of the JS, plus gzip -9 of each
// kernel the bundle fetches (the `new URL("…/<kernel>.wasm", import.meta.url)` it names).
//   node scripts/bundle-sizes.mjs          print the table and rewrite it in the docs
//   node scripts/bundle-sizes.mjs --check  exit 1 if a doc's table is stale: a row or kernel list
//                                          differs, or a size is off by more than TOLERANCE
// The check tolerates drift of a few hundred bytes so that a small source edit does not turn
// CI red; a table that no longer describes the bundles (12.3 KiB listed, 16.6 measured) fails.
// The docs hold the table between <!-- bundle-sizes --> and <!-- /bundle-sizes -->.
// bench/hosts.bench.ts uses bundleSizeTable() for its results too.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const ENTRY_POINTS = ["tabula-grids", "tabula-grids/farms", "tabula-grids/tables", "tabula-grids/housie", "tabula-grids/tours"];
export const DOCS_WITH_TABLE = ["BENCHMARKS.md", "docs/browsers.md"];
const START = "<!-- bundle-sizes -->";
const END = "<!-- /bundle-sizes -->";

/** A listed size passes the check when it is within this many KiB, or this fraction, of the measurement. */
export const TOLERANCE = { kib: 0.3, fraction: 0.02 };

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** One entry point's sizes in bytes: the minified JS gzipped, and each kernel's .wasm gzipped. */
export async function measureEntry(entry) {
  const result = await build({
    stdin: { contents: `export * from "${entry}";`, resolveDir: ROOT, loader: "js" },
    bundle: true,
    minify: true,
    platform: "browser",
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  const js = result.outputFiles[0].contents;
  const kernels = [...new TextDecoder().decode(js).matchAll(/new URL\("[^"]*\/([a-z]+)\.wasm"/g)].map((m) => m[1]).sort();
  const wasm = kernels.reduce((sum, name) => sum + gz(readFileSync(join(ROOT, "build", `${name}.wasm`))), 0);
  return { entry, js: gz(js), kernels, wasm };
}

/** The Markdown table, one row per entry point. */
export async function bundleSizeTable() {
  const rows = ["| import | JS (min + gzip) | kernels | .wasm (gzip) | total |", "| --- | ---: | --- | ---: | ---: |"];
  for (const entry of ENTRY_POINTS) {
    const { js, kernels, wasm } = await measureEntry(entry);
    rows.push(`| \`${entry}\` | ${kib(js)} | ${kernels.join(", ")} | ${kib(wasm)} | ${kib(js + wasm)} |`);
  }
  return rows.join("\n");
}

/** The rows of a table as cells, sizes as numbers of KiB. */
function parseRows(table) {
  return table
    .split("\n")
    .slice(2)
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

/** Whether a doc's table still describes the measured one: the same rows and kernels, sizes within TOLERANCE. */
export function tableIsCurrent(listed, measured) {
  const a = parseRows(listed);
  const b = parseRows(measured);
  if (a.length !== b.length) return false;
  return a.every(
    (row, i) =>
      row.length === b[i].length &&
      row.every((cell, j) => {
        const want = b[i][j];
        const x = /^([0-9.]+) KiB$/.exec(cell);
        const y = /^([0-9.]+) KiB$/.exec(want);
        if (!x || !y) return cell === want;
        const diff = Math.abs(Number(x[1]) - Number(y[1]));
        return diff <= TOLERANCE.kib || diff <= TOLERANCE.fraction * Number(y[1]);
      }),
  );
}

function tableIn(text, file) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file}: no ${START} … ${END} block (expected the table's place)`);
  return text.slice(start + START.length, end).trim();
}

function replaceTable(text, table, file) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file}: no ${START} … ${END} block (expected the table's place)`);
  return `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`;
}

async function main() {
  const check = process.argv.includes("--check");
  if (!existsSync(join(ROOT, "dist", "browser.js"))) {
    console.error("bundle-sizes: dist/browser.js is missing (expected a built package: run npm run build)");
    process.exit(2);
  }
  const table = await bundleSizeTable();
  console.log(table);
  let stale = 0;
  for (const file of DOCS_WITH_TABLE) {
    const path = join(ROOT, file);
    const text = readFileSync(path, "utf8");
    const updated = replaceTable(text, table, file);
    if (updated === text) continue;
    if (check) {
      if (tableIsCurrent(tableIn(text, file), table)) continue;
      console.error(`bundle-sizes: ${file}: the table differs from this measurement (run npm run bundle-sizes)`);
      stale++;
    } else {
      writeFileSync(path, updated);
      console.error(`bundle-sizes: ${file} updated`);
    }
  }
  process.exit(stale ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(`bundle-sizes: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  });
}
