// npm runs this before `npm publish` (prepublishOnly): it refuses to publish until the
// package has what the registry page needs. The README links to BENCHMARKS.md and docs/
// by relative paths, which the registry resolves only against a `repository`, and the
// name "tabula" already belongs to another project on the npm registry (trentm's
// node-tabula, checked 2026-11-23), so publishing needs a name (or scope) of our own and
// the project's public address first — decisions, not code.
import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const missing = [];
if (pkg.name === "tabula") missing.push('a package name of our own ("tabula" is taken on the npm registry; e.g. a scope: "@<org>/tabula")');
for (const field of ["repository", "homepage", "bugs"]) if (!pkg[field]) missing.push(`"${field}" (the README's relative links resolve against it)`);
if (missing.length > 0) {
  console.error(`check-publishable: not ready to publish; package.json needs ${missing.join(", ")}`);
  process.exit(2);
}
