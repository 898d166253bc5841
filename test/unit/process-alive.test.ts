// processAlive (src/io/process-alive.ts), which both locks ask whether their holder runs:
// this process runs; a reaped one does not; a zombie (ended, its parent not reaping it)
// does not either, though a signal 0 still reaches it; nor does a process that started
// after the lock naming its pid was written (the pid given again, after a reboot).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { processAlive } from "../../src/io/process-alive.js";
import { HAS_PROC, makeZombie } from "../support/zombie.js";

describe("processAlive", () => {
  it("this process runs; a reaped one does not", () => {
    expect(processAlive(process.pid)).toBe(true);
    const reaped = spawnSync(process.execPath, ["-e", "0"]).pid!;
    expect(processAlive(reaped)).toBe(false);
  });

  it.skipIf(!HAS_PROC)("a process that started after the lock naming its pid was written is not its holder (a pid given again)", () => {
    const hourAgo = Date.now() - 3_600_000;
    expect(processAlive(process.pid, Date.now())).toBe(true);
    // This worker started minutes ago at most, long after a lock of an hour ago.
    expect(processAlive(process.pid, hourAgo)).toBe(false);
    // Init started before any lock.
    expect(processAlive(1, hourAgo)).toBe(true);
  });

  it.skipIf(!HAS_PROC)("a zombie does not run, though a signal 0 reaches it", async () => {
    const { pid, parent } = await makeZombie();
    try {
      expect(() => process.kill(pid, 0)).not.toThrow(); // all the locks asked before
      expect(readFileSync(`/proc/${pid}/stat`, "latin1")).toContain(") Z");
      expect(processAlive(pid)).toBe(false);
      expect(processAlive(parent.pid!)).toBe(true);
    } finally {
      parent.kill("SIGKILL");
    }
  });
});
