// Vitest's global setup: every test's scratch folders (mkdtemp under tmpdir(), in the tests
// and in the commands they spawn) go in one folder of this run, removed when the run ends.
// Tests that fail or are stopped leave nothing behind past the run, and no test file needs
// its own clean-up hooks. (Each project runs the global setup: the first one makes the folder.)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const MADE = "TABULA_TEST_SCRATCH";

export default function setup(): () => void {
  if (process.env[MADE]) return () => {};
  const root = mkdtempSync(join(tmpdir(), "tabula-tests-"));
  process.env.TMPDIR = root;
  process.env[MADE] = root;
  return () => {
    rmSync(root, { recursive: true, force: true });
    delete process.env[MADE];
  };
}
