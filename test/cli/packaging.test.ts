// Issue 13, item 22: what the published package promises is there.
import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../support/cli-run.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Record<string, unknown> & {
  files: string[];
  engines: { node: string };
};

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe("packaging", () => {
  it("ships the LICENSE its license field promises", () => {
    expect(pkg.license).toBe("MIT");
    expect(readFileSync(join(ROOT, "LICENSE"), "utf8")).toMatch(/^MIT License\n/);
    expect(pkg.files).toContain("LICENSE");
  });

  it("names no made-up repository: the fields wait for the project's public address", () => {
    // A repository/homepage/bugs URL that does not exist would send users nowhere.
    for (const field of ["repository", "homepage", "bugs"]) expect(pkg[field], field).toBeUndefined();
  });

  it('is published as tabula-grids (the registry\'s "tabula" is another project)', () => {
    expect(pkg.name).toBe("tabula-grids");
  });

  it("refuses to publish a tree that was never built", () => {
    expect((pkg.scripts as Record<string, string>).prepublishOnly).toBe("node scripts/check-publishable.mjs");
    const built = spawnSync(process.execPath, [join(ROOT, "scripts/check-publishable.mjs")], { encoding: "utf8" });
    expect(built.stderr).toBe("");
    expect(built.status).toBe(0);
    // A copy of the script beside a package.json whose files are missing is refused in one line.
    const bare = mkdtempSync(join(tmpdir(), "publishable-"));
    mkdirSync(join(bare, "scripts"));
    copyFileSync(join(ROOT, "scripts/check-publishable.mjs"), join(bare, "scripts/check-publishable.mjs"));
    writeFileSync(join(bare, "package.json"), JSON.stringify({ name: pkg.name, main: pkg.main, bin: pkg.bin }));
    const refused = spawnSync(process.execPath, [join(bare, "scripts/check-publishable.mjs")], { encoding: "utf8" });
    expect(refused.status).toBe(2);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toMatch(/missing dist\/index\.js, .*build\/farms\.wasm/);
    rmSync(bare, { recursive: true, force: true });
  });

  it("does not ship assembly/ (its tsconfig extends assemblyscript, a dev dependency only)", () => {
    expect(pkg.files).not.toContain("assembly");
    expect(Object.keys(pkg.dependencies as object)).not.toContain("assemblyscript");
  });

  it("every command in bin is an executable file (npx runs it directly)", () => {
    const bins = Object.values(pkg.bin as Record<string, string>);
    expect(bins).toHaveLength(4);
    for (const file of bins) {
      expect(readFileSync(join(ROOT, file), "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
      expect(statSync(join(ROOT, file)).mode & 0o111, file).toBe(0o111);
    }
  });

  it("every source map carries its sources", () => {
    const maps = filesUnder(join(ROOT, "dist")).filter((f) => f.endsWith(".js.map"));
    expect(maps.length).toBeGreaterThan(10);
    for (const map of maps) {
      const parsed = JSON.parse(readFileSync(map, "utf8")) as { sources: string[]; sourcesContent?: string[] };
      expect(parsed.sourcesContent?.length, map).toBe(parsed.sources.length);
    }
  });

  it("is ESM; engines asks for Node >= 20.19, where require() of it works too", () => {
    expect(pkg.type).toBe("module");
    expect(pkg.engines.node).toBe(">=20.19");
    const require = createRequire(import.meta.url);
    const tabula = require("tabula-grids") as { countFarm(a: string, b: string): bigint };
    expect(tabula.countFarm("2100221", "0221102")).toBe(4909920n);
  });
});
