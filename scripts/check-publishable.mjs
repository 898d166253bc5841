// npm runs this before `npm publish` (prepublishOnly): it refuses to publish a package
// without the files its exports and bins point at (a publish from a tree that was never
// built would ship a package whose every import fails). The project has no public
// repository address yet, so repository/homepage/bugs stay unset on purpose.
import { existsSync, readFileSync } from "node:fs";

const root = new URL("..", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
const wanted = [pkg.main, ...Object.values(pkg.bin ?? {})].map((p) => p.replace(/^\.\//, ""));
for (const kernel of ["farms", "housie", "tables", "tours"]) wanted.push(`build/${kernel}.wasm`);
const missing = wanted.filter((p) => !existsSync(new URL(p, root)));
if (pkg.name !== "tabula-grids") missing.unshift(`the package name "tabula-grids" (package.json says ${JSON.stringify(pkg.name)})`);
if (missing.length > 0) {
  console.error(`check-publishable: not ready to publish; missing ${missing.join(", ")} (run \`npm run build\`)`);
  process.exit(2);
}
