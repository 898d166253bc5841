// No import cycles in src/ (type-only imports count too): each room imports downwards.
import { describe, expect } from "vitest";
import { parseCircular, parseDependencyTree } from "dpdm";
import { fileURLToPath } from "node:url";
import { slowTest } from "../support/tier.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

describe("imports", () => {
  slowTest("src/ has no import cycles", async () => {
    const tree = await parseDependencyTree("src/**/*.ts", { context: ROOT, transform: false, skipDynamicImports: false });
    expect(parseCircular(tree)).toEqual([]);
  });
});
