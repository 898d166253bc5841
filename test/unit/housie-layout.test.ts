// The housie room's shape (docs/architecture.md): the record model imports nothing else
// of the room, and the folder diagram names every folder and file of src/housie.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const HOUSIE = join(ROOT, "src/housie");

/** The relative module specifiers a file imports or re-exports. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)"(\.[^"]+)"/g)].map((m) => m[1]!);
}

describe("src/housie", () => {
  it("model/ imports nothing of the room outside model/", () => {
    const model = join(HOUSIE, "model");
    const outside: string[] = [];
    for (const name of readdirSync(model)) {
      for (const spec of relativeImports(join(model, name))) {
        const target = resolve(model, spec);
        if (target.startsWith(HOUSIE + "/") && !target.startsWith(model + "/")) outside.push(`${name} imports ${spec}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it("docs/architecture.md names every folder and file of src/housie", () => {
    const doc = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
    const diagram = doc.slice(doc.indexOf("  housie/ "), doc.indexOf("  cli/ "));
    const missing: string[] = [];
    for (const entry of readdirSync(HOUSIE, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!diagram.includes(`    ${entry.name}/ `)) missing.push(`${entry.name}/`);
        for (const file of readdirSync(join(HOUSIE, entry.name))) {
          if (file.endsWith(".ts") && !file.endsWith(".d.ts") && !diagram.includes(file)) missing.push(relative(HOUSIE, join(HOUSIE, entry.name, file)));
        }
      } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") && !diagram.includes(entry.name)) {
        missing.push(entry.name);
      }
    }
    expect(missing).toEqual([]);
  });
});
