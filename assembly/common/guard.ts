// Arguments the host passes in are checked once, here in the kernel, at every exported
// setter: a value past a fixed array stops the call with "limit-exceeded: …" (a
// KernelError of that code on the host, see src/wasm/load.ts) instead of writing over the
// kernel's static data. The checks run once per call of a setter, never in a hot loop.

/** Stops the kernel unless lo <= value <= hi; `what` says which limit, for the host's message. */
// @ts-ignore: decorator
@inline export function within(value: i32, lo: i32, hi: i32, what: string): void {
  if (value < lo || value > hi) abort(what);
}
