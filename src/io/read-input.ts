// One synchronous read of a file or standard input. Standard input in non-blocking mode (a
// pipe or a terminal that Node made non-blocking) answers with EAGAIN until data comes: the
// read waits a moment and asks again, instead of asking at once and spinning a core for as
// long as the writer takes (for ever, if it never writes nor closes).
import { readSync } from "node:fs";

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Up to `length` bytes from `fd` into `buffer` at `offset`, from the current position: the
 * count read, 0 at the end (also Windows' "EOF" error). Other errors are thrown as they are.
 */
export function readInput(fd: number, buffer: Uint8Array, offset: number, length: number): number {
  for (;;) {
    try {
      return readSync(fd, buffer, offset, length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EOF") return 0;
      if (code !== "EAGAIN") throw error;
      Atomics.wait(pause, 0, 0, 5); // nothing written yet: wait 5 ms (the callers are synchronous)
    }
  }
}
