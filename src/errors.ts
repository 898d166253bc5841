// Typed errors shared by the parsers, the API and the CLIs.

/** Where in an input a problem was found. Lines are 1-based. */
export interface InputLocation {
  /** The file, as named on the command line. */
  file?: string;
  /** The 1-based line. */
  line?: number;
}

/**
 * Bad input: carries the location, what is wrong and what was expected, and renders as
 * one line: `file:line: what is wrong (expected ...)`.
 *
 * @example
 * ```ts
 * import { InputError, parseFarmRow } from "tabula-grids";
 *
 * let caught;
 * try {
 *   parseFarmRow("2 1 0 x 2 2 1", 3);
 * } catch (error) {
 *   caught = error;
 * }
 * caught instanceof InputError; // true
 * caught.line; // 3
 * new InputError("a row of 6 symbols", { file: "farm.txt", line: 2 }, "7 symbols").message; // "farm.txt:2: a row of 6 symbols (expected 7 symbols)"
 * ```
 */
export class InputError extends Error {
  override readonly name = "InputError";
  /** The file the input came from, when known. */
  readonly file?: string;
  /** The 1-based line of the problem, when known. */
  readonly line?: number;
  /** What is wrong, in words. */
  readonly problem: string;
  /** What was expected instead. */
  readonly expected?: string;

  /**
   * @param problem what is wrong, in words
   * @param where the file and 1-based line, when known
   * @param expected what was expected instead
   */
  constructor(problem: string, where: InputLocation = {}, expected?: string) {
    super(InputError.format(problem, where, expected));
    this.file = where.file;
    this.line = where.line;
    this.problem = problem;
    this.expected = expected;
  }

  /** The same error located in `file` (parsers throw without knowing the file name). */
  inFile(file: string): InputError {
    return new InputError(this.problem, { file, line: this.line }, this.expected);
  }

  static format(problem: string, where: InputLocation, expected?: string): string {
    const place = [where.file, where.line !== undefined ? String(where.line) : undefined].filter((part) => part !== undefined).join(":");
    const tail = expected ? ` (expected ${expected})` : "";
    return `${place ? `${place}: ` : ""}${problem}${tail}`;
  }
}

/**
 * A request the library cannot serve: bad options, unsupported sizes, impossible counts.
 *
 * @example
 * ```ts
 * import { countTours, UsageError } from "tabula-grids";
 *
 * let caught;
 * try {
 *   countTours({ size: 5, moves: [[1, 2]] }); // countTours counts pen-and-paper tours: moves is not its option
 * } catch (error) {
 *   caught = error;
 * }
 * caught instanceof UsageError; // true
 * ```
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Why a WASM kernel failed: its memory could not grow, a value outgrew the kernel's fixed widths, or a bug. */
export type KernelErrorCode = "out-of-memory" | "limit-exceeded" | "invariant-broken";

const KERNEL_ERROR_TEXT: Record<KernelErrorCode, string> = {
  "out-of-memory": "ran out of memory",
  "limit-exceeded": "exceeded a fixed limit",
  "invariant-broken": "broke an internal invariant (a bug in tabula)",
};

/**
 * A failure inside a WASM kernel, typed by `code`. Out of memory and limit exceeded mean
 * the instance is too large for that kernel (the TS engine may still serve it); invariant
 * broken is a bug.
 *
 * @example
 * ```ts
 * import { KernelError } from "tabula-grids";
 *
 * const error = new KernelError("tables", "out-of-memory", "layer 9 needs 6 GiB");
 * error.message; // "the tables kernel ran out of memory: layer 9 needs 6 GiB"
 * error.code === "out-of-memory" || error.code === "limit-exceeded"; // true: too large for the kernel, the TS engine may still serve it
 * ```
 */
export class KernelError extends Error {
  override readonly name = "KernelError";
  /** The kernel that failed: "farms", "tables", "housie" or "tours". */
  readonly kernel: string;
  /** Why it failed. */
  readonly code: KernelErrorCode;

  /**
   * @param kernel the kernel that failed: "farms", "tables", "housie" or "tours"
   * @param code why it failed
   * @param detail what the kernel was doing, for the message
   */
  constructor(kernel: string, code: KernelErrorCode, detail: string) {
    super(`the ${kernel} kernel ${KERNEL_ERROR_TEXT[code]}: ${detail}`);
    this.kernel = kernel;
    this.code = code;
  }
}
