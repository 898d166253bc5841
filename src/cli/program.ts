// What every tabula CLI shares: commander set up with the package version, usage errors
// mapped to exit status 2, and one-line messages for bad input.
import { Command, CommanderError, InvalidArgumentError } from "commander";
import { readFileSync } from "node:fs";
import { InputError, KernelError, UsageError } from "../errors.js";
import { OutputClosed } from "../io/output-errors.js";
import { errorLine, parserErrorLine, quote, shorten } from "../io/quote.js";
import { nearestChoice } from "../args.js";
import { parseSeed, SEED_EXPECTED } from "../core/random.js";
import { stdoutFailure } from "../io/output.js";
import { rerunUnderAddressLimit } from "./address-space.js";
import { exhaustedResource } from "./resources.js";

/** Exit statuses of every tabula command. */
export const EXIT_OK = 0;
export const EXIT_INVALID = 1; // a validator found broken rules
export const EXIT_BAD_INPUT = 2; // unreadable input or bad options
export const EXIT_INTERNAL = 3; // a bug: one line asking to report it

interface PackageJson {
  version: string;
}

function packageJson(): PackageJson {
  return JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as PackageJson;
}

export function packageVersion(): string {
  return packageJson().version;
}

/** A commander program named `name` whose parse errors exit with status 2. */
export function createProgram(name: string, description: string): Command {
  return (
    new Command(name)
      .description(description)
      .version(packageVersion(), "-V, --version")
      .option("--debug", "on an internal error, print its stack trace")
      .showHelpAfterError(false)
      .exitOverride()
      // Commander puts its "(Did you mean …?)" hint on a second line; usage errors are one line.
      // Its messages echo the offending value whole and raw: quoted, cut and escaped here.
      .configureOutput({
        outputError: (text, write) =>
          write(
            `${name}: ${parserErrorLine(
              text
                .trimEnd()
                .replace(/^error: /, "")
                .replace(/\n(?=\(Did you mean )/, " "),
            )}\n`,
          ),
      })
  );
}

/**
 * A first argument that names no command of `commands` (`pen-paper cout`): a usage error
 * with the nearest command, instead of commander's "too many arguments" or a missing file.
 */
export function unknownCommand(first: string, commands: readonly string[]): UsageError {
  const near = nearestChoice(first, commands);
  return new UsageError(`unknown command ${quote(first)} (${near ? `did you mean "${near}"? ` : ""}commands: ${commands.join(", ")})`);
}

/** Commander argument parser for whole numbers in [min, max]. */
export function integerOption(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(`expected a whole number, got ${quote(value)}`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}, got ${shorten(value.trim(), 24)}`);
    return n;
  };
}

/**
 * Refuses options given on the command line that do nothing in this run (`--qr` with
 * `-f jsonl`): a usage error naming the first and what it applies to. Defaults do not count.
 */
export function refuseInapplicable(command: Command, options: readonly string[], appliesTo: string): void {
  for (const option of options) {
    if (command.getOptionValueSource(option) === "cli") {
      const flag = command.options.find((o) => o.attributeName() === option)?.long ?? option;
      throw new UsageError(`${flag} only applies to ${appliesTo}`);
    }
  }
}

/** Commander argument parser for seeds: the one seed syntax (parseSeed), blank refused. */
export function seedOption(value: string): bigint {
  try {
    return parseSeed(value);
  } catch {
    throw new InvalidArgumentError(`expected ${SEED_EXPECTED}, got ${quote(value)}`);
  }
}

/**
 * Runs a CLI's main function and turns its outcome into an exit status: bad input,
 * usage and output errors, and problems too large for a kernel print one line `name: message` and exit 2; a closed standard
 * output ends quietly; an exhausted resource (files, memory, disk, threads, a killed
 * worker) says which and what to change, exit 2 (resources.ts); anything else is a bug: one line asking to report it, exit 3,
 * and its stack only with --debug (accepted anywhere on the command line).
 */
export async function runMain(name: string, main: () => Promise<number | void>): Promise<void> {
  if (rerunUnderAddressLimit()) return; // the run happened in a child that fits the limit
  const debug = process.argv.includes("--debug");
  if (debug) process.argv = process.argv.filter((arg) => arg !== "--debug");
  const fail = (error: unknown): number => {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_BAD_INPUT; // commander printed it
    if (error instanceof OutputClosed) return EXIT_OK;
    // A problem too large for a kernel (out of memory, past a limit) is the user's to change;
    // a broken kernel invariant is a bug like any other.
    if (error instanceof InputError || error instanceof UsageError || (error instanceof KernelError && error.code !== "invariant-broken")) {
      process.stderr.write(`${name}: ${errorLine(error.message)}\n`);
      return EXIT_BAD_INPUT;
    }
    const exhausted = exhaustedResource(error);
    if (exhausted !== undefined) {
      process.stderr.write(`${name}: ${exhausted}\n`);
      return EXIT_BAD_INPUT;
    }
    const what = error instanceof Error ? `${error.name}: ${error.message.split("\n")[0]!.slice(0, 200)}` : String(error).slice(0, 200);
    // No public tracker exists yet, so say what a useful report holds instead of where to send it.
    const report = debug ? "the command line and the trace below" : "the command line and what it prints when run again with --debug";
    process.stderr.write(`${name}: internal error (${errorLine(what, 200)}); this is a bug: please report it with ${report}\n`);
    if (debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    return EXIT_INTERNAL;
  };
  // Write errors on stdout outside a pipeline (a closed pipe, a full disk): one line or a quiet end.
  process.stdout.on("error", (error) => process.exit(fail(stdoutFailure(error))));
  try {
    process.exitCode = (await main()) ?? EXIT_OK;
  } catch (error) {
    process.exitCode = fail(error);
  }
}
