// Loads a kernel module wherever WebAssembly runs. Each kernel's binding names its .wasm
// with a literal `new URL("../../build/<name>.wasm", import.meta.url)` so bundlers (Vite,
// webpack, Rollup, Parcel) ship it as an asset. `ready()` compiles asynchronously
// (streaming from fetch in browsers, from the file in Node, Deno and Bun); Node, and any
// host with `process.getBuiltinModule`, may also compile synchronously on first use, so
// the synchronous API keeps working there without `ready()`. No static `node:` import:
// the core API bundles for the browser as it is.
import { InputError, KernelError } from "../errors.js";
import { argumentError, readable } from "../args.js";
import {
  hostFetch,
  wasm,
  type FetchedResponse,
  type WasmExports,
  type WasmGlobal,
  type WasmImports,
  type WasmMemory,
  type WasmModule,
} from "./web-assembly.js";

/** Kernel modules built from assembly/<name>/index.ts. */
export type KernelName = "farms" | "tables" | "housie" | "tours" | "bingo";

/**
 * Where `ready()` finds a kernel when the default location does not fit (a CDN, a
 * bundler that renames assets): a URL, the module's bytes, a fetch response or a module.
 */
export type KernelSource = URL | string | ArrayBuffer | ArrayBufferView | FetchedResponse | WasmModule;

interface NodeLikeProcess {
  getBuiltinModule?: (id: string) => unknown;
}

type NodeFs = typeof import("node:fs");
type NodeUrl = typeof import("node:url");

/** The host's Node built-ins, without a static `node:` import (Node 20.16+, Deno, Bun). */
function builtin<T>(id: string): T | undefined {
  const host = (globalThis as { process?: NodeLikeProcess }).process;
  return typeof host?.getBuiltinModule === "function" ? (host.getBuiltinModule(id) as T | undefined) : undefined;
}

/** What ready()'s source may be, and what a path or URL given as one must name (the refusals say so). */
const A_SOURCE = "a URL, a path, the module's bytes, a fetch Response or a compiled WebAssembly.Module";
const A_FILE_SOURCE = "a URL or a path naming a .wasm file";

/**
 * A file: URL's bytes, read synchronously; undefined where the host has no file system.
 * `given`: the source the caller named (ready()'s), so a file that cannot be read is
 * their input's fault (InputError); our own build's missing file means a missing build.
 */
function readFileUrl(url: URL, given?: unknown): Uint8Array | undefined {
  if (url.protocol !== "file:") return undefined;
  const fs = builtin<NodeFs>("node:fs");
  const urls = builtin<NodeUrl>("node:url");
  if (!fs || !urls) return undefined;
  let path: string;
  try {
    path = urls.fileURLToPath(url);
  } catch (error) {
    // A given path or URL that names no file ("z%": a malformed escape): the caller's argument.
    if (given !== undefined) throw argumentError("source", A_FILE_SOURCE, given);
    throw error;
  }
  try {
    return fs.readFileSync(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (given !== undefined && typeof code === "string")
      throw new InputError(code === "ENOENT" ? "no such file" : `cannot be read (${code})`, { file: path }, "a compiled kernel (.wasm)");
    // Only a missing file is a missing build; anything else (too many open files, say) is carried as it is.
    if (code !== "ENOENT") throw error;
    throw new Error(`tabula: ${path} is missing; run \`npm run build\` to compile the WASM kernels`);
  }
}

/** An AssemblyScript string (UTF-16, byte length just before it) from a kernel's memory. */
function readKernelString(memory: WasmMemory | undefined, pointer: number): string {
  if (!memory || pointer === 0) return "";
  const length = new Uint32Array(memory.buffer, pointer - 4, 1)[0]! >>> 1;
  return String.fromCharCode(...new Uint16Array(memory.buffer, pointer, length));
}

const WASM_PAGE_BYTES = 65536;

const KERNEL_CODES = ["out-of-memory", "limit-exceeded", "invariant-broken"] as const;

/**
 * A kernel's trap as a KernelError. Kernels abort with "<code>: detail" when they know
 * why. The allocator traps without a word when the memory cannot grow; it asks to double
 * the memory, so a bare trap with the memory at a quarter or more of the kernel's cap
 * (its MEMORY_CAP_PAGES, given to the build as --maximumMemory) is out of memory, and
 * any other bare trap a bug.
 */
export function kernelErrorOf(kernel: string, error: unknown, memory: WasmMemory | undefined, capBytes = Infinity): unknown {
  if (!(error instanceof wasm.RuntimeError)) return error;
  const size = memory?.buffer.byteLength ?? 0;
  const code = size * 4 >= capBytes ? "out-of-memory" : "invariant-broken";
  return new KernelError(kernel, code, `${error.message} with ${Math.round(size / 2 ** 20)} MiB of memory`);
}

/** What every kernel exports: its memory (the rest is typed by src/wasm/generated/<name>.ts). */
export interface KernelExports {
  readonly memory: WasmMemory;
}

/** The names of a kernel's exported constants (immutable globals). */
export type ConstantName<T> = { [K in keyof T]-?: T[K] extends { readonly value: number } ? K : never }[keyof T] & string;

/**
 * One kernel module: compiled once per thread, its exports typed as T. `exports` is the
 * shared instance; `instantiate()` makes one of a caller's own (a housie run keeps its
 * state there). An instance that trapped is dropped, never called again: the shared one
 * is replaced by a fresh instance at the next use.
 */
export class Kernel<T extends KernelExports> {
  private module?: WasmModule;
  private compiling?: Promise<WasmModule>;
  private instance?: T;
  /** The first instance made, shared or not, to read constants from. */
  private anyInstance?: T;

  /**
   * @param url the release .wasm, as a literal `new URL(…, import.meta.url)` in the binding
   * @param hostImports the host functions the kernel imports besides env.abort, given a
   *   way to reach the kernel's own exports (memory grows, so views are made afresh)
   * @param built the constants the build read from the module (src/wasm/generated/<name>.ts):
   *   the first instance must export the same values, or the module is another build
   */
  constructor(
    readonly name: KernelName,
    private url: URL,
    private readonly hostImports: (exports: () => T) => WasmImports = () => ({}),
    private readonly built: Readonly<Record<string, number | bigint>> = {},
  ) {}

  /** Whether the module is compiled (ready() resolved, or a synchronous load happened). */
  get isReady(): boolean {
    return this.module !== undefined;
  }

  /** Compiles the module, asynchronously, in any host; later calls share the first. */
  ready(source?: KernelSource): Promise<void> {
    if (this.module) return Promise.resolve();
    this.compiling ??= this.compile(source).then(
      (module) => (this.module = module),
      (error: unknown) => {
        this.compiling = undefined;
        throw error;
      },
    );
    return this.compiling.then(() => undefined);
  }

  /** Points a test build (or any other copy) at a different .wasm before first use. */
  useModuleAt(url: URL): void {
    if (this.module || this.compiling) throw new Error(`tabula: the ${this.name} kernel is already loaded`);
    this.url = url;
  }

  private async compile(source: KernelSource | undefined): Promise<WasmModule> {
    if (source !== undefined && typeof source !== "string" && (source === null || typeof source !== "object")) {
      throw argumentError("source", A_SOURCE, source);
    }
    if (typeof source === "object") readable(source, "source"); // a proxy whose traps throw: a typed error, not its own
    if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return wasm.compile(source);
    if (source !== undefined && !(source instanceof URL) && typeof source !== "string") {
      if ("arrayBuffer" in source) return compileResponse(source);
      if (source instanceof wasm.Module) return source; // a compiled module
      throw argumentError("source", A_SOURCE, source);
    }
    let url = this.url;
    if (source !== undefined) {
      try {
        url = new URL(source, this.url);
      } catch {
        throw argumentError("source", A_FILE_SOURCE, source);
      }
    }
    const bytes = readFileUrl(url, source);
    if (bytes) return wasm.compile(bytes);
    if (!hostFetch) throw new Error(`tabula: cannot fetch ${url.href} in this environment; pass the module's bytes to ready()`);
    return compileResponse(await hostFetch(url), url.href);
  }

  /** The shared instance's exports; compiles synchronously on first use where the host can read files. */
  get exports(): T {
    if (this.instance) return this.instance;
    const instance = this.instantiate(() => {
      if (this.instance === instance) this.instance = undefined;
    });
    this.instance = instance;
    return instance;
  }

  /**
   * The pages an instance's memory is made with, for a kernel that imports its memory (its
   * build exports MEMORY_DEFAULT_CAP_PAGES): `capPages` (default: that constant) as the
   * maximum, from MEMORY_INITIAL_PAGES up to the module's MEMORY_CAP_PAGES. Undefined for a
   * kernel with a memory of its own, whose cap is fixed by its build.
   */
  private importedMemoryPages(capPages: number | undefined): { initial: number; maximum: number } | undefined {
    const { MEMORY_DEFAULT_CAP_PAGES: fallback, MEMORY_INITIAL_PAGES: initial, MEMORY_CAP_PAGES: most } = this.built;
    if (fallback === undefined) {
      if (capPages !== undefined) throw new Error(`tabula: the ${this.name} kernel's memory cap is fixed by its build`);
      return undefined;
    }
    const maximum = capPages ?? Number(fallback);
    if (!Number.isInteger(maximum) || maximum < Number(initial) || maximum > Number(most)) {
      throw new Error(`tabula: a memory cap of ${maximum} pages for the ${this.name} kernel, expected ${Number(initial)} to ${Number(most)}`);
    }
    return { initial: Number(initial), maximum };
  }

  /**
   * A new instance (its own memory and state) of the compiled module; `onTrap` is told
   * when one of its calls trapped, after which the caller must drop it. A kernel that
   * imports its memory gets one of `memoryCapPages` (64 KiB pages; default: its
   * MEMORY_DEFAULT_CAP_PAGES), so this instance stops there.
   */
  instantiate(onTrap: () => void = () => {}, memoryCapPages?: number): T {
    if (!this.module) {
      const bytes = readFileUrl(this.url);
      if (!bytes) {
        throw new Error(`tabula: the ${this.name} kernel is not loaded yet; \`await ready()\` (from "tabula-grids" or "tabula-grids/${this.name}") first`);
      }
      this.module = new wasm.Module(bytes);
    }
    const pages = this.importedMemoryPages(memoryCapPages);
    let memory: WasmMemory | undefined = pages && new wasm.Memory(pages);
    const abort = (message: number, file: number, line: number, column: number): never => {
      const text = readKernelString(memory, message);
      const code = KERNEL_CODES.find((c) => text.startsWith(`${c}: `));
      const where = `${readKernelString(memory, file)}:${line}:${column}`;
      throw new KernelError(this.name, code ?? "invariant-broken", code ? text.slice(code.length + 2) : `${text || "abort"} at ${where}`);
    };
    let instance: T | undefined;
    let raw: WasmExports;
    try {
      const host = this.hostImports(() => instance!);
      raw = new wasm.Instance(this.module, { ...host, env: { ...host.env, abort, ...(memory && { memory }) } }).exports;
    } catch (error) {
      // The engine could not reserve the instance's memory (an address-space limit, `ulimit -v`).
      if (error instanceof RangeError && /memory/i.test(error.message)) {
        throw new KernelError(
          this.name,
          "out-of-memory",
          "could not reserve its memory (is the address space limited, ulimit -v? Node's --disable-wasm-trap-handler needs far less)",
        );
      }
      throw error;
    }
    memory = raw.memory;
    const cap = pages ? pages.maximum : (raw.MEMORY_CAP_PAGES as WasmGlobal | undefined)?.value;
    instance = guardTraps(this.name, raw, cap !== undefined ? Number(cap) * WASM_PAGE_BYTES : Infinity, onTrap) as unknown as T;
    if (!this.anyInstance) {
      // Code compiled against the generated constants (public ones, the TS baselines) uses
      // them before any instance exists; a module given to ready() must agree with them.
      for (const [name, value] of Object.entries(this.built)) {
        const global = raw[name] as WasmGlobal | undefined;
        if (global?.value !== value) {
          throw new KernelError(
            this.name,
            "invariant-broken",
            `the module exports ${name} = ${String(global?.value)}, expected ${String(value)} (a different build of the kernel?)`,
          );
        }
      }
      this.anyInstance = instance;
    }
    return instance;
  }

  /** An exported constant (an immutable global) of the kernel, as a number. */
  constant(name: ConstantName<T>): number {
    // Constants are the module's, the same in every instance: any instance made so far will do.
    const global = (this.anyInstance ?? this.exports)[name] as WasmGlobal | undefined;
    if (global === undefined || typeof global !== "object") throw new Error(`tabula: the ${this.name} kernel exports no constant ${name}`);
    return Number(global.value);
  }
}

async function compileResponse(response: FetchedResponse, href = "the kernel"): Promise<WasmModule> {
  if (!response.ok) throw new Error(`tabula: fetching ${href} failed with HTTP ${response.status}`);
  // Streaming compilation needs the application/wasm type; other servers get the buffered path.
  if (wasm.compileStreaming && response.headers.get("content-type")?.startsWith("application/wasm")) {
    return wasm.compileStreaming(response);
  }
  return wasm.compile(await response.arrayBuffer());
}

/** The exports with every function wrapped so traps surface as KernelErrors. */
function guardTraps(kernel: string, raw: WasmExports, capBytes: number, onTrap: () => void): WasmExports {
  const guarded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value !== "function") {
      guarded[name] = value;
      continue;
    }
    const call = value as (...args: unknown[]) => unknown;
    guarded[name] = (...args: unknown[]) => {
      try {
        return call(...args);
      } catch (error) {
        // Any throw out of the instance (a trap, or an abort through the host) leaves its
        // state half-updated.
        onTrap();
        throw kernelErrorOf(kernel, error, raw.memory, capBytes);
      }
    };
  }
  return guarded as WasmExports;
}
