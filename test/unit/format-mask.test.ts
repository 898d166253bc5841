// scripts/format.mjs hides AssemblyScript's decorators and left shifts from Prettier's
// TypeScript parser and puts them back: the mask must lose nothing on any kernel file, and
// what it hands Prettier must parse.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { formatted, maskDecorators, unmaskDecorators } from "../../scripts/format.mjs";
import { slowTest } from "../support/tier.js";

const ROOT = join(import.meta.dirname, "..", "..");

function assemblyFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? assemblyFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const files = assemblyFiles(join(ROOT, "assembly"));

describe("the AssemblyScript mask of npm run format", () => {
  it("finds the kernels", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it("masks then unmasks every kernel file to the same text", () => {
    const changed = files.filter((file) => {
      const text = readFileSync(file, "utf8");
      return unmaskDecorators(maskDecorators(text)) !== text;
    });
    expect(changed.map((file) => relative(ROOT, file))).toEqual([]);
  });

  slowTest("hands the TypeScript parser kernel files it parses", () => {
    const failing = files.flatMap((file) => {
      const source = ts.createSourceFile(file, maskDecorators(readFileSync(file, "utf8")), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
      const diagnostics = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
      return diagnostics.map((d) => `${relative(ROOT, file)}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
    });
    expect(failing).toEqual([]);
  });

  it("leaves decorators, shifts in code and shifts in comments as they were after formatting", async () => {
    const text = [
      '@external("env", "tick")',
      "declare function tick(): void;",
      "/** Packs (hi << 16 | lo). */",
      "@inline export function pack(hi:i32,lo:i32):i32 { return (hi << (<i32>(lo & 3))) | lo }",
      "",
    ].join("\n");
    const out = await formatted(join(ROOT, "assembly", "example.ts"), text);
    expect(out).toBe(
      [
        '@external("env", "tick")',
        "declare function tick(): void;",
        "/** Packs (hi << 16 | lo). */",
        "@inline export function pack(hi: i32, lo: i32): i32 {",
        "  return (hi << (<i32>(lo & 3))) | lo;",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("masks a decorator after a template with a substitution (the scanner reads the template's rest as text)", () => {
    const text = "const s = `a ${b + { c: 1 }.c} d ${e}`;\n// @ts-ignore: decorator\n@inline function f(): i32 {\n  return 1 << 2;\n}\n";
    const masked = maskDecorators(text);
    expect(masked).not.toMatch(/^@inline/m);
    expect(masked).not.toContain("1 << 2");
    expect(masked).toContain("`a ${b + { c: 1 }.c} d ${e}`");
    expect(unmaskDecorators(masked)).toBe(text);
  });

  it("refuses a file that already holds the mask's marker", () => {
    expect(() => maskDecorators("const a = 1; /*@@inline*/\n")).toThrow(/marker/);
  });
});
