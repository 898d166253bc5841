// Runs one built CLI many times in this one Node process (test/support/cli-run.ts's
// runCliBatch spawns it): each case sets process.argv, imports the CLI's file afresh
// (a new URL each time, so its top-level `await runMain(…)` runs again while the modules
// it imports are loaded once), and records what it wrote to standard output and error and
// the exit status runMain set. Start-up and module loading, most of a spawned run's time,
// are paid once per batch instead of once per case.
// Usage: node cli-batch-runner.mjs <file of the CLI> < JSON array of argument arrays;
// prints a JSON array of { status, stdout, stderr } on standard output.
import { readFileSync, writeSync } from "node:fs";
import { pathToFileURL } from "node:url";

const bin = process.argv[2];
const url = pathToFileURL(bin).href;
const cases = JSON.parse(readFileSync(0, "utf8"));
const results = [];

const text = (chunk, encoding) => (typeof chunk === "string" ? chunk : Buffer.from(chunk).toString(typeof encoding === "string" ? encoding : "utf8"));
/** Replaces `stream.write` by one that appends to `sink.text`; returns the original. */
function capture(stream, sink) {
  const write = stream.write;
  stream.write = (chunk, encoding, callback) => {
    sink.text += text(chunk, encoding);
    const done = typeof encoding === "function" ? encoding : callback;
    if (done) process.nextTick(done);
    return true;
  };
  return write;
}

/** The listeners of each event of the emitters a run may listen on, to restore after it. */
const EMITTERS = [process, process.stdout, process.stderr];
const listenersOf = (emitter) => new Map(emitter.eventNames().map((name) => [name, emitter.listeners(name)]));
/** Removes the listeners a run added (runMain adds an error listener to standard output, a
 * command may add close listeners): each case starts with the emitters as a new process has them. */
function removeAddedListeners(before) {
  EMITTERS.forEach((emitter, i) => {
    for (const name of emitter.eventNames()) {
      const kept = before[i].get(name) ?? [];
      for (const listener of emitter.listeners(name)) if (!kept.includes(listener)) emitter.off(name, listener);
    }
  });
}

const exit = process.exit;
// A CLI that ends the process itself would end the batch: report it as a failure of the case.
process.exit = (code) => {
  throw new Error(`process.exit(${code}) called inside a batched run`);
};

for (const [i, args] of cases.entries()) {
  const out = { text: "" };
  const err = { text: "" };
  const listeners = EMITTERS.map(listenersOf);
  process.argv = [process.execPath, bin, ...args];
  process.exitCode = undefined;
  const stdoutWrite = capture(process.stdout, out);
  const stderrWrite = capture(process.stderr, err);
  let crash;
  try {
    await import(`${url}?case=${i}`);
    await new Promise((resolve) => setImmediate(resolve)); // writes queued by the last step
  } catch (error) {
    crash = error;
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
    removeAddedListeners(listeners);
  }
  if (crash) err.text += `cli-batch-runner: the run threw: ${crash?.stack ?? crash}\n`;
  results.push({ status: crash ? null : (process.exitCode ?? 0), stdout: out.text, stderr: err.text });
}

process.exitCode = 0;
writeSync(1, JSON.stringify(results));
exit.call(process, 0);
