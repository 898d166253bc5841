#!/usr/bin/env node
// Runs the README's command examples as a newcomer would: packs this package (built
// first: npm run build), installs the tarball in a fresh scratch folder (the npm registry
// supplies the dependencies), and runs every `$ command` of the README's ```console
// blocks there with bash, in order, comparing its output (stdout and stderr together)
// with the lines printed under it. Prints one line per difference and exits 1 if there
// is any; the repository gets no new files. Usage: node scripts/check-readme-examples.mjs [--keep] [FILE.md …]
// (default README.md). A guide's job scripts — the `command:` of a ```yaml block and the
// command lines of a ```bash block (docs/shards.md's Kubernetes and Slurm recipes) — are
// run too, with their part index set to 0, and must be accepted: still running after
// JOB_SECONDS, or done with exit 0 (a refusal is at once and exits 2).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const keep = process.argv.includes("--keep");
const docs = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const JOB_SECONDS = 10;
/** Figures that differ from run to run, made equal before comparing. */
const normalise = (line) => line.replace(/"microseconds":\d+/g, '"microseconds":N');

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

/** A guide's job scripts: each `command: [..., "CMD"]` of a ```yaml block, each command line of a ```bash block. */
export function jobCommands(markdown) {
  const jobs = [];
  for (const block of markdown.matchAll(/```(yaml|bash)\n([\s\S]*?)\n```/g)) {
    const start = markdown.slice(0, block.index).split("\n").length + 1;
    block[2].split("\n").forEach((line, i) => {
      const yaml = /^\s*command:\s*\[.*"([^"]+)"\]\s*$/.exec(line);
      const command = block[1] === "yaml" ? yaml?.[1] : /^\s*(#|$)/.test(line) ? undefined : line.trim();
      if (command) jobs.push({ line: start + i, command: command.replace(/\$\{?(JOB_COMPLETION_INDEX|SLURM_ARRAY_TASK_ID)\}?/g, "0") });
    });
  }
  return jobs;
}

/** Runs one document's console examples and job scripts in `scratch`; prints each difference. */
function checkDoc(doc, scratch, env) {
  const markdown = readFileSync(join(ROOT, doc), "utf8");
  const examples = consoleExamples(markdown);
  const jobs = jobCommands(markdown);
  let failures = 0;
  for (const { line, command, output } of examples) {
    const r = spawnSync("bash", ["-c", `exec 2>&1\n${command}`], { cwd: scratch, encoding: "utf8", env });
    const actual = r.stdout
      .replace(/\s+$/, "")
      .split("\n")
      .map((l) => normalise(l.replace(/\s+$/, "")));
    const expected = output.map((l) => normalise(l.replace(/\s+$/, "")));
    const same = expected.length === 0 ? r.stdout.trim() === "" : actual.join("\n") === expected.join("\n");
    if (!same) {
      failures++;
      console.log(
        `${doc}:${line}: $ ${command}\n  printed:\n${expected.map((l) => `    ${l}`).join("\n")}\n  got:\n${actual.map((l) => `    ${l}`).join("\n")}`,
      );
    }
  }
  for (const { line, command } of jobs) {
    const r = spawnSync("timeout", [String(JOB_SECONDS), "bash", "-c", `exec 2>&1\n${command}`], { cwd: scratch, encoding: "utf8", env });
    if (r.status !== 0 && r.status !== 124) {
      failures++;
      console.log(`${doc}:${line}: ${command}\n  refused (exit ${r.status}): ${r.stdout.trim()}`);
    }
  }
  return { count: examples.length + jobs.length, failures };
}

function main() {
  const scratch = mkdtempSync(join(tmpdir(), "tabula-readme-"));
  try {
    const tarball = execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", scratch], { cwd: ROOT, encoding: "utf8" })
      .trim()
      .split("\n")
      .at(-1);
    writeFileSync(join(scratch, "package.json"), '{ "name": "scratch", "private": true }\n');
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--silent", join(scratch, tarball)], { cwd: scratch, stdio: ["ignore", "ignore", "inherit"] });
    const env = {
      ...process.env,
      PATH: `${join(scratch, "node_modules", ".bin")}:${process.env.PATH}`,
      npm_config_loglevel: "error",
      npm_config_update_notifier: "false",
    };
    const files = docs.length ? docs : ["README.md"];
    let count = 0;
    let failures = 0;
    for (const doc of files) {
      const r = checkDoc(doc, scratch, env);
      count += r.count;
      failures += r.failures;
    }
    console.log(
      `${count} commands of ${files.join(", ")} run in ${keep ? scratch : "a scratch folder"}: ${failures ? `${failures} differ` : "all print what the docs show"}`,
    );
    return failures ? 1 : 0;
  } finally {
    if (!keep) rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
