#!/usr/bin/env node
// Checks, without the network, that every relative link and #anchor resolves:
//  - in the Markdown docs (README.md, BENCHMARKS.md, CHANGELOG.md, docs/*.md, docs/*/*.md): the target
//    file exists, its anchor is a heading of the target (GitHub's slugs) or an explicit id,
//    and a link from a file the package ships goes to a file it ships too, so the links
//    also work for installed users in node_modules/tabula-grids;
//  - in the built documentation site (site/, from `npm run docs`): every href and src of
//    every page names a file of the site, and its #fragment an id in that file.
// Web addresses (https:, mailto:) are not fetched. Prints one line per broken link and
// exits 1 if there is any, 2 on a usage error (e.g. --require-site without site/).
// Usage: node scripts/check-links.mjs [--require-site | --no-site] [--site DIR]
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const isExternal = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");

// ---- Markdown ----------------------------------------------------------------------

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens. */
export function githubSlug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images: their text
    .replace(/<[^>]+>/g, "") // inline HTML tags
    .replace(/[*`]/g, ""); // emphasis and code marks
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The lines of a Markdown file outside fenced code blocks, with their 1-based numbers. */
function proseLines(text) {
  const lines = [];
  let fence = null;
  text.split("\n").forEach((line, i) => {
    const marker = /^\s*(```+|~~~+)/.exec(line);
    if (marker) {
      if (fence === null) fence = marker[1][0];
      else if (marker[1][0] === fence) fence = null;
      return;
    }
    if (fence === null) lines.push({ line, number: i + 1 });
  });
  return lines;
}

const anchorCache = new Map();
/** Every anchor a Markdown file defines: heading slugs (numbered when repeated) and explicit ids. */
function markdownAnchors(file) {
  if (anchorCache.has(file)) return anchorCache.get(file);
  const anchors = new Set();
  const seen = new Map();
  for (const { line } of proseLines(readFileSync(file, "utf8"))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = githubSlug(heading[1]);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** Links of one Markdown line: inline `[text](target)`, images, and reference definitions. */
function markdownLinks(line) {
  const prose = line.replace(/`[^`]*`/g, (code) => " ".repeat(code.length)); // code spans are not links
  const targets = [];
  for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]);
  const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose);
  if (definition) targets.push(definition[1]);
  for (const m of prose.matchAll(/<(?:a|img)\s[^>]*(?:href|src)="([^"]+)"/g)) targets.push(m[1]);
  return targets;
}

/** The files `npm pack` puts in the package, from package.json's "files" (plus what npm always adds). */
function shippedMatcher() {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const patterns = [...(pkg.files ?? []), "package.json", "README.md", "LICENSE"];
  const matchers = patterns.map((pattern) => {
    const regex = pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*");
    return new RegExp(`^${regex}(/.*)?$`);
  });
  return (file) => {
    const path = relative(ROOT, file).split(sep).join("/");
    return matchers.some((m) => m.test(path));
  };
}

/**
 * Checks the Markdown docs; returns one line per broken link (`file:line: what is wrong`)
 * and the numbers of files and links checked.
 */
export function checkMarkdown() {
  const problems = [];
  const report = (file, line, text) => problems.push(`${relative(ROOT, file)}:${line}: ${text}`);
  const ships = shippedMatcher();
  const files = ["README.md", "BENCHMARKS.md", "CHANGELOG.md"].map((f) => join(ROOT, f)).filter((f) => existsSync(f));
  const docs = join(ROOT, "docs");
  // docs/*.md and one level of sub-folders (docs/notes/).
  if (existsSync(docs)) {
    for (const d of readdirSync(docs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (d.isFile() && d.name.endsWith(".md")) files.push(join(docs, d.name));
      else if (d.isDirectory()) for (const f of readdirSync(join(docs, d.name)).sort()) if (f.endsWith(".md")) files.push(join(docs, d.name, f));
    }
  }
  let links = 0;
  for (const file of files) {
    for (const { line, number } of proseLines(readFileSync(file, "utf8"))) {
      for (const target of markdownLinks(line)) {
        if (isExternal(target)) continue;
        links++;
        const [pathPart, fragment] = splitFragment(target);
        const path = pathPart ? resolve(dirname(file), decodeURIComponent(pathPart)) : file;
        if (!existsSync(path)) {
          report(file, number, `link to ${target}: no such file`);
          continue;
        }
        if (pathPart && ships(file) && !ships(path))
          report(file, number, `link to ${target}: the package does not ship ${relative(ROOT, path)}, so the link breaks for installed users`);
        if (fragment !== undefined) {
          if (extname(path) !== ".md") report(file, number, `link to ${target}: an anchor in a file that is not Markdown`);
          else if (!markdownAnchors(path).has(decodeURIComponent(fragment)))
            report(file, number, `link to ${target}: no heading or id "${fragment}" in ${relative(ROOT, path)}`);
        }
      }
    }
  }
  return { files: files.length, links, problems };
}

function splitFragment(target) {
  const hash = target.indexOf("#");
  return hash < 0 ? [target, undefined] : [target.slice(0, hash), target.slice(hash + 1)];
}

// ---- The built site ----------------------------------------------------------------

function walk(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else out.push(path);
  }
  return out;
}

const idCache = new Map();
function htmlIds(file) {
  if (!idCache.has(file)) {
    const text = readFileSync(file, "utf8");
    idCache.set(file, new Set([...text.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((m) => m[1])));
  }
  return idCache.get(file);
}

/** Checks the built site in `siteDir`, like checkMarkdown. */
export function checkSite(siteDir) {
  const problems = [];
  const report = (file, _line, text) => problems.push(`${relative(ROOT, file)}: ${text}`);
  const pages = walk(siteDir).filter((f) => f.endsWith(".html"));
  let links = 0;
  for (const page of pages) {
    const text = readFileSync(page, "utf8");
    for (const m of text.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const target = m[1].replace(/&amp;/g, "&");
      if (isExternal(target)) continue;
      links++;
      const [pathPart, fragment] = splitFragment(target);
      let path = pathPart ? resolve(dirname(page), decodeURIComponent(pathPart.split("?")[0])) : page;
      if (existsSync(path) && statSync(path).isDirectory()) path = join(path, "index.html");
      if (!path.startsWith(siteDir + sep) || !existsSync(path)) {
        report(page, 0, `link to ${target}: no such file in the site`);
        continue;
      }
      if (fragment && fragment !== "" && !htmlIds(path).has(decodeURIComponent(fragment)))
        report(page, 0, `link to ${target}: no id "${fragment}" in ${relative(ROOT, path)}`);
    }
  }
  return { pages: pages.length, links, problems };
}

// ---- main --------------------------------------------------------------------------

function main() {
  const args = process.argv.slice(2);
  const siteDir = resolve(ROOT, args.includes("--site") ? (args[args.indexOf("--site") + 1] ?? "") : "site");
  const md = checkMarkdown();
  const problems = [...md.problems];
  let summary = `${md.files} Markdown files, ${md.links} relative links`;
  if (args.includes("--no-site")) {
    summary += "; site not checked";
  } else if (existsSync(siteDir)) {
    const site = checkSite(siteDir);
    problems.push(...site.problems);
    summary += `; site: ${site.pages} pages, ${site.links} links`;
  } else if (args.includes("--require-site")) {
    console.error(`check-links: ${relative(ROOT, siteDir) || siteDir}: no such folder (expected the site built by npm run docs)`);
    process.exit(2);
  } else {
    summary += "; no site/ (run npm run docs to check it too)";
  }
  for (const problem of problems) console.log(problem);
  console.log(problems.length ? `${summary}: ${problems.length} broken` : `${summary}: all resolve`);
  process.exit(problems.length ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
