// The few WebAssembly and fetch APIs the loader uses, typed here because the package's lib
// settings (ES2022 + Node types) leave out the DOM and WebAssembly declarations.

/** A compiled module: compiled once per kernel, instantiated per thread. */
export interface WasmModule {
  readonly __wasmModule?: never;
}

export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}

export interface WasmGlobal {
  readonly value: number | bigint;
}

export type WasmExports = Record<string, unknown> & { memory: WasmMemory };

export type WasmImports = Record<string, Record<string, unknown>>;

/** What `fetch` resolves to, as far as compiling goes. */
export interface FetchedResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  arrayBuffer(): Promise<ArrayBuffer>;
}

interface WasmApi {
  Module: new (bytes: ArrayBufferView | ArrayBuffer) => WasmModule;
  Instance: new (module: WasmModule, imports: WasmImports) => { exports: WasmExports };
  Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
  compile(bytes: ArrayBufferView | ArrayBuffer): Promise<WasmModule>;
  compileStreaming?: (source: FetchedResponse | Promise<FetchedResponse>) => Promise<WasmModule>;
  RuntimeError: new (...args: never[]) => Error;
}

/** The host's WebAssembly object. */
export const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** The host's fetch, where there is one (browsers, Deno, Bun, Node 18+). */
export const hostFetch = (globalThis as unknown as { fetch?: (url: string | URL) => Promise<FetchedResponse> }).fetch;
