// The worker side of src/workers/, and how the library's typed errors cross a thread
// boundary. A class thrown in a worker arrives on the calling thread as a plain Error (the
// CLI would call it a bug, exit 3), so a worker answers with data instead: its result, or
// the typed error's fields, which the calling thread throws again as the same class.
// No Node imports: a worker of any kind (a pool's, the housie ring's) may use it.
import { InputError, KernelError, UsageError, type KernelErrorCode } from "../errors.js";

/** A typed error as plain data (structured-cloneable). */
export type CarriedError =
  | { usageError: string }
  | { inputError: { problem: string; file?: string; line?: number; expected?: string } }
  | { kernelError: { kernel: string; code: KernelErrorCode; message: string } };

/** What a pool task answers: its value, or the typed error it threw. */
export type TaskReply<R> = { value: R } | { error: CarriedError };

/** A typed error's data, or undefined for any other throw (a bug: it crosses as it is). */
export function carryError(error: unknown): CarriedError | undefined {
  if (error instanceof UsageError) return { usageError: error.message };
  if (error instanceof InputError) return { inputError: { problem: error.problem, file: error.file, line: error.line, expected: error.expected } };
  if (error instanceof KernelError) return { kernelError: { kernel: error.kernel, code: error.code, message: error.message } };
  return undefined;
}

/** The typed error `carried` stands for, to throw again on the calling thread. */
export function carriedError(carried: CarriedError): UsageError | InputError | KernelError {
  if ("usageError" in carried) return new UsageError(carried.usageError);
  if ("inputError" in carried) {
    const { problem, file, line, expected } = carried.inputError;
    return new InputError(problem, { file, line }, expected);
  }
  const { kernel, code, message } = carried.kernelError;
  const error = new KernelError(kernel, code, "");
  error.message = message;
  return error;
}

/** A pool worker's default export: `work` with its typed errors answered as data (see runPool). */
export function poolTask<T, R>(work: (task: T) => R): (task: T) => TaskReply<R> {
  return (task) => {
    try {
      return { value: work(task) };
    } catch (error) {
      const carried = carryError(error);
      if (carried) return { error: carried };
      throw error;
    }
  };
}
