import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// The suites, by what they need (README, "Tests"):
//   unit      test/unit      imports modules and the built .wasm kernels; seconds
//             (with unit-isolated: the unit files that load a kernel's test build)
//   cli       test/cli       spawns the built commands (dist/); a minute or two
//   property  test/property  fast-check property suites
//   slow      test/slow      costly cases moved out of `npm test` to keep it fast; CI runs them
//   long      test/long      long published-value runs (minutes to an hour); neither `npm test` nor CI
// Browser, Deno/Bun and web-app suites have their own configs (Chromium from Debian).
const suite = (name: string) => ({ extends: true as const, test: { name, include: [`test/${name}/**/*.test.ts`] } });

// Unit test files that load a kernel's test build (test/support/test-kernels.ts): it must be
// loaded before anything loads that kernel's release build, so they run in a project of
// their own, whose setup file loads every test build first; they then share one module graph
// per worker too (a fresh one per file cost about 4 s of CPU more). The other unit files
// share one per worker (isolate: false): the kernels and modules are compiled once per
// worker instead of once per file (about 40% of the unit suite's CPU time here).
const UNIT = new URL("./test/unit/", import.meta.url);
const KERNEL_HOOKS = readdirSync(UNIT)
  .filter((file) => file.endsWith(".test.ts") && readFileSync(new URL(file, UNIT), "utf8").includes("support/test-kernels"))
  .map((file) => `test/unit/${file}`);

// Files with costly tests marked slowTest, or sized by SLOW (test/support/tier.ts): the slow
// project runs them whole with TABULA_SLOW=1, so those tests run there (at full size) and are
// skipped (or smaller) in npm test.
const SLOW_MARKED = ["unit", "cli", "property"].flatMap((dir) => {
  const folder = new URL(`./test/${dir}/`, import.meta.url);
  return readdirSync(folder)
    .filter((file) => file.endsWith(".test.ts") && /\b(slowTest|SLOW)\b/.test(readFileSync(new URL(file, folder), "utf8")))
    .map((file) => `test/${dir}/${file}`);
});

// Vitest runs the projects' files project by project, by name: the unit-isolated files (few,
// long: each loads kernels' test builds afresh) came last, and `npm test` ended with one
// worker on them while the other had nothing left to run. Long work first, short last:
// unit-isolated, then the CLI files, property, and the many short unit files at the end;
// within a project, vitest's own order (slowest first from its cache, else largest first).
const PROJECT_ORDER = ["unit-isolated", "cli", "property", "unit"];
class LongProjectsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = PROJECT_ORDER.indexOf(file.project.name);
      return i < 0 ? PROJECT_ORDER.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on these 2-core
    // machines. Most test time is spent waiting on spawned commands and kernels, so two
    // workers finish the unit suite in 45 s instead of 69 s here.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 300_000,
    hookTimeout: 300_000,
    sequence: { sequencer: LongProjectsFirst },
    // One scratch folder per run for every mkdtemp, removed at its end (test/support/scratch-root.ts).
    globalSetup: ["test/support/scratch-root.ts"],
    // Each worker asks the main process for every module it imports, compiled from TypeScript
    // afresh on every run; kept on disk (node_modules/.experimental-vitest-cache, by content)
    // a second npm test skips it: the unit suite about 6 s of CPU less (67 to 61 s, twice in
    // a row at a load of 13). The first run after a clone or an edit still compiles what changed.
    experimental: { fsModuleCache: true },
    projects: [
      { extends: true as const, test: { name: "unit", include: ["test/unit/**/*.test.ts"], exclude: KERNEL_HOOKS, isolate: false } },
      { extends: true as const, test: { name: "unit-isolated", include: KERNEL_HOOKS, isolate: false, setupFiles: ["test/support/load-test-kernels.ts"] } },
      // The CLI files spawn the built commands and share no state through modules: one module
      // graph per worker (isolate: false) spares a fresh worker per file (~0.3 s CPU each).
      { extends: true as const, test: { name: "cli", include: ["test/cli/**/*.test.ts"], isolate: false } },
      suite("property"),
      { extends: true as const, test: { name: "slow", include: ["test/slow/**/*.test.ts", ...SLOW_MARKED], env: { TABULA_SLOW: "1" } } },
      { extends: true as const, test: { name: "long", include: ["test/long/**/*.test.ts"], testTimeout: 3_600_000 } },
    ],
  },
});
