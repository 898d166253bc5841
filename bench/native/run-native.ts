// Builds and runs a native C reference kernel from bench/native/ when a C compiler is on
// the machine, so a bench can set WASM against native code in the same run.
import { execFileSync, spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Compiles bench/native/<name>.c with -O3 -march=native; undefined without a compiler. */
export function buildNative(name: string): string | undefined {
  const binary = join(tmpdir(), `tabula-native-${name}`);
  const result = spawnSync("cc", ["-O3", "-march=native", "-o", binary, `bench/native/${name}.c`], { encoding: "utf8" });
  return result.status === 0 ? binary : undefined;
}

/** Runs the binary with `args`; it prints "<result> <median ms>". */
export function runNative(binary: string, args: string[]): { result: string; medianMs: number } {
  const [result, ms] = execFileSync(binary, args, { encoding: "utf8" }).trim().split(/\s+/);
  return { result: result!, medianMs: Number(ms) };
}
