// The library's worker pool (src/workers/pool.ts, compiled workers from dist/): typed
// errors come back typed, and the first failure (a task's, or a throwing onProgress)
// settles the count once, after the pool is torn down.
import { describe, expect, it } from "vitest";
import { KernelError, UsageError, InputError } from "../../src/errors.js";
import { countTablesParallel } from "../../src/tables/node.js";
import { countToursParallel } from "../../src/tours/node.js";
import { runPool } from "../../src/workers/pool.js";
import { carriedError, carryError } from "../../src/workers/task.js";
import type { WorkerTask } from "../../src/tables/worker.js";
import type { LayerTask } from "../../src/tables/layer-worker.js";
import { symLayer, symMitmSum, type SymLayerPart } from "../../src/tables/sym-wasm.js";
import { splitsSymmetric } from "../../src/tables/parallel.js";
import { normalizeProblem } from "../../src/tables/problem.js";

describe("worker pool", () => {
  it("a kernel's refusal in a worker arrives as the same KernelError", async () => {
    const tooManySymbols: WorkerTask = {
      counts: new Array<number>(17).fill(1),
      jobs: [{ columns: [], rows: 1, minParts: 0, firstPart: 0, multipliers: [1n] }],
      engine: "wasm",
    };
    const failed = runPool<WorkerTask, bigint>("tables/worker.js", [tooManySymbols], { threads: 1 });
    await expect(failed).rejects.toBeInstanceOf(KernelError);
    await expect(failed).rejects.toMatchObject({ code: "limit-exceeded", message: expect.stringContaining("17 symbols (at most 16)") });
  });

  it("splits a long symmetric count over threads: the shares of its last layer, made in workers, sum to the count", async () => {
    const problem = normalizeProblem({ size: 8, counts: [2, 2, 2, 2], distinctRows: false, distinctColumns: false });
    const tasks = [0, 1].map((share): LayerTask => ({ problem, share, shares: 2 }));
    const parts = (await runPool<LayerTask, SymLayerPart | undefined>("tables/layer-worker.js", tasks, { threads: 2 })).map((part) => part!);
    expect(parts.map((part) => part.share)).toEqual([0, 1]);
    expect(symMitmSum(problem, parts)).toBe(1049233314843201600n);
    // The same from the layer before, made in this thread and sent to the workers.
    const from = symLayer(problem, 3)!;
    const fromTasks = [0, 1, 2].map((share): LayerTask => ({ problem, share, shares: 3, from }));
    expect(
      symMitmSum(
        problem,
        (await runPool<LayerTask, SymLayerPart | undefined>("tables/layer-worker.js", fromTasks, { threads: 2 })).map((part) => part!),
      ),
    ).toBe(1049233314843201600n);
    // A share past the shares is refused in the worker and arrives typed.
    await expect(runPool<LayerTask, SymLayerPart>("tables/layer-worker.js", [{ problem, share: 2, shares: 2 }], { threads: 1 })).rejects.toBeInstanceOf(
      UsageError,
    );
    // Which counts split: long ones, on the kernel, nothing given, more than one thread.
    const long = normalizeProblem({ size: 10, counts: [2, 2, 2, 2, 2], distinctRows: false, distinctColumns: false });
    expect(splitsSymmetric(long, "wasm", 2)).toBe(true);
    expect(splitsSymmetric(long, "wasm", 1)).toBe(false);
    expect(splitsSymmetric(long, "ts", 2)).toBe(false);
    expect(splitsSymmetric(problem, "wasm", 2)).toBe(false); // half a second: not worth the threads
    expect(
      splitsSymmetric(normalizeProblem({ size: 10, counts: [2, 2, 2, 2, 2], given: ["0011223344"], distinctRows: false, distinctColumns: false }), "wasm", 2),
    ).toBe(false);
  });

  it("a throwing onProgress rejects the count with that error, and no later task reports", async () => {
    for (const count of [
      (onProgress: () => void) => countTablesParallel({ size: 7, counts: [2, 2, 3], threads: 2, onProgress }),
      (onProgress: () => void) => countToursParallel({ size: 5, threads: 2, onProgress }),
    ]) {
      let calls = 0;
      const stop = new Error("stop");
      await expect(
        count(() => {
          calls++;
          throw stop;
        }),
      ).rejects.toBe(stop);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(calls).toBe(1);
    }
  });

  it("carries UsageError, InputError and KernelError as data and back, and leaves other errors alone", () => {
    const usage = carriedError(carryError(new UsageError("too big"))!);
    expect(usage).toBeInstanceOf(UsageError);
    expect(usage.message).toBe("too big");
    const input = carriedError(carryError(new InputError("bad cell", { file: "a.jsonl", line: 3 }, "a number"))!);
    expect(input).toBeInstanceOf(InputError);
    expect(input.message).toBe("a.jsonl:3: bad cell (expected a number)");
    const kernel = carriedError(carryError(new KernelError("tours", "out-of-memory", "1 GiB"))!);
    expect(kernel).toMatchObject({ kernel: "tours", code: "out-of-memory", message: "the tours kernel ran out of memory: 1 GiB" });
    expect(carryError(new Error("a bug"))).toBeUndefined();
  });
});
