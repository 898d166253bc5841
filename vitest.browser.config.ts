import { defineConfig } from "vitest/config";

// The browser tests (test/browser/**: Debian's Chromium through playwright-core) and the
// Deno/Bun smoke tests (test/runtimes/**, skipped where those runtimes are missing).
export default defineConfig({
  test: {
    include: ["test/browser/**/*.test.ts", "test/runtimes/**/*.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
