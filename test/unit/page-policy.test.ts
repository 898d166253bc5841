// Every HTML page the commands write carries a Content-Security-Policy that lets nothing
// run or load: a crafted title or a loaded series can never run code in a hall's browser.
import { describe, expect, it } from "vitest";
import { PRINTED_PAGE_POLICY } from "../../src/io/page-policy.js";
import { htmlPrintFormatter } from "../../src/housie/output/print-html.js";
import { generateBooks } from "../../src/housie/generate/generate.js";
import { cardFormatter } from "../../src/bingo/format.js";
import { generateCards } from "../../src/bingo/generate.js";
import { cardShapeOf } from "../../src/bingo/shape.js";

const META = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/;

describe("printed pages' Content-Security-Policy", () => {
  it("allows no script and no other origin: inline styles and data: images only", () => {
    expect(PRINTED_PAGE_POLICY).toMatch(/^default-src 'none';/);
    expect(PRINTED_PAGE_POLICY).not.toMatch(/script-src|https?:|\*/);
  });

  it("opens every housie page, and a title holding markup stays text", () => {
    const html = htmlPrintFormatter({ title: "<script>alert(1)</script>" });
    const [book] = generateBooks(1, { seed: 3n });
    const page = html.header() + html.record(book!) + html.footer();
    expect(META.exec(page)?.[1]).toBe(PRINTED_PAGE_POLICY);
    expect(page.indexOf("<meta http-equiv")).toBeLessThan(page.indexOf("<title>"));
    expect(page).not.toMatch(/<script/i);
  });

  it("opens every bingo page", () => {
    const shape = cardShapeOf(75);
    const html = cardFormatter("html", shape);
    const page =
      html.header() +
      generateCards(75, 2, { seed: 1n })
        .map((c) => html.record(c))
        .join("") +
      html.footer();
    expect(META.exec(page)?.[1]).toBe(PRINTED_PAGE_POLICY);
    expect(page).not.toMatch(/<script/i);
  });
});
