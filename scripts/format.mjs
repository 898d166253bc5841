#!/usr/bin/env node
// `npm run format` (write) and `npm run format:check` (list the files prettier would
// change, exit 1): Prettier over the TypeScript and JavaScript of src/, test/, scripts/,
// bench/, web/ and the AssemblyScript of assembly/. Prettier's TypeScript parser refuses
// AssemblyScript's decorators on functions and constants (`@inline export function`,
// `@external("env", "f") declare function`), so in assembly/ each decorator that starts a
// line is masked into a comment before formatting and restored after (mask/unmask is
// tested to be the identity on every kernel file: test/unit/format-mask.test.ts). The
// TypeScript parser also misreads a cast after a left shift, `x << (<u64>(r & 63))`, as
// type arguments; each `<<` is masked as `>>` (same precedence, so the same layout) marked
// by a comment. The mask reads tokens with TypeScript's scanner, so comments and strings
// are left alone. And a cast binds tighter than `++` in AssemblyScript but not in
// TypeScript: Prettier would drop the parentheses of `<usize>(i++)`, which then casts `i`
// before incrementing it; `(i++)` and `(i--)` are masked as calls `__as_post_inc(i)`.
// Arguments: files or folders to format instead of the default set.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import ts from "typescript";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const FOLDERS = ["src", "test", "scripts", "bench", "web", "assembly"];
const SOURCE = /\.(ts|mts|cts|tsx|js|mjs|cjs)$/;
/** Never formatted: dependencies, outputs and generated code (rewritten by the build). */
const SKIP = new Set(["node_modules", "dist", "build", "dist-web", "generated", "results"]);

/** The mask's comments start so: a decorator `@inline` becomes `/*@@inline*\/`, `<<` becomes `>>/*@@<<*\/`. */
const MARK = "/*@@";
const SHIFT = ">>/*@@<<*/";
const POSTFIX = /\(([A-Za-z_$][\w$.]*)(\+\+|--)\)/g;
const POSTFIX_CALL = /__as_post_(inc|dec)\(([A-Za-z_$][\w$.]*)\)/g;

/** A decorator's text from its `@`: name, then arguments in parentheses on the same line. */
const DECORATOR = /^@[A-Za-z_$][\w$]*(?:\([^()\n]*\))?/;

/** AssemblyScript source as TypeScript that Prettier parses, with the same layout. */
export function maskDecorators(text) {
  for (const marker of [MARK, "__as_post_"]) {
    if (text.includes(marker)) throw new Error(`format: the text already holds the mask's marker ${marker}`);
  }
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const edits = [];
  // A template's `${…}`: its closing brace goes back to the template (the scanner alone
  // would read the rest of the template as code). `templates` holds the brace depth of each open one.
  const templates = [];
  let depth = 0;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.TemplateHead) templates.push(depth);
    else if (token === ts.SyntaxKind.OpenBraceToken) depth++;
    else if (token === ts.SyntaxKind.CloseBraceToken) {
      if (templates.at(-1) === depth) {
        if (scanner.reScanTemplateToken(false) === ts.SyntaxKind.TemplateTail) templates.pop();
        continue;
      }
      depth--;
    }
    const at = scanner.getTokenStart();
    if (token === ts.SyntaxKind.LessThanLessThanToken) edits.push({ at, length: 2, text: SHIFT });
    if (token === ts.SyntaxKind.AtToken && /(^|\n)[ \t]*$/.test(text.slice(Math.max(0, at - 200), at))) {
      const decorator = DECORATOR.exec(text.slice(at))?.[0];
      if (decorator) edits.push({ at, length: decorator.length, text: `${MARK}${decorator.slice(1)}*/` });
    }
  }
  let out = text;
  for (const edit of edits.reverse()) out = out.slice(0, edit.at) + edit.text + out.slice(edit.at + edit.length);
  return out.replace(POSTFIX, (_, operand, op) => `__as_post_${op === "++" ? "inc" : "dec"}(${operand})`);
}

/** The inverse of maskDecorators, also after Prettier has spaced or broken the masked lines. */
export function unmaskDecorators(text) {
  return text
    .replace(POSTFIX_CALL, (_, op, operand) => `(${operand}${op === "inc" ? "++" : "--"})`)
    .replace(/>>(\s*)\/\*@@<<\*\/( ?)/g, (_, before, after) => `<<${before === "" ? after : before}`)
    .replace(/\/\*@@([^\n]*?)\*\//g, (_, decorator) => `@${decorator}`);
}

function sourceFiles(path) {
  if (!statSync(path).isDirectory()) return SOURCE.test(path) ? [path] : [];
  return readdirSync(path, { withFileTypes: true }).flatMap((d) => (SKIP.has(d.name) ? [] : sourceFiles(join(path, d.name))));
}

const isAssembly = (file) => relative(ROOT, file).split(sep)[0] === "assembly";

/** The file as Prettier formats it (AssemblyScript through the mask). */
export async function formatted(file, text) {
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  if (!isAssembly(file)) return prettier.format(text, options);
  return unmaskDecorators(await prettier.format(maskDecorators(text), { ...options, parser: "typescript" }));
}

async function main() {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const targets = args.filter((a) => a !== "--check");
  const files = (targets.length > 0 ? targets.map((t) => resolve(t)) : FOLDERS.map((f) => join(ROOT, f))).flatMap(sourceFiles);
  const changed = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    let out;
    try {
      out = await formatted(file, text);
    } catch (error) {
      console.error(`format: ${relative(ROOT, file)}: ${error instanceof Error ? error.message.split("\n")[0] : error}`);
      return 2;
    }
    if (out === text) continue;
    changed.push(relative(ROOT, file));
    if (!check) writeFileSync(file, out);
  }
  if (check) {
    for (const file of changed) console.error(`format: ${file} is not formatted`);
    if (changed.length > 0) console.error(`format: ${changed.length} of ${files.length} files differ; run npm run format`);
    else console.log(`format: ${files.length} files are formatted`);
    return changed.length > 0 ? 1 : 0;
  }
  console.log(`format: ${changed.length} of ${files.length} files rewritten`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main();
