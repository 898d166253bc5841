// Costly tests kept out of `npm test` so that it stays fast, but not dropped: `slowTest`
// is vitest's `test` in the `slow` project (`npm run test:slow`, which CI runs after
// `npm test`; its config sets TABULA_SLOW=1 and takes every file that uses slowTest) and
// `test.skip` everywhere else, so `npm test` lists them as skipped.
import { test } from "vitest";

/**
 * True in the slow project (`npm run test:slow`). A test that sweeps a range runs part of it
 * in npm test and the whole of it here (`SLOW ? 10 : 8`); a file that uses SLOW is in the slow
 * project like one that uses slowTest.
 */
export const SLOW = process.env.TABULA_SLOW === "1";

/** A test that runs only in the slow project; `slowTest.each` as `test.each`. */
export const slowTest = (SLOW ? test : test.skip) as unknown as typeof test;
