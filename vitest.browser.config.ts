import { defineConfig } from "vitest/config";

// The browser tests (test/browser/**): each drives Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ["test/browser/**/*.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
