// Host layers in files (Node only): a frontier count that runs for hours keeps each
// finished step's layer in a folder, and the same count run again with the same folder
// goes on from the last finished step instead of step 0. The folder is a checkpoint store
// (io/checkpoint-store.ts: manifest, lock, a digest for every file): a layer is files
// `step-K.chunk-N.bin` (`start.chunk-00000.bin` before step 0), each a run of records
// (frontier-records.ts: the entries without their high zero bytes, as the disk mode's
// files), packed and unpacked by the kernel through its input buffer. A step's files are
// written before the state naming them is committed; only then are the layer before it
// and the files of an unfinished step removed. The state keeps the count width: a count
// that passed 2^64 and went on in 128-bit counts resumes in 128 bits.
import { UsageError } from "../errors.js";
import { canonicalJson, CheckpointStore, kernelFileDigest } from "../io/checkpoint-store.js";
import type { HostCheckpoint, HostLayer, HostLayerStore, HostLayerWriter, HostTable } from "./frontier-host.js";
import { hostRecords, packRecords } from "./frontier-records.js";

/** What the store's state says of a frontier count. */
interface FrontierState extends Partial<Omit<HostCheckpoint, "layer">> {
  /** The graph in its order, the mode, the ends and the shard (the entry layout apart). */
  count: Record<string, unknown>;
  /** Whether the counts are 128-bit (the rerun after a count passed 2^64). */
  wide: boolean;
  entryBytes: number;
  step: number;
  /** The files of the layer after `step`, in order, and its states. */
  layer?: string[];
  layerStates?: number;
  /** The files hold records (frontier-records.ts); a folder of raw entries (tabula before 2026-12-03) is refused. */
  records?: "packed";
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
  let base: Omit<FrontierState, "step" | "layer" | "layerStates" | "cpuSeconds"> | undefined;
  let records: ReturnType<typeof hostRecords> | undefined;
  let table: HostTable | undefined;
  /** Entries a piece unpacks: the input buffer's first half (its second stages the records read). */
  let pieceStates = 0;
  const cpuSeconds = (): number => {
    const used = process.cpuUsage(started);
    return cpuBefore + (used.user + used.system) / 1e6;
  };
  /** A layer in files: its records unpacked into the kernel's input buffer in pieces of pieceStates, then copied where the reader asks if elsewhere. */
  const fileLayer = (names: readonly string[], states: number): HostLayer & { names: readonly string[] } => ({
    names,
    states,
    bytes: names.reduce((sum, name) => sum + store.bytesOf(name), 0),
    read: (maxBytes, into, each) => {
      const E = table!.entryBytes;
      return records!.stream(names, Math.max(1, Math.min(Math.floor(maxBytes / E), pieceStates)), (n) => {
        const entries = table!.input(n * E);
        const target = into(n * E);
        if (target.buffer !== entries.buffer || target.byteOffset !== entries.byteOffset) target.set(entries);
        return each(n * E);
      });
    },
  });
  return {
    wideCounts: () => store.state<FrontierState>()?.wide === true,
    begin: (identity, hostTable) => {
      const { wide, entryBytes, ...count } = identity as { wide: boolean; entryBytes: number };
      const saved = store.state<FrontierState>();
      table = hostTable;
      pieceStates = Math.floor(hostTable.inputStates / 2);
      records = hostRecords(store, hostTable, pieceStates * entryBytes);
      base = { count, wide, entryBytes, records: "packed" };
      if (saved && saved.records !== "packed") {
        throw new UsageError(
          `${dir} holds a checkpoint of an older tabula, whose layer files this one does not read; finish that count with the tabula that began it, or give an empty folder`,
        );
      }
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
      } else if (saved?.layer && saved.layerStates !== undefined && saved.step >= 0 && saved.entryBytes === entryBytes) {
        store.retain(saved.layer); // the files of a step that did not finish
        options.onResume?.(saved.step, saved.cpuSeconds);
        const { count: _c, wide: _w, entryBytes: _e, records: _r, layer, layerStates, cpuSeconds: _s, ...figures } = saved;
        return { ...(figures as Omit<HostCheckpoint, "layer">), layer: fileLayer(layer, layerStates) };
      }
      store.reset({ ...base, step: -1, cpuSeconds: cpuSeconds() } satisfies FrontierState);
      return undefined;
    },
    layer: (name): HostLayerWriter => {
      const names: string[] = [];
      let states = 0;
      let bytes = 0;
      return {
        add(entries) {
          const E = table!.entryBytes;
          const file = `${name}.chunk-${String(names.length).padStart(5, "0")}.bin`;
          const writer = store.writer(file);
          const input = table!.input(table!.inputStates * E);
          const inKernel = entries.buffer === input.buffer;
          const inInput = inKernel && entries.byteOffset < input.byteOffset + input.length && input.byteOffset < entries.byteOffset + entries.length;
          // The kernel packs into its input buffer; entries already there (a shard's part, once a count) are packed here.
          if (inKernel && !inInput) records!.pack(entries.byteOffset, entries.length / E, (bytes) => writer.append(bytes));
          else writer.append(packRecords(entries, E));
          writer.finish();
          names.push(file);
          states += entries.length / E;
          bytes += writer.bytes;
        },
        get bytes() {
          return bytes;
        },
        finish: () => fileLayer(names, states),
      };
    },
    finished: (checkpoint) => {
      const { layer, ...figures } = checkpoint;
      const names = (layer as HostLayer & { names: string[] }).names;
      store.commit({ ...base!, ...figures, layer: names, layerStates: layer.states, cpuSeconds: cpuSeconds() } satisfies FrontierState, names);
    },
    cpuSeconds,
    diskBytes: () => store.diskBytes(),
    close: () => store.close(),
  };
}
