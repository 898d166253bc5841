// Types for scripts/format.mjs, imported by its test.
export declare function maskDecorators(text: string): string;
export declare function unmaskDecorators(text: string): string;
export declare function formatted(file: string, text: string): Promise<string>;
