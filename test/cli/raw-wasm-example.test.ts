// examples/raw-wasm.mjs (docs/wasm-abi.md's runnable example) prints the first contest answer.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { ROOT } from "../support/cli-run.js";

describe("examples/raw-wasm.mjs", () => {
  it("instantiates tabula-grids/wasm/farms with plain WebAssembly.instantiate and prints 4909920", () => {
    const result = spawnSync(process.execPath, ["examples/raw-wasm.mjs"], { cwd: ROOT, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("4909920\n");
  });
});
