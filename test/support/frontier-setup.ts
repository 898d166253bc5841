// Loads a board's plan into the tours kernel by hand (for tests that drive the kernel's
// exports directly, e.g. to force 128-bit counts): its edges, a memory cap, the count width.
import type { frontierPlan } from "../../src/tours/frontier-plan.js";
import type { toursModule } from "../../src/tours/kernel.js";

type Kernel = typeof toursModule.exports;

export function loadPlan(kernel: Kernel, plan: ReturnType<typeof frontierPlan>, capMiB: number, wideCounts: boolean): void {
  kernel.frontierBegin(plan.size);
  plan.adj.forEach((list, k) => list.forEach((y) => y < k && kernel.frontierEdge(k, y)));
  kernel.frontierSetMemoryCap(capMiB);
  kernel.frontierSetWideCounts(wideCounts);
}
