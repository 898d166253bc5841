// Host layers in files (Node only): a frontier count that runs for hours keeps each
// finished step's layer in a folder, and the same count run again with the same folder
// goes on from the last finished step instead of step 0. The folder holds
// `checkpoint.json` (the count's identity, the step done and its figures, the layer's
// files) and one sub-folder per layer, `step-K/chunk-N.bin`, each a run of packed
// entries in the kernel's layout. A step's files are written before its checkpoint,
// which is replaced whole (written aside, then renamed); only then is the layer before
// it deleted. So a count stopped at any moment leaves a checkpoint whose layer is whole,
// and files of an unfinished step, which the next run deletes.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { InputError, UsageError } from "../errors.js";
import { inFolder as inFolderFor, writeInSlices, writeWhole } from "../io/folder.js";
import type { HostCheckpoint, HostLayer, HostLayerStore, HostLayerWriter } from "./frontier-host.js";

const CHECKPOINT = "checkpoint.json";

const inFolder = <T>(path: string, work: () => T): T => inFolderFor(path, "the count's layers and checkpoint live there", work);
const FORMAT = "tabula frontier checkpoint 1";

interface LayerFile {
  name: string;
  bytes: number;
}

interface CheckpointFile extends Omit<HostCheckpoint, "layer"> {
  format: string;
  identity: Record<string, unknown>;
  layer: { folder: string; files: LayerFile[] };
  /** CPU seconds of every run so far, to the end of this step. */
  cpuSeconds: number;
}

/** The digest of the tours kernel build: layers are its key layout, so another build's are refused. */
function kernelDigest(): string {
  return createHash("sha256").update(readFileSync(new URL("../../build/tours.wasm", import.meta.url))).digest("hex");
}

function fileLayer(folder: string, files: readonly LayerFile[]): HostLayer {
  return {
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    read: (maxBytes, into, each) => inFolder(folder, () => {
      for (const file of files) {
        const fd = openSync(join(folder, file.name), "r");
        try {
          for (let off = 0; off < file.bytes; off += maxBytes) {
            const length = Math.min(maxBytes, file.bytes - off);
            const target = into(length);
            for (let got = 0; got < length;) {
              const n = readSync(fd, target, got, length - got, off + got);
              if (n === 0) throw new InputError(`ends at byte ${off + got} of ${file.bytes}: cut short since it was written`, { file: join(folder, file.name) });
              got += n;
            }
            if (!each(length)) return false;
          }
        } finally {
          closeSync(fd);
        }
      }
      return true;
    }),
  };
}

/** The identity as one string, keys sorted (a checkpoint matches a count when these are equal). */
function identityText(identity: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(identity, Object.keys(identity).sort());
}

/**
 * Layers kept in `dir` (created if missing), resumable: see the top of this file. A
 * checkpoint of another count in `dir` is refused (UsageError); one of the same count
 * with 64-bit counts, found again with 128-bit counts (the rerun after an overflow), is
 * replaced. `onResume` hears where a count goes on from.
 */
export function diskLayers(dir: string, onResume?: (step: number, cpuSeconds: number) => void): HostLayerStore & { cpuSeconds(): number } {
  const started = process.cpuUsage();
  let cpuBefore = 0;
  let identity: Record<string, unknown> = {};
  let current = ""; // the checkpoint's layer folder
  const cpuSeconds = (): number => {
    const used = process.cpuUsage(started);
    return cpuBefore + (used.user + used.system) / 1e6;
  };
  /** Deletes every layer folder but `keep` (and anything but the checkpoint is ours to delete). */
  const sweep = (keep: string): void => {
    for (const entry of readdirSync(dir)) {
      if (entry !== CHECKPOINT && entry !== keep && /^(start|step-\d+(-part)?)$/.test(entry)) rmSync(join(dir, entry), { recursive: true, force: true });
    }
  };
  return {
    begin: (countIdentity) => inFolder(dir, () => {
      identity = { ...countIdentity, kernel: kernelDigest() };
      mkdirSync(dir, { recursive: true });
      const path = join(dir, CHECKPOINT);
      if (!existsSync(path)) {
        sweep("");
        return undefined;
      }
      let saved: CheckpointFile;
      try {
        saved = JSON.parse(readFileSync(path, "utf8")) as CheckpointFile;
        if (saved.format !== FORMAT || typeof saved.identity !== "object") throw new Error("format");
      } catch {
        throw new InputError("not a checkpoint of a frontier count", { file: path }, "the checkpoint.json a count with this folder wrote");
      }
      if (identityText(saved.identity) !== identityText(identity)) {
        const { wide: savedWide, ...savedRest } = saved.identity;
        const { wide, ...rest } = identity;
        if (wide === true && savedWide === false && identityText(savedRest) === identityText(rest)) {
          rmSync(path);
          sweep("");
          return undefined; // the 64-bit run overflowed: its layers are of no use to the 128-bit one
        }
        throw new UsageError(`${dir} holds the checkpoint of another count (or of another build of the tours kernel); give an empty folder or that count's`);
      }
      for (const file of saved.layer.files) {
        const at = join(dir, saved.layer.folder, file.name);
        const size = existsSync(at) ? statSync(at).size : -1;
        if (size !== file.bytes) throw new InputError(`${size < 0 ? "missing" : `${size} bytes where the checkpoint says ${file.bytes}`}`, { file: at }, "the layer files of the checkpoint, whole");
      }
      current = saved.layer.folder;
      sweep(current);
      cpuBefore = saved.cpuSeconds;
      onResume?.(saved.step, saved.cpuSeconds);
      const { format: _f, identity: _i, layer, cpuSeconds: _c, ...figures } = saved;
      return { ...figures, layer: fileLayer(join(dir, layer.folder), layer.files) };
    }),
    layer: (name): HostLayerWriter => inFolder(dir, () => {
      const folder = join(dir, name);
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder);
      const files: LayerFile[] = [];
      return {
        add(bytes) {
          const file = `chunk-${String(files.length).padStart(5, "0")}.bin`;
          inFolder(join(folder, file), () => writeInSlices(join(folder, file), bytes));
          files.push({ name: file, bytes: bytes.length });
        },
        finish() {
          return Object.assign(fileLayer(folder, files), { folder: name, files });
        },
      };
    }),
    finished: (checkpoint) => inFolder(dir, () => {
      const { layer, ...figures } = checkpoint;
      const { folder, files } = layer as HostLayer & { folder: string; files: LayerFile[] };
      const saved: CheckpointFile = { format: FORMAT, identity, ...figures, layer: { folder, files }, cpuSeconds: cpuSeconds() };
      const path = join(dir, CHECKPOINT);
      writeWhole(path, Buffer.from(`${JSON.stringify(saved)}\n`));
      current = folder;
      sweep(current);
    }),
    cpuSeconds,
  };
}
