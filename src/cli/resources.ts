// An exhausted resource (open files, memory, address space, disk, threads, a worker killed
// from outside) is the user's environment, not a bug in tabula: one line naming the
// resource and what to change, exit 2 (runMain), never "internal error … this is a bug".

/** What ran out and what to change, by the error's code or its message (Node and V8 say it in words only). */
const RESOURCES: readonly { test: (code: string, message: string) => boolean; line: string }[] = [
  {
    test: (code, message) => code === "EMFILE" || code === "ENFILE" || /\bE[MN]FILE\b|too many open files/i.test(message),
    line: "too many open files: raise the open-file limit (ulimit -n) or use fewer --threads",
  },
  {
    test: (code, message) =>
      code === "ERR_WORKER_OUT_OF_MEMORY" ||
      code === "ENOMEM" ||
      /out of memory|allocation failed|could not allocate memory|Cannot allocate memory/i.test(message),
    line: "out of memory or address space: use fewer --threads or a smaller problem, raise the limit (ulimit -v) or use a machine with more memory",
  },
  {
    test: (code) => code === "ENOSPC" || code === "EDQUOT",
    line: "no space left on the disk (or over the quota): free some space or write elsewhere",
  },
  {
    test: (code, message) =>
      code === "ERR_WORKER_INIT_FAILED" || code === "EAGAIN" || /uv_thread_create|pthread_create|Resource temporarily unavailable/i.test(message),
    line: "could not start a thread: raise the process and thread limit (ulimit -u) or use fewer --threads",
  },
  {
    test: (_code, message) => /^worker exited with code: /.test(message),
    line: "a worker thread was stopped from outside (killed, perhaps for memory): use fewer --threads or a smaller problem",
  },
];

/** The one line for an exhausted resource behind `error` (or its causes), or undefined when it is something else. */
export function exhaustedResource(error: unknown): string | undefined {
  for (let e = error, depth = 0; e !== null && e !== undefined && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = typeof (e as { code?: unknown }).code === "string" ? (e as { code: string }).code : "";
    const message = e instanceof Error ? e.message : typeof e === "string" ? e : "";
    const found = RESOURCES.find((r) => r.test(code, message));
    if (found) {
      const detail = /^worker exited with code: (\S+)/.exec(message)?.[1];
      return detail ? found.line.replace("(killed", `(exit code ${detail}: killed`) : found.line;
    }
  }
  return undefined;
}
