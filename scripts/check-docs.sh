#!/usr/bin/env bash
# The documentation step for CI (after npm ci, which builds the package): builds the
# documentation site (npm run docs, into site/), checks that every relative link and
# anchor in README.md, BENCHMARKS.md, CHANGELOG.md, docs/*.md and the site resolves, and
# that the browser bundle-size tables in BENCHMARKS.md and docs/browsers.md match a fresh
# measurement (npm run bundle-sizes rewrites them); then runs the README's commands as
# printed in a scratch folder with the packed package installed (npm run check:readme;
# its dependencies come from the npm registry, the only network use).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run check:links
node scripts/api-report.mjs --check   # the public API is the reviewed api/tabula-grids.api.md
node scripts/bundle-sizes.mjs --check > /dev/null
npm run check:readme
echo "docs: links, the API report, bundle-size tables and README examples check out"
