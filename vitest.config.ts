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
    testTimeout: 300_000,
    hookTimeout: 300_000,
    projects: [suite("unit"), suite("cli"), suite("property"), { extends: true as const, test: { name: "slow", include: ["test/slow/**/*.test.ts"], testTimeout: 3_600_000 } }],
  },
});
