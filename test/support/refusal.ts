// The message of the UsageError a call throws; the test fails if it throws anything else or nothing.
import { expect } from "vitest";
import { UsageError } from "../../src/errors.js";

export function usageMessage(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("expected a UsageError, but the call returned");
}
