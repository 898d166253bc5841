// The documentation's code examples run as printed: every `@example` block in the doc
// comments of src/ (the API reference that npm run docs builds) and every JavaScript block
// of the README that imports tabula-grids. Each runs as a Node module of its own against the
// built package (npm run build first), one after another in one Node process, and a line `expression; // value` asserts that the
// expression equals the value, when the comment starts with a plain JavaScript value
// (a number, bigint, string, array or object; comments holding "…" are prose).
// It also holds every exported function and class of every entry point in package.json's
// "exports" to a description, an `@param` for each parameter (a class: of its public
// constructor) and an `@example`; the missing ones are listed by name.
import { beforeAll, describe, expect, it } from "vitest";
import ts from "typescript";
import { slowTest } from "../support/tier.js";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = join(import.meta.dirname, "..", "..");
const requireFromRoot = createRequire(join(ROOT, "package.json"));

interface Example {
  where: string;
  code: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

function docCommentExamples(): Example[] {
  const out: Example[] = [];
  for (const file of sourceFiles(join(ROOT, "src"))) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/@example\s*\n\s*\*\s*```ts\n([\s\S]*?)\n\s*\*\s*```/g)) {
      const code = m[1]!
        .split("\n")
        .map((line) => line.replace(/^\s*\* ?/, ""))
        .join("\n");
      const line = text.slice(0, m.index).split("\n").length;
      out.push({ where: `${relative(ROOT, file)}:${line}`, code });
    }
  }
  return out;
}

function readmeExamples(): Example[] {
  const text = readFileSync(join(ROOT, "README.md"), "utf8");
  return [...text.matchAll(/```js\n([\s\S]*?)\n```/g)]
    .filter((m) => /from "tabula-grids/.test(m[1]!))
    .map((m) => ({ where: `README.md:${text.slice(0, m.index).split("\n").length}`, code: m[1]! }));
}

/** The longest start of `comment` that evaluates as a JavaScript value, if any. */
function leadingValue(comment: string): string | undefined {
  if (comment.includes("…")) return undefined;
  for (let end = comment.length; end > 0; end--) {
    const candidate = comment.slice(0, end).trim();
    if (!/^(-?\d|"|\[|\{|true\b|false\b|null\b)/.test(candidate)) return undefined;
    try {
      new Function(`return (${candidate});`)();
      return candidate;
    } catch {
      // not a complete value yet: try a shorter start
    }
  }
  return undefined;
}

/** The example as a module: imports resolved to the built package, value comments asserted. */
function runnable(code: string): string {
  const lines = code.split("\n").map((line) => {
    const m = /^(?!\s*(?:const|let|var|import|for|if)\b)(.+?);\s*\/\/\s*(.+)$/.exec(line);
    const value = m ? leadingValue(m[2]!) : undefined;
    return value === undefined ? line : `check(${JSON.stringify(m![1]!.trim())}, ${m![1]}, ${value});`;
  });
  const body = lines
    .join("\n")
    .replace(/from "(tabula-grids[^"]*)"/g, (_, spec: string) => `from ${JSON.stringify(pathToFileURL(requireFromRoot.resolve(spec)).href)}`)
    .replaceAll("node_modules/tabula-grids/examples/", `${join(ROOT, "examples")}/`);
  return `import { isDeepStrictEqual } from "node:util";
const plain = (v) => JSON.parse(JSON.stringify(v, (_, x) => (typeof x === "bigint" ? \`\${x}n\` : ArrayBuffer.isView(x) ? Array.from(x) : x)));
function check(text, actual, expected) {
  if (!isDeepStrictEqual(plain(actual), plain(expected))) {
    console.error(\`\${text} is \${JSON.stringify(plain(actual))}, the comment says \${JSON.stringify(plain(expected))}\`);
  }
}
${body}
`;
}

const examples = [...docCommentExamples(), ...readmeExamples()];

/** Each export entry's source file: package.json's types path, from dist/ back to src/. */
function entrySources(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, string | { types?: string }> };
  return Object.values(pkg.exports).flatMap((target) =>
    typeof target === "object" && target.types ? [join(ROOT, target.types.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$/, ".ts"))] : [],
  );
}

/** How many exported functions and classes there are, and what each lacks of its documentation: "name (file:line): what". */
function missingDocs(): { checked: number; missing: string[] } {
  // Only the exports and their doc comments are read, never types: the standard library
  // and Node's types are left out (a second or two of CPU less).
  const program = ts.createProgram(entrySources(), {
    noEmit: true,
    noLib: true,
    types: [],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const seen = new Set<ts.Declaration>();
  const missing: string[] = [];
  for (const file of entrySources()) {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declarations = (target.declarations ?? []).filter((d) => ts.isFunctionDeclaration(d) || ts.isClassDeclaration(d));
      // The documented declaration: an overload's first signature, else the declaration itself.
      const d = declarations.find((x) => ts.getJSDocCommentsAndTags(x).length > 0) ?? declarations[0];
      if (!d || seen.has(d)) continue;
      seen.add(d);
      const source = d.getSourceFile();
      const where = `${symbol.name} (${relative(ROOT, source.fileName)}:${source.getLineAndCharacterOfPosition(d.getStart()).line + 1})`;
      const docs = ts.getJSDocCommentsAndTags(d).filter(ts.isJSDoc);
      const description = docs
        .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? "")
        .join("")
        .trim();
      const tags = ts.getJSDocTags(d);
      const lacks: string[] = [];
      if (description === "") lacks.push("a description");
      if (!tags.some((t) => t.tagName.text === "example")) lacks.push("an @example");
      const constructor = ts.isClassDeclaration(d)
        ? d.members.find(
            (m): m is ts.ConstructorDeclaration =>
              ts.isConstructorDeclaration(m) && !m.modifiers?.some((x) => x.kind === ts.SyntaxKind.PrivateKeyword || x.kind === ts.SyntaxKind.ProtectedKeyword),
          )
        : undefined;
      const withParams = ts.isFunctionDeclaration(d) ? d : constructor;
      if (withParams) {
        const described = new Set(
          ts
            .getJSDocTags(withParams)
            .flatMap((t) => (ts.isJSDocParameterTag(t) && (ts.getTextOfJSDocComment(t.comment) ?? "").replace(/^[\s-]*/, "") !== "" ? [t.name.getText()] : [])),
        );
        const undescribed = withParams.parameters.map((p) => p.name.getText()).filter((name) => !described.has(name));
        if (undescribed.length > 0) lacks.push(`@param for ${undescribed.join(", ")}`);
      }
      if (lacks.length > 0) missing.push(`${where}: ${lacks.join(", ")}`);
    }
  }
  return { checked: seen.size, missing: missing.sort() };
}

/** Runs every example in one Node process, one module after another; returns each one's errors. */
function runAll(): string[] {
  const dir = mkdtempSync(join(tmpdir(), "tabula-doc-examples-"));
  try {
    const files = examples.map((example, i) => {
      const file = join(dir, `example-${i}.mjs`);
      writeFileSync(file, runnable(example.code));
      return pathToFileURL(file).href;
    });
    const runner = join(dir, "run.mjs");
    writeFileSync(
      runner,
      `const errors = [];
for (const file of ${JSON.stringify(files)}) {
  const problems = [];
  const report = (...args) => problems.push(args.map(String).join(" "));
  const original = console.error;
  console.error = report;
  try { await import(file); } catch (error) { report(error instanceof Error ? error.stack ?? error.message : error); }
  console.error = original;
  errors.push(problems.join("\\n"));
}
(await import("node:fs")).writeFileSync(${JSON.stringify(join(dir, "errors.json"))}, JSON.stringify(errors));
process.exit(0);
`,
    );
    const r = spawnSync(process.execPath, [runner], { encoding: "utf8", cwd: dir, timeout: 240_000 });
    if (r.status !== 0) throw new Error(`the examples' runner failed: ${r.stderr}`);
    return JSON.parse(readFileSync(join(dir, "errors.json"), "utf8")) as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the API reference", () => {
  // Two or three CPU seconds of the TypeScript compiler: the slow suite (CI) runs it.
  slowTest("documents every exported function and class: description, parameters, example", () => {
    const { checked, missing } = missingDocs();
    expect(checked).toBeGreaterThan(120); // the entries' exports were found
    expect(missing).toEqual([]);
  });
});

describe("the documentation's examples run as printed", () => {
  let errors: string[] = [];
  beforeAll(() => {
    errors = runAll();
  }, 240_000);

  it("finds the examples of every entry point", () => {
    expect(examples.length).toBeGreaterThan(15);
    expect(examples.some((e) => e.where.startsWith("README.md"))).toBe(true);
  });

  for (const [i, example] of examples.entries()) {
    it(example.where, () => {
      expect(errors[i], example.code).toBe("");
    });
  }
});
