// Standard input in non-blocking mode (a pipe or a terminal that Node made non-blocking)
// answers a synchronous read with EAGAIN until data comes. The synchronous readers then
// wait a moment before asking again, instead of asking at once and spinning a core for as
// long as the writer takes (for ever, if it never writes nor closes).
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Blocks the calling thread for about `ms` milliseconds (the readers that call it are synchronous). */
export function waitForInput(ms = 5): void {
  Atomics.wait(pause, 0, 0, ms);
}
