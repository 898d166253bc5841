import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/unit/**/*.test.ts", "test/cli/**/*.test.ts", "test/property/**/*.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
