// Types for scripts/bundle-sizes.mjs, imported by bench/hosts.bench.ts.
export declare const ENTRY_POINTS: string[];
export declare const DOCS_WITH_TABLE: string[];
export declare function measureEntry(entry: string): Promise<{ entry: string; js: number; kernels: string[]; wasm: number }>;
export declare function bundleSizeTable(): Promise<string>;
