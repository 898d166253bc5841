// WebAssembly under an address-space limit (`ulimit -v`). With its trap handler on, V8
// reserves about 10 GB of address space for each kernel instance's memory (guard regions
// that make bounds checks free), so under a limit of a few GB every kernel fails to start.
// Node's --disable-wasm-trap-handler (Node 20.15+) makes V8 bounds-check instead and
// reserve only what the memory uses. When the limit is below what the reservations need,
// the CLI runs itself again once with that flag; without a limit nothing changes.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { constants } from "node:os";

const FLAG = "--disable-wasm-trap-handler";
/** Address space below which the guard-region reservations may not fit (a few kernels, workers). */
const ROOMY = 64 * 2 ** 30;

/** The soft limit on address space in bytes (Linux /proc), or undefined when unlimited or unknown. */
export function addressSpaceLimit(limits?: string): number | undefined {
  let text = limits;
  if (text === undefined) {
    try {
      text = readFileSync("/proc/self/limits", "utf8");
    } catch {
      return undefined;
    }
  }
  const soft = /^Max address space\s+(\S+)/m.exec(text)?.[1];
  return soft === undefined || soft === "unlimited" ? undefined : Number(soft);
}

/**
 * Under a tight address-space limit, runs this CLI again with --disable-wasm-trap-handler
 * (standard streams shared) and ends with its status; returns false when nothing was done.
 */
export function rerunUnderAddressLimit(): boolean {
  const limit = addressSpaceLimit();
  if (limit === undefined || limit >= ROOMY) return false;
  if (process.execArgv.includes(FLAG) || (process.env.NODE_OPTIONS ?? "").includes(FLAG)) return false;
  if (!process.allowedNodeEnvironmentFlags.has(FLAG)) return false; // an older Node: kernels report out of memory
  const child = spawnSync(process.execPath, [FLAG, ...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit" });
  if (child.error) return false;
  const signal = child.signal as keyof typeof constants.signals | null;
  process.exitCode = signal ? 128 + constants.signals[signal] : (child.status ?? 1);
  return true;
}
