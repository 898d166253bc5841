// What every tabula CLI shares: commander set up with the package version, usage errors
// mapped to exit status 2, and one-line messages for bad input.
import { Command, CommanderError, InvalidArgumentError } from "commander";
import { readFileSync } from "node:fs";
import { InputError, KernelError, UsageError } from "../errors.js";

/** Exit statuses of every tabula command. */
export const EXIT_OK = 0;
export const EXIT_INVALID = 1; // a validator found broken rules
export const EXIT_BAD_INPUT = 2; // unreadable input or bad options

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}

/** A commander program named `name` whose parse errors exit with status 2. */
export function createProgram(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .version(packageVersion(), "-V, --version")
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`${name}: ${text.replace(/^error: /, "")}`) });
}

/** Commander argument parser for whole numbers in [min, max]. */
export function integerOption(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(`expected a whole number, got "${value}"`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}, got ${value}`);
    return n;
  };
}

/**
 * Runs a CLI's main function and turns its outcome into an exit status: bad input, usage
 * errors and instances too large for a kernel (KernelError out of memory or limit
 * exceeded) print one line `name: message` and exit 2; anything else (a broken kernel
 * invariant included) is a bug and prints its stack with exit 1.
 */
export async function runMain(name: string, main: () => Promise<number | void>): Promise<void> {
  try {
    process.exitCode = (await main()) ?? EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      // help and version exit 0; commander already printed its message.
      process.exitCode = error.exitCode === 0 ? EXIT_OK : EXIT_BAD_INPUT;
    } else if (error instanceof InputError || error instanceof UsageError || (error instanceof KernelError && error.code !== "invariant-broken")) {
      process.stderr.write(`${name}: ${error.message}\n`);
      process.exitCode = EXIT_BAD_INPUT;
    } else {
      process.stderr.write(`${name}: internal error: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  }
}

/** Reads a named file, or standard input for "-", as text; missing files are InputErrors. */
export function readInputText(file: string): string {
  try {
    return readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : `cannot read (${code ?? "error"})`;
    throw new InputError(why, { file: file === "-" ? "<stdin>" : file });
  }
}
