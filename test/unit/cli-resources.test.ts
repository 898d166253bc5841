// An exhausted resource is one line naming it and what to change (src/cli/resources.ts);
// anything else stays a bug (exhaustedResource says nothing).
import { describe, expect, it } from "vitest";
import { exhaustedResource } from "../../src/cli/resources.js";

const systemError = (code: string, message = `${code}: something`) => Object.assign(new Error(message), { code, syscall: "open" });

describe("exhaustedResource", () => {
  it("names each resource and what to change", () => {
    expect(exhaustedResource(systemError("EMFILE", "EMFILE: too many open files, open '/x/dist/tables/worker.js'"))).toMatch(
      /^too many open files: .*ulimit -n.*--threads/,
    );
    expect(exhaustedResource(systemError("ENFILE"))).toMatch(/^too many open files/);
    expect(exhaustedResource(systemError("ENOSPC"))).toMatch(/^no space left on the disk/);
    expect(exhaustedResource(systemError("ENOMEM"))).toMatch(/^out of memory or address space/);
    expect(exhaustedResource(new RangeError("Array buffer allocation failed"))).toMatch(/^out of memory/);
    expect(exhaustedResource(new RangeError("WebAssembly.Memory(): could not allocate memory"))).toMatch(/^out of memory/);
    expect(
      exhaustedResource(
        Object.assign(new Error("Worker terminated due to reaching memory limit: JS heap out of memory"), { code: "ERR_WORKER_OUT_OF_MEMORY" }),
      ),
    ).toMatch(/^out of memory/);
    expect(exhaustedResource(Object.assign(new Error("Worker initialization failure: EAGAIN"), { code: "ERR_WORKER_INIT_FAILED" }))).toMatch(
      /^could not start a thread: .*ulimit -u/,
    );
    expect(exhaustedResource(new Error("worker exited with code: 137"))).toBe(
      "a worker thread was stopped from outside (exit code 137: killed, perhaps for memory): use fewer --threads or a smaller problem",
    );
  });

  it("looks through causes, and leaves every other error to be a bug", () => {
    expect(exhaustedResource(new Error("pool failed", { cause: systemError("EMFILE") }))).toMatch(/^too many open files/);
    expect(exhaustedResource(new TypeError("x is not a function"))).toBeUndefined();
    expect(exhaustedResource(systemError("ENOENT"))).toBeUndefined();
    expect(exhaustedResource(undefined)).toBeUndefined();
  });
});

describe("a worker that cannot start for want of file descriptors", () => {
  it("is the open-file limit, not the thread limit", () => {
    expect(exhaustedResource(Object.assign(new Error("Worker initialization failure: EMFILE"), { code: "ERR_WORKER_INIT_FAILED" }))).toMatch(
      /^too many open files/,
    );
  });
});
