import { defineConfig } from "vitest/config";

// `npm run test:slow`: long runs kept out of `npm test`.
export default defineConfig({
  test: {
    include: ["test/slow/**/*.test.ts"],
    testTimeout: 1_800_000,
  },
});
