// The docs' link checker (scripts/check-links.mjs, npm run check:links): GitHub's heading
// slugs, and every relative link and anchor of the README, BENCHMARKS, CHANGELOG and the
// guides resolving to a file the package ships. The built site is checked by
// npm run check:links, which needs npm run docs first.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkMarkdown, githubSlug } from "../../scripts/check-links.mjs";

const ROOT = join(import.meta.dirname, "..", "..");

describe("the docs' links", () => {
  it("slugs headings as GitHub does", () => {
    expect(githubSlug("Quick start (from a clone)")).toBe("quick-start-from-a-clone");
    expect(githubSlug("`count-farms`: farms and tables")).toBe("count-farms-farms-and-tables");
    expect(githubSlug("Counts split across machines (`--shard i/k`, `merge`)")).toBe("counts-split-across-machines---shard-ik-merge");
    expect(githubSlug("Tables: why the samples are exactly uniform")).toBe("tables-why-the-samples-are-exactly-uniform");
  });

  it("every relative link and anchor in the README and the guides resolves to a shipped file", () => {
    const { files, links, problems } = checkMarkdown();
    expect(problems).toEqual([]);
    expect(files).toBeGreaterThan(10);
    expect(links).toBeGreaterThan(40);
  });

  it("the README stays under 300 lines and every guide it links ships with the package", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThan(300);
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { files: string[] };
    expect(pkg.files).toEqual(expect.arrayContaining(["docs", "BENCHMARKS.md", "CHANGELOG.md"]));
    expect(readme).toMatch(/npm install tabula-grids/);
  });
});
