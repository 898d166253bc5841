// `npm run golden:update`: rewrites every file of test/golden/ from the built CLIs of this
// tree (run `npm run build` first). Review the diff: a changed golden file is a changed output.
import { writeFileSync } from "node:fs";
import { GOLDEN_CASES, goldenPath, runGoldenCase } from "./cases.js";

for (const golden of GOLDEN_CASES) {
  writeFileSync(goldenPath(golden), await runGoldenCase(golden));
  console.log(`golden: ${golden.file}`);
}
