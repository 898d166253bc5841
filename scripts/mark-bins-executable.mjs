// tsc writes dist/ without the executable bit; package.json's "bin" files need it, or
// `npx count-farms` in a fresh clone can fail with "Permission denied" (npm only sets it
// when it links a package, and its npx cache may already hold an older link).
import { chmodSync, readFileSync, statSync } from "node:fs";

const root = new URL("../", import.meta.url);
const { bin } = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
for (const file of Object.values(bin)) {
  const path = new URL(file, root);
  chmodSync(path, statSync(path).mode | 0o111);
}
