// The one checkpoint store of every long count (Node only): `pen-paper count --checkpoint`
// and `count-farms --checkpoint` keep their files in a folder through it.
//
// The folder holds `manifest.json` (the counter, the problem in canonical form, the
// kernel's digest, the counter's state, and the bytes and sha256 of every file the store
// wrote), `lock` (the pid of the run using the folder) and the files themselves. Every
// read checks a file against its digest, so a flipped bit, a cut or an extended file is
// refused (one line naming the file, exit 2), never used. Every write goes to a temporary
// file, is fsynced, renamed and the folder fsynced; its name is first recorded as
// pending in the manifest, so a file of a run killed mid-write is known to be the store's
// and removed by the next run. The store removes only files its manifest lists: a user's
// files in the folder are never touched, and one in the way of a name the store wants is
// refused, not replaced.
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { InputError, UsageError } from "../errors.js";
import { readInSlices, inFolder as inFolderFor } from "./folder.js";
import { processAlive } from "./process-alive.js";

export const MANIFEST = "manifest.json";
export const LOCK = "lock";
const FORMAT = "tabula checkpoint store 1";
const TEMPORARY = ".partial";
/** Most bytes one read or write call takes (Node refuses a single write past 2 GiB). */
const SLICE = 1 << 30;

/** A folder another run holds (its lock names a live process): a usage error (exit 2) that says whose. */
export class FolderInUseError extends UsageError {
  constructor(
    message: string,
    /** The pid the lock names. */
    readonly pid: number,
  ) {
    super(message);
  }
}

/** What a folder's count is: a folder of another counter, problem or kernel build is refused. */
export interface StoreIdentity {
  /** The command that counts ("pen-paper count", "count-farms"). */
  counter: string;
  /** The problem in canonical form (compared with its keys sorted). */
  problem: Readonly<Record<string, unknown>>;
  /** sha256 of the kernel build whose layouts the files are in. */
  kernel: string;
}

interface FileEntry {
  bytes: number;
  sha256: string;
}

interface Manifest {
  format: string;
  counter: string;
  problem: Record<string, unknown>;
  kernel: string;
  state: unknown;
  files: Record<string, FileEntry>;
  pending: string[];
}

/** JSON with every object's keys sorted: the canonical text a problem is compared and digested in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** A problem as words: `counts 1,1,1, size 3` (lists joined by commas, nothing quoted). */
function problemForPeople(problem: Record<string, unknown>): string {
  return Object.entries(problem)
    .map(([key, value]) => `${key} ${Array.isArray(value) ? value.join(",") : String(value)}`)
    .join(", ");
}

const sha256 = (text: string | Uint8Array): string => createHash("sha256").update(text).digest("hex");
const isDigest = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f]{64}$/.test(value);
const isName = (name: unknown): name is string =>
  typeof name === "string" && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) && name !== MANIFEST && name !== LOCK && !name.endsWith(TEMPORARY);

/**
 * Whether writes are fsynced (always, but in tests: a killed process's writes survive in
 * the page cache without fsync, which only a crash of the system needs, and tests that
 * write thousands of small files would spend most of their time in it).
 */
let durable = true;
/** Tests only: turns the fsyncs of every write off (false) or back on. */
export function setDurableWritesForTests(on: boolean): void {
  durable = on;
}

/** fsync of a folder, so a rename in it survives a crash (some systems refuse it on folders: then nothing more can be done). */
function syncFolder(dir: string): void {
  if (!durable) return;
  const fd = openSync(dir, "r");
  try {
    fsyncSync(fd);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EINVAL" && code !== "EISDIR" && code !== "EBADF") throw error;
  } finally {
    closeSync(fd);
  }
}

/** Writes `bytes` at the file's end, in slices. */
function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, Math.min(SLICE, bytes.length - at));
}

/** A file of the store written in pieces (CheckpointStore.writer). */
export interface StoreFileWriter {
  /** Bytes written so far. */
  readonly bytes: number;
  /** Adds `bytes` at the file's end. */
  append(bytes: Uint8Array): void;
  /** The file whole: fsynced, renamed into place, its digest recorded as write's is. */
  finish(): void;
  /** Gives the file up unfinished (its temporary file stays pending, removed by the next run or commit). */
  abandon(): void;
}

/** Writes `chunks` to `path` in slices, fsynced before it is closed. */
function writeSynced(path: string, chunks: readonly Uint8Array[]): void {
  const fd = openSync(path, "w");
  try {
    for (const bytes of chunks) writeAll(fd, bytes);
    if (durable) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** One count's folder, opened and locked: see the top of this file. */
export class CheckpointStore {
  readonly dir: string;
  /** Whether the folder held this count's manifest (a run goes on from its state). */
  readonly resumed: boolean;
  private manifest: Manifest;
  private readonly token = randomBytes(8).toString("hex");
  private locked = false;
  /** Files this process wrote or read whole with a matching digest (see readPieces). */
  private readonly checked = new Set<string>();
  private readonly release = (): void => this.unlock();

  private constructor(dir: string, identity: StoreIdentity) {
    this.dir = dir;
    this.inFolder(dir, () => mkdirSync(dir, { recursive: true }));
    this.lock();
    try {
      const saved = this.readManifest(identity);
      this.resumed = saved !== undefined;
      this.manifest = saved ?? {
        format: FORMAT,
        counter: identity.counter,
        problem: { ...identity.problem },
        kernel: identity.kernel,
        state: undefined,
        files: {},
        pending: [],
      };
      if (this.manifest.pending.length > 0) {
        // Files a killed run was writing (or removing): the store's, half made; away with them.
        for (const name of this.manifest.pending) this.removeFile(name);
        this.manifest.pending = [];
        this.save();
      }
    } catch (error) {
      this.unlock();
      throw error;
    }
  }

  /**
   * Opens (made if missing) and locks `dir` for the count `identity` names. Refused with one
   * line: a folder another live run holds, a manifest damaged or not a store's, or one of
   * another counter, problem or kernel build.
   */
  static open(dir: string, identity: StoreIdentity, olderCheckpoint?: string): CheckpointStore {
    if (dir === "") throw new UsageError("--checkpoint: empty folder name (expected a folder for the count's files)");
    // The file a checkpoint of tabula before this store began with (count.json, checkpoint.json): not resumable here.
    if (olderCheckpoint !== undefined && existsSync(join(dir, olderCheckpoint)) && !existsSync(join(dir, MANIFEST))) {
      throw new UsageError(
        `${join(dir, olderCheckpoint)}: a checkpoint of an older tabula, whose files this one does not read; finish that count with the tabula that began it, or give an empty folder`,
      );
    }
    return new CheckpointStore(dir, identity);
  }

  /** The counter's state saved by the last `commit`, or undefined in a new folder. */
  state<T>(): T | undefined {
    return this.manifest.state as T | undefined;
  }

  /**
   * Whether the store holds a file `name` (written whole, its digest recorded). One listed
   * but gone (a damaged file the user deleted, as told) is forgotten: the count makes it again.
   */
  has(name: string): boolean {
    if (!Object.hasOwn(this.manifest.files, name)) return false;
    if (this.inFolder(this.dir, () => existsSync(join(this.dir, name)))) return true;
    delete this.manifest.files[name];
    return false;
  }

  /** Names of every file the store holds. */
  names(): string[] {
    return Object.keys(this.manifest.files);
  }

  /** Bytes of the file `name` as recorded. */
  bytesOf(name: string): number {
    return this.entry(name).bytes;
  }

  /** Bytes of every file the store holds: the disk the count uses. */
  diskBytes(): number {
    return Object.values(this.manifest.files).reduce((sum, f) => sum + f.bytes, 0);
  }

  /** The whole file `name`, checked against its digest. */
  read(name: string): Uint8Array {
    const entry = this.entry(name);
    const path = join(this.dir, name);
    const bytes = this.inFolder(path, () => readInSlices(path));
    if (bytes.length !== entry.bytes || sha256(bytes) !== entry.sha256) throw this.damaged(name, bytes.length);
    return bytes;
  }

  /**
   * Reads the file `name` in pieces of at most `maxBytes`: each into the view `into(bytes)`
   * gives, then `each(bytes)`; stops (false) when `each` says false. Every read checks the
   * digest: a file of one piece before the piece is handed on; a longer one as it is read,
   * the last piece handed on only if the whole matched, and, the first time this process
   * reads a file it did not write, also by a pass over it before any piece is used. (A
   * layer is read once a pass of every step: a pass over it each time would double the
   * disk reads. A file damaged while the count runs is refused at its end, before the step
   * that read it is committed, so the count never goes on from it.)
   */
  readPieces(name: string, maxBytes: number, into: (bytes: number) => Uint8Array, each: (bytes: number) => boolean): boolean {
    const entry = this.entry(name);
    const path = join(this.dir, name);
    return this.inFolder(path, () => {
      const fd = openSync(path, "r");
      try {
        const size = fstatSync(fd).size;
        if (size !== entry.bytes) throw this.damaged(name, size);
        const readAt = (target: Uint8Array, length: number, at: number): void => {
          for (let got = 0; got < length;) {
            const n = readSync(fd, target, got, length - got, at + got);
            if (n === 0) throw this.damaged(name, at + got);
            got += n;
          }
        };
        if (entry.bytes > maxBytes && !this.checked.has(name)) {
          const first = createHash("sha256");
          const buffer = Buffer.allocUnsafe(Math.min(SLICE, entry.bytes, 1 << 24));
          for (let at = 0; at < entry.bytes; at += buffer.length) {
            const length = Math.min(buffer.length, entry.bytes - at);
            readAt(buffer, length, at);
            first.update(buffer.subarray(0, length));
          }
          if (first.digest("hex") !== entry.sha256) throw this.damaged(name, size);
        }
        const hash = createHash("sha256");
        for (let at = 0; at < entry.bytes; at += maxBytes) {
          const length = Math.min(maxBytes, entry.bytes - at);
          const target = into(length);
          readAt(target, length, at);
          hash.update(target.subarray(0, length));
          if (at + length >= entry.bytes && hash.digest("hex") !== entry.sha256) throw this.damaged(name, size);
          if (!each(length)) return false;
        }
        this.checked.add(name);
        return true;
      } finally {
        closeSync(fd);
      }
    });
  }

  /**
   * Writes the file `name` whole (its chunks in order): named pending in the manifest first,
   * then a temporary file, fsync, rename, fsync of the folder. Its digest is in the manifest
   * from the next `commit` (or write) on; until then a killed run's file is pending, and removed.
   * A file of that name the store did not write is refused, never replaced.
   */
  write(name: string, chunks: readonly Uint8Array[]): void {
    if (!isName(name)) throw new Error(`not a name for a file of the store: ${name}`);
    const path = join(this.dir, name);
    if (!this.has(name) && existsSync(path)) {
      throw new UsageError(`${path}: a file this count did not write is in the way of its own; move it out of ${this.dir} or give another folder`);
    }
    this.manifest.pending.push(name);
    this.save();
    const hash = createHash("sha256");
    let bytes = 0;
    for (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.length;
    }
    this.inFolder(path, () => {
      writeSynced(path + TEMPORARY, chunks);
      renameSync(path + TEMPORARY, path);
      syncFolder(this.dir);
    });
    this.manifest.files[name] = { bytes, sha256: hash.digest("hex") };
    this.checked.add(name);
    this.manifest.pending = this.manifest.pending.filter((p) => p !== name);
  }

  /**
   * Names files about to be written (by `writer`) pending in one save of the manifest, not
   * one save each: a name never written is removed as harmlessly as one half written.
   */
  pend(names: readonly string[]): void {
    for (const name of names) if (!isName(name)) throw new Error(`not a name for a file of the store: ${name}`);
    this.manifest.pending.push(...names.filter((name) => !this.manifest.pending.includes(name)));
    this.save();
  }

  /**
   * The file `name` written in pieces, as `write` writes it whole: named pending first,
   * appended to a temporary file, then (finish) fsynced, renamed, the folder fsynced.
   */
  writer(name: string): StoreFileWriter {
    if (!isName(name)) throw new Error(`not a name for a file of the store: ${name}`);
    const path = join(this.dir, name);
    if (!this.has(name) && existsSync(path)) {
      throw new UsageError(`${path}: a file this count did not write is in the way of its own; move it out of ${this.dir} or give another folder`);
    }
    if (!this.manifest.pending.includes(name)) this.pend([name]);
    const hash = createHash("sha256");
    let fd: number | undefined = this.inFolder(path, () => openSync(path + TEMPORARY, "w"));
    let bytes = 0;
    const close = (): void => {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    };
    return {
      get bytes() {
        return bytes;
      },
      append: (piece) => {
        if (fd === undefined) throw new Error(`${name} is finished`);
        const open = fd;
        this.inFolder(path, () => writeAll(open, piece));
        hash.update(piece);
        bytes += piece.length;
      },
      finish: () => {
        if (fd === undefined) throw new Error(`${name} is finished`);
        const open = fd;
        this.inFolder(path, () => {
          if (durable) fsyncSync(open);
          close();
          renameSync(path + TEMPORARY, path);
          syncFolder(this.dir);
        });
        this.manifest.files[name] = { bytes, sha256: hash.digest("hex") };
        this.checked.add(name);
        this.manifest.pending = this.manifest.pending.filter((p) => p !== name);
      },
      abandon: close,
    };
  }

  /**
   * Saves `state` (and the files written since the last save) in the manifest, replaced
   * whole; with `keep`, every file of the store not in it is removed (in the same save named
   * pending, so a run killed before they are gone has them removed by the next).
   */
  commit(state: unknown, keep?: Iterable<string>): void {
    this.manifest.state = state;
    const kept = keep === undefined ? undefined : new Set(keep);
    const gone = kept ? this.names().filter((name) => !kept.has(name)) : [];
    for (const name of gone) delete this.manifest.files[name];
    this.manifest.pending.push(...gone);
    this.save();
    for (const name of gone) this.removeFile(name);
    if (gone.length > 0) this.manifest.pending = this.manifest.pending.filter((p) => !gone.includes(p));
  }

  /** Removes every file of the store not in `keep`, the state as it is. */
  retain(keep: Iterable<string>): void {
    const kept = new Set(keep);
    if (this.names().every((name) => kept.has(name))) return;
    this.commit(this.manifest.state, kept);
  }

  /** Removes the store's files and forgets its state: the count begins again in the same folder. */
  reset(state: unknown): void {
    this.commit(state, []);
  }

  /** Gives up the folder's lock (also done when the process exits). */
  close(): void {
    this.unlock();
  }

  private entry(name: string): FileEntry {
    const entry = this.manifest.files[name];
    if (!entry) throw new Error(`the checkpoint store holds no file ${name}`);
    return entry;
  }

  private damaged(name: string, bytes: number): InputError {
    const entry = this.entry(name);
    const what = bytes !== entry.bytes ? `${bytes} bytes where the manifest says ${entry.bytes}` : "its bytes do not match the sha256 in the manifest";
    return new InputError(
      `${what}: damaged since it was written`,
      { file: join(this.dir, name) },
      "the file as written; delete it and run again, and the count makes it again",
    );
  }

  private inFolder<T>(path: string, work: () => T): T {
    return inFolderFor(path, "the count's checkpoint lives there", work);
  }

  private removeFile(name: string): void {
    if (!isName(name)) return; // (a manifest's names were checked when it was read)
    const path = join(this.dir, name);
    this.inFolder(path, () => {
      rmSync(path, { force: true });
      rmSync(path + TEMPORARY, { force: true });
    });
  }

  /** The manifest, replaced whole: its canonical text and that text's digest, written aside, fsynced, renamed. */
  private save(): void {
    const body = canonicalJson(this.manifest);
    const text = `{"digest":${JSON.stringify(sha256(body))},"manifest":${body}}\n`;
    const path = join(this.dir, MANIFEST);
    this.inFolder(path, () => {
      writeSynced(path + TEMPORARY, [Buffer.from(text)]);
      renameSync(path + TEMPORARY, path);
      syncFolder(this.dir);
    });
  }

  /** The folder's manifest checked to be this count's, or undefined when there is none. */
  private readManifest(identity: StoreIdentity): Manifest | undefined {
    const path = join(this.dir, MANIFEST);
    if (!existsSync(path)) return undefined;
    const text = this.inFolder(path, () => readFileSync(path, "utf8"));
    const refuse = (what: string): InputError =>
      new InputError(what, { file: path }, "the manifest a count with this folder wrote; its files cannot be checked without it: give an empty folder");
    let manifest: Manifest;
    try {
      const outer = JSON.parse(text) as { digest?: unknown; manifest?: unknown };
      manifest = outer.manifest as Manifest;
      if (typeof outer !== "object" || outer === null || !isDigest(outer.digest) || typeof manifest !== "object" || manifest === null) throw new Error("shape");
      if (manifest.format !== FORMAT) throw new Error("format");
      if (sha256(canonicalJson(manifest)) !== outer.digest) throw refuse("damaged: its text does not match its own sha256");
    } catch (error) {
      if (error instanceof InputError) throw error;
      throw refuse("not the manifest of a tabula checkpoint");
    }
    const files = manifest.files;
    if (
      typeof files !== "object" ||
      files === null ||
      !Array.isArray(manifest.pending) ||
      !manifest.pending.every(isName) ||
      !Object.entries(files).every(([name, f]) => isName(name) && Number.isSafeInteger(f?.bytes) && f.bytes >= 0 && isDigest(f?.sha256))
    ) {
      throw refuse("not the manifest of a tabula checkpoint");
    }
    if (manifest.counter !== identity.counter || canonicalJson(manifest.problem) !== canonicalJson(identity.problem)) {
      throw new UsageError(
        `${this.dir} holds the checkpoint of another count (${manifest.counter}: ${problemForPeople(manifest.problem)}); give an empty folder or that count's`,
      );
    }
    if (manifest.kernel !== identity.kernel) {
      throw new UsageError(`${this.dir} was made by another build of the kernel, whose files may be laid out differently; give an empty folder`);
    }
    return manifest;
  }

  /** Takes the folder's lock, or refuses naming the live run that holds it; a dead run's lock is taken over. */
  private lock(): void {
    const path = join(this.dir, LOCK);
    const mine = `${JSON.stringify({ pid: process.pid, host: hostname(), token: this.token, started: new Date().toISOString() })}\n`;
    const aside = `${path}.${process.pid}.${this.token}`;
    this.inFolder(path, () => writeSynced(aside, [Buffer.from(mine)]));
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          linkSync(aside, path); // atomic: fails if a lock is there
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3)
            this.inFolder(path, () => {
              throw error;
            });
        }
        let held: { pid?: unknown; host?: unknown; token?: unknown; started?: unknown } = {};
        let text = "";
        try {
          text = readFileSync(path, "utf8");
          held = JSON.parse(text) as typeof held;
        } catch {
          // A lock cut short by a crash as it was made: nobody holds it.
        }
        const pid = Number.isSafeInteger(held?.pid) ? (held.pid as number) : undefined;
        // When the lock was written: a process of its pid started later is another (a pid given again after a reboot).
        const lockedAt = typeof held.started === "string" ? Date.parse(held.started) : NaN;
        if (pid !== undefined && (held.host !== hostname() || processAlive(pid, Number.isFinite(lockedAt) ? lockedAt : undefined))) {
          const where = held.host === hostname() ? "" : ` on ${String(held.host)}`;
          throw new FolderInUseError(
            `${this.dir} is in use by another count (pid ${pid}${where}, its lock ${path}); wait for it to end, or remove the lock if that run is gone`,
            pid,
          );
        }
        // A stale lock (its run is dead): taken over, unless another run took it meanwhile.
        try {
          if (readFileSync(path, "utf8") === text) unlinkSync(path);
        } catch {
          // gone already
        }
      }
    } finally {
      rmSync(aside, { force: true });
    }
    this.locked = true;
    process.once("exit", this.release);
  }

  private unlock(): void {
    if (!this.locked) return;
    this.locked = false;
    process.off("exit", this.release);
    const path = join(this.dir, LOCK);
    try {
      if (readFileSync(path, "utf8").includes(this.token)) unlinkSync(path);
    } catch {
      // gone already: nothing to give up
    }
  }
}

/** sha256 of a kernel build's file (build/NAME.wasm): files laid out by another build are refused. */
export function kernelFileDigest(url: URL): string {
  return sha256(readFileSync(url));
}

/** Bytes on disk for people: KiB, MiB or GiB with one decimal. */
export function diskForPeople(bytes: number): string {
  if (bytes < 2 ** 20) return `${(bytes / 2 ** 10).toFixed(1)} KiB`;
  if (bytes < 2 ** 30) return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  return `${(bytes / 2 ** 30).toFixed(1)} GiB`;
}
