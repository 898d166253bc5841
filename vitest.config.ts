import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// The suites, by what they need (README, "Tests"):
//   unit      test/unit      imports modules and the built .wasm kernels; seconds
//   cli       test/cli       spawns the built commands (dist/); a minute or two
//   property  test/property  fast-check property suites
//   slow      test/slow      long published-value runs; not part of `npm test`
// Browser, Deno/Bun and web-app suites have their own configs (Chromium from Debian).
const suite = (name: string) => ({ extends: true as const, test: { name, include: [`test/${name}/**/*.test.ts`] } });

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on these 2-core
    // machines. Most test time is spent waiting on spawned commands and kernels, so two
    // workers finish the unit suite in 45 s instead of 69 s here.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 300_000,
    hookTimeout: 300_000,
    projects: [suite("unit"), suite("cli"), suite("property"), { extends: true as const, test: { name: "slow", include: ["test/slow/**/*.test.ts"], testTimeout: 3_600_000 } }],
  },
});
