#!/usr/bin/env node
// Runs the README's command examples as a newcomer would: packs this package (built
// first: npm run build), installs the tarball in a fresh scratch folder (the npm registry
// supplies the dependencies), and runs every `$ command` of the README's ```console
// blocks there with bash, in order, comparing its output (stdout and stderr together)
// with the lines printed under it. Prints one line per difference and exits 1 if there
// is any; the repository gets no new files. Usage: node scripts/check-readme-examples.mjs [--keep]
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const keep = process.argv.includes("--keep");

/** The README's console examples: each command with the output printed under it. */
export function consoleExamples(markdown) {
  const examples = [];
  for (const block of markdown.matchAll(/```console\n([\s\S]*?)\n```/g)) {
    const start = markdown.slice(0, block.index).split("\n").length + 1;
    block[1].split("\n").forEach((line, i) => {
      if (line.startsWith("$ ")) examples.push({ line: start + i, command: line.slice(2), output: [] });
      else examples.at(-1)?.output.push(line);
    });
  }
  return examples;
}

function main() {
  const scratch = mkdtempSync(join(tmpdir(), "tabula-readme-"));
  try {
    const tarball = execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", scratch], { cwd: ROOT, encoding: "utf8" }).trim().split("\n").at(-1);
    writeFileSync(join(scratch, "package.json"), '{ "name": "scratch", "private": true }\n');
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--silent", join(scratch, tarball)], { cwd: scratch, stdio: ["ignore", "ignore", "inherit"] });
    const examples = consoleExamples(readFileSync(join(ROOT, "README.md"), "utf8"));
    let failures = 0;
    for (const { line, command, output } of examples) {
      const r = spawnSync("bash", ["-c", `exec 2>&1\n${command}`], { cwd: scratch, encoding: "utf8", env: { ...process.env, npm_config_loglevel: "error", npm_config_update_notifier: "false" } });
      const actual = r.stdout.replace(/\s+$/, "").split("\n").map((l) => l.replace(/\s+$/, ""));
      const expected = output.map((l) => l.replace(/\s+$/, ""));
      const same = expected.length === 0 ? r.stdout.trim() === "" : actual.join("\n") === expected.join("\n");
      if (!same) {
        failures++;
        console.log(`README.md:${line}: $ ${command}\n  printed:\n${expected.map((l) => `    ${l}`).join("\n")}\n  got:\n${actual.map((l) => `    ${l}`).join("\n")}`);
      }
    }
    console.log(`${examples.length} README commands run in ${keep ? scratch : "a scratch folder"}: ${failures ? `${failures} differ` : "all print what the README shows"}`);
    return failures ? 1 : 0;
  } finally {
    if (!keep) rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
