// Host layers in files (Node only): a frontier count that runs for hours keeps each
// finished step's layer in a folder, and the same count run again with the same folder
// goes on from the last finished step instead of step 0. The folder is a checkpoint store
// (io/checkpoint-store.ts: manifest, lock, a digest for every file): a layer is files
// `step-K.chunk-N.bin` (`start.chunk-00000.bin` before step 0), each a run of packed
// entries in the kernel's layout. A step's files are written before the state naming
// them is committed; only then are the layer before it and the files of an unfinished
// step removed. The state keeps the count width: a count that passed 2^64 and went on in
// 128-bit counts resumes in 128 bits.
import { UsageError } from "../errors.js";
import { canonicalJson, CheckpointStore, kernelFileDigest } from "../io/checkpoint-store.js";
import type { HostCheckpoint, HostLayer, HostLayerStore, HostLayerWriter } from "./frontier-host.js";

/** What the store's state says of a frontier count. */
interface FrontierState extends Partial<Omit<HostCheckpoint, "layer">> {
  /** The graph in its order, the mode, the ends and the shard (the entry layout apart). */
  count: Record<string, unknown>;
  /** Whether the counts are 128-bit (the rerun after a count passed 2^64). */
  wide: boolean;
  entryBytes: number;
  step: number;
  /** The files of the layer after `step`, in order. */
  layer?: string[];
  /** CPU seconds of every run so far, to the end of this step. */
  cpuSeconds: number;
}

/** A store of host layers in files, with what the CLI reports of it. */
export interface DiskLayers extends HostLayerStore {
  /** CPU seconds of every run so far. */
  cpuSeconds(): number;
  /** Bytes of the files the count keeps now. */
  diskBytes(): number;
  /** The folder's lock given up. */
  close(): void;
}

export interface DiskLayersOptions {
  /** Hears where a count goes on from (the last finished step, CPU seconds before this run). */
  onResume?: (step: number, cpuSeconds: number) => void;
  /** Hears why the count begins again from the start in a folder that held its files (a line, no newline). */
  onRestart?: (why: string) => void;
}

/** The digest of the tours kernel build: layers are its key layout, so another build's are refused. */
function kernelDigest(): string {
  return kernelFileDigest(new URL("../../build/tours.wasm", import.meta.url));
}

/**
 * Layers kept in `dir` (created if missing) for the count `problem` names (canonical, as
 * canonicalFrontierProblem gives it, with the shard), resumable: see the top of this file.
 * The folder is locked until `close()` or the end of the process.
 */
export function diskLayers(dir: string, problem: Readonly<Record<string, unknown>>, options: DiskLayersOptions = {}): DiskLayers {
  const store = CheckpointStore.open(dir, { counter: "pen-paper count", problem, kernel: kernelDigest() }, "checkpoint.json");
  const started = process.cpuUsage();
  let cpuBefore = 0;
  let base: Omit<FrontierState, "step" | "layer" | "cpuSeconds"> | undefined;
  const cpuSeconds = (): number => {
    const used = process.cpuUsage(started);
    return cpuBefore + (used.user + used.system) / 1e6;
  };
  const fileLayer = (names: readonly string[]): HostLayer => ({
    bytes: names.reduce((sum, name) => sum + store.bytesOf(name), 0),
    read: (maxBytes, into, each) => names.every((name) => store.readPieces(name, maxBytes, into, each)),
  });
  return {
    wideCounts: () => store.state<FrontierState>()?.wide === true,
    begin: (identity) => {
      const { wide, entryBytes, ...count } = identity as { wide: boolean; entryBytes: number };
      const saved = store.state<FrontierState>();
      base = { count, wide, entryBytes };
      if (saved && canonicalJson(saved.count) !== canonicalJson(count)) {
        throw new UsageError(
          `${dir} holds the checkpoint of the same problem counted another way (another order of the squares or another shard); give an empty folder or that count's`,
        );
      }
      if (saved && saved.wide && !wide) throw new Error("a count in 128 bits resumed in 64 (the caller asks wideCounts first)");
      cpuBefore = saved?.cpuSeconds ?? 0;
      const lost = saved?.layer?.find((name) => !store.has(name));
      if (saved && wide && !saved.wide) {
        options.onRestart?.(`a count passed 2^64: its 64-bit layers in ${dir} removed, counting again from the start in 128-bit counts`);
      } else if (lost !== undefined) {
        options.onRestart?.(`${dir}: ${lost} of the last finished step is gone: counting again from the start`);
      } else if (saved?.layer && saved.step >= 0 && saved.entryBytes === entryBytes) {
        store.retain(saved.layer); // the files of a step that did not finish
        options.onResume?.(saved.step, saved.cpuSeconds);
        const { count: _c, wide: _w, entryBytes: _e, layer, cpuSeconds: _s, ...figures } = saved;
        return { ...(figures as Omit<HostCheckpoint, "layer">), layer: fileLayer(layer) };
      }
      store.reset({ ...base, step: -1, cpuSeconds: cpuSeconds() } satisfies FrontierState);
      return undefined;
    },
    layer: (name): HostLayerWriter => {
      const names: string[] = [];
      return {
        add(bytes) {
          const file = `${name}.chunk-${String(names.length).padStart(5, "0")}.bin`;
          store.write(file, [bytes]);
          names.push(file);
        },
        finish: () => Object.assign(fileLayer(names), { names }),
      };
    },
    finished: (checkpoint) => {
      const { layer, ...figures } = checkpoint;
      const names = (layer as HostLayer & { names: string[] }).names;
      store.commit({ ...base!, ...figures, layer: names, cpuSeconds: cpuSeconds() } satisfies FrontierState, names);
    },
    cpuSeconds,
    diskBytes: () => store.diskBytes(),
    close: () => store.close(),
  };
}
