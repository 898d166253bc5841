// Two builds of the tours kernel, interleaved in one process (CPU time, medians): how an
// A/B of a kernel change is measured on these shared, noisy machines. Copy the old build
// aside first (cp build/tours.wasm /tmp/tours-old.wasm), rebuild, then
// Usage: tsx bench/tours-kernel-ab.ts OLD.wasm NEW.wasm [rounds] [--7x7]
// The counts of the two builds must agree, or it stops.
import { readFileSync } from "node:fs";
import { frontierPlan, type FrontierPlan } from "../src/tours/frontier-plan.js";
import { PEN_PAPER_LEAPERS, KNIGHT } from "../src/tours/leapers.js";
import { wasm } from "../src/wasm/web-assembly.js";

type FrontierExports = {
  frontierBegin(size: number): void;
  frontierEdge(k: number, y: number): void;
  frontierSetMemoryCap(mib: number): void;
  frontierSetWideCounts(wide: boolean): void;
  frontierCount(cycles: boolean, width: number, part: number, parts: number): void;
  frontierResultLo(): bigint;
};

const [oldPath, newPath] = process.argv.slice(2, 4);
if (!oldPath || !newPath) throw new Error("usage: tsx bench/tours-kernel-ab.ts OLD.wasm NEW.wasm [rounds] [--7x7]");
const rounds = Number(process.argv[4] ?? 15);
const with7 = process.argv.includes("--7x7");

function instance(path: string): FrontierExports {
  const imports = {
    env: {
      abort: () => {
        throw new Error(`${path}: the kernel aborted`);
      },
    },
    frontier: { progress: () => {} },
  };
  return new wasm.Instance(new wasm.Module(readFileSync(path)), imports).exports as unknown as FrontierExports;
}

function count(kernel: FrontierExports, plan: FrontierPlan, cycles: boolean): bigint {
  kernel.frontierBegin(plan.size);
  plan.adj.forEach((list, k) => list.forEach((y) => y < k && kernel.frontierEdge(k, y)));
  kernel.frontierSetMemoryCap(2048);
  kernel.frontierSetWideCounts(false);
  kernel.frontierCount(cycles, plan.width, 0, 1);
  return kernel.frontierResultLo();
}

const boards = [
  { name: "6×6 all directed paths", plan: frontierPlan(6, 6, PEN_PAPER_LEAPERS), cycles: false },
  { name: "6×6 closed", plan: frontierPlan(6, 6, PEN_PAPER_LEAPERS), cycles: true },
  { name: "6×6 knight, all directed paths", plan: frontierPlan(6, 6, KNIGHT), cycles: false },
  ...(with7
    ? [
        { name: "7×7 closed", plan: frontierPlan(7, 7, PEN_PAPER_LEAPERS), cycles: true },
        { name: "7×7 all directed paths", plan: frontierPlan(7, 7, PEN_PAPER_LEAPERS), cycles: false },
      ]
    : []),
];

const kernels = [instance(oldPath), instance(newPath)];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log("| count | old | new | old / new |\n| --- | ---: | ---: | ---: |");
for (const board of boards) {
  const times: number[][] = [[], []];
  const counts = new Set<bigint>();
  for (let r = 0; r < rounds; r++) {
    kernels.forEach((kernel, which) => {
      const start = process.cpuUsage();
      counts.add(count(kernel, board.plan, board.cycles));
      const used = process.cpuUsage(start);
      times[which]!.push((used.user + used.system) / 1e3);
    });
  }
  if (counts.size !== 1) throw new Error(`${board.name}: the builds' counts differ: ${[...counts].join(", ")}`);
  const [a, b] = times.map(median) as [number, number];
  console.log(`| ${board.name} | ${a.toFixed(2)} ms | ${b.toFixed(2)} ms | ${(a / b).toFixed(2)}× |`);
}
