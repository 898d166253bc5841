// A lean core: importing the counting and generating entry points loads no PDF, QR or
// progress code (pdfkit, qrcode, cli-progress and their dependencies), and a PDF asked
// for without pdfkit installed (an optional dependency) gets one line, exit 2. Each entry
// is imported in a fresh Node process whose module resolutions a loader hook records.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "../support/cli-run.js";

const dir = mkdtempSync(join(tmpdir(), "lean-core-"));
const hooks = join(dir, "hooks.mjs");
writeFileSync(
  hooks,
  `
import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  if (process.env.HIDE_PDFKIT && specifier === "pdfkit") {
    throw Object.assign(new Error("Cannot find package 'pdfkit' imported from " + context.parentURL), { code: "ERR_MODULE_NOT_FOUND" });
  }
  const result = await next(specifier, context);
  if (process.env.LOAD_LOG) appendFileSync(process.env.LOAD_LOG, result.url + "\\n");
  return result;
}
`,
);
const register = join(dir, "register.mjs");
writeFileSync(register, `import { register } from "node:module"; register(${JSON.stringify(pathToFileURL(hooks).href)});\n`);

/** The packages under node_modules that importing `entry` (a file of dist/) loads. */
function packagesLoaded(entry: string): string[] {
  const log = join(dir, `${entry.replace(/\W/g, "-")}.log`);
  writeFileSync(log, "");
  const run = spawnSync(
    process.execPath,
    ["--import", register, "--input-type=module", "-e", `await import(${JSON.stringify(pathToFileURL(join(ROOT, "dist", entry)).href)});`],
    {
      env: { ...process.env, LOAD_LOG: log },
      encoding: "utf8",
    },
  );
  expect(run.stderr).toBe("");
  const urls = readFileSync(log, "utf8").split("\n").filter(Boolean);
  expect(urls.some((url) => url.includes(`/dist/${entry}`))).toBe(true); // the hook saw the entry itself
  return [...new Set(urls.map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]).filter((name): name is string => name !== undefined))];
}

const HEAVY = ["pdfkit", "fontkit", "qrcode", "cli-progress", "yargs", "pngjs"];

describe("the counting and generating entry points", () => {
  for (const entry of ["index.js", "tables/node.js", "tours/node.js", "housie/node.js", "farms/index.js", "bingo/index.js"]) {
    it(`dist/${entry} loads no PDF, QR or progress package`, () => {
      const loaded = packagesLoaded(entry);
      expect(loaded.filter((name) => HEAVY.includes(name))).toEqual([]);
    });
  }

  it("the PDF entry does load pdfkit (the hook sees packages)", () => {
    expect(packagesLoaded("housie/pdf.js")).toContain("pdfkit");
  });
});

describe("without pdfkit", () => {
  const hidden = (args: string[]) =>
    spawnSync(process.execPath, ["--import", register, ...args], { cwd: dir, env: { ...process.env, HIDE_PDFKIT: "1" }, encoding: "utf8" });

  it("housie -f pdf says how to install it, in one line, exit 2", () => {
    const run = hidden([join(ROOT, "dist/bin/housie.js"), "books", "-n", "1", "-f", "pdf", "-o", "x.pdf"]);
    expect(run.stderr).toBe("housie: PDF output needs pdfkit: npm install pdfkit\n");
    expect(run.status).toBe(2);
  });

  it("bingo cards -f pdf says the same, exit 2, and leaves no file", () => {
    const run = hidden([join(ROOT, "dist/bin/bingo.js"), "cards", "-b", "75", "-n", "1", "-f", "pdf", "-o", "cards.pdf"]);
    expect(run.stderr).toBe("bingo: PDF output needs pdfkit: npm install pdfkit\n");
    expect(run.status).toBe(2);
    expect(existsSync(join(dir, "cards.pdf"))).toBe(false);
  });

  it("renderPdf refuses with a UsageError saying the same", () => {
    const run = hidden([
      "--input-type=module",
      "-e",
      `
      const { renderPdf, generateBooks } = await import(${JSON.stringify(pathToFileURL(join(ROOT, "dist/housie/node.js")).href)});
      const { UsageError: Usage } = await import(${JSON.stringify(pathToFileURL(join(ROOT, "dist/errors.js")).href)});
      try { await renderPdf(generateBooks(1, { seed: 1n }), () => {}); console.log("rendered"); }
      catch (e) { console.log(e instanceof Usage, e.message); }
    `,
    ]);
    expect(run.stdout).toBe("true PDF output needs pdfkit: npm install pdfkit\n");
  });
});
