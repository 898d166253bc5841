// The "skip when nothing changed" bookkeeping shared by build-wasm.mjs, tsc-incremental.mjs
// and lint.mjs: a sha256 digest over named files' paths and contents, and a stamp file that
// holds the digest of the last run that succeeded (content hashes, not dates, so a touch or
// a branch switch back and forth rebuilds nothing).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The digest of `files` (paths relative to `root`, hashed in the order given) and of `extra` text. */
export function digestOf(root, files, extra = "") {
  const hash = createHash("sha256").update(extra);
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(join(root, file)));
  return hash.digest("hex");
}

/** Whether `stamp` holds `digest` (the inputs are those of the last run that succeeded). */
export function stampMatches(stamp, digest) {
  return existsSync(stamp) && readFileSync(stamp, "utf8").trim() === digest;
}

/** Forgets the last run: a run that then fails leaves no stamp behind. */
export function clearStamp(stamp) {
  rmSync(stamp, { force: true });
}

/** Records a run that succeeded. */
export function writeStamp(stamp, digest) {
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${digest}\n`);
}
