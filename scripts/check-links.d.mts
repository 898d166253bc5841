// Types for scripts/check-links.mjs, imported by its test.
export declare function githubSlug(heading: string): string;
export declare function checkMarkdown(): { files: number; links: number; problems: string[] };
export declare function checkSite(siteDir: string): { pages: number; links: number; problems: string[] };
