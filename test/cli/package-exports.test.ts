import { describe, expect, test } from "vitest";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { ROOT } from "../support/cli-run.js";

const require = createRequire(import.meta.url);

// Node's global WebAssembly, typed just enough here (our lib settings leave out the DOM types).
interface RawWasm {
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }>;
}
const { WebAssembly: rawWasm } = globalThis as unknown as { WebAssembly: RawWasm };

describe("package exports", () => {
  test("tabula-grids/wasm/farms resolves to the raw release module, which instantiates on its own", async () => {
    const path = require.resolve("tabula-grids/wasm/farms");
    expect(path.endsWith("build/farms.wasm")).toBe(true);
    const { instance } = await rawWasm.instantiate(readFileSync(path), { env: { abort: () => {} } });
    const countPublishedSets = instance.exports.countPublishedSets as (a: number, b: number) => bigint;
    // 2002211 / 2012210 packed two bits per column, column 0 lowest: 507600 / 120 sets.
    const code = (s: string) => [...s].reduce((acc, ch, c) => acc | (Number(ch) << (2 * c)), 0);
    expect(countPublishedSets(code("2002211"), code("2012210"))).toBe(4230n);
  });

  test("the package root imports from the built dist/ in plain Node", () => {
    const script = 'import { countFarm } from "tabula-grids"; console.log(String(countFarm("2100221", "0221102")));';
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("4909920\n");
  });
});
