// test/runtimes/smoke.mjs under Deno and Bun, when their binaries are there (DENO / BUN
// name them, else `deno` / `bun` on the PATH); skipped otherwise. Run by npm run test:browser.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { ROOT } from "../support/cli-run.js";

const RUNTIMES = [
  { name: "deno", binary: process.env.DENO ?? "deno", args: ["run", "--allow-read", "--allow-env"] },
  { name: "bun", binary: process.env.BUN ?? "bun", args: [] },
];

const runs = (binary: string) => spawnSync(binary, ["--version"], { encoding: "utf8" }).status === 0;

describe.each(RUNTIMES)("tabula under $name", ({ binary, args }) => {
  it.skipIf(!runs(binary))("answers every kernel's smoke checks as Node does", () => {
    const result = spawnSync(binary, [...args, "test/runtimes/smoke.mjs"], { cwd: ROOT, encoding: "utf8" });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.split("\n").filter((line) => line.startsWith("ok "))).toHaveLength(6);
  });
});
