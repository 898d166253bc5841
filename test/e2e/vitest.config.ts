// End-to-end tests of the web app in Debian's Chromium (`npm run test:e2e`, after
// `npm run build` and `npm run build:web`); kept apart from `npm test` (test/unit only).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/e2e/**/*.e2e.test.ts"],
    // A page that never answers fails in 2 minutes, not 5: CI must stay short.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
