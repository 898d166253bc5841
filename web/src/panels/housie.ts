// Housie panel: generate books or tickets (shown as real tickets, printable, downloadable),
// validate a JSONL file, and the exact counts.
import { $, JobView, clearFieldErrors, describe, download, dropText, el, grouped, ms, setFieldError, wireDrop } from "../ui.js";
import type { HousieKind, PreviewRecord, Results } from "../worker/protocol.js";
// The printed pages' fonts for Devanagari (with ₹) and Arabic, served with this site: a browser
// fetches a file only when a page shows a character of its range, as the PDF embeds them.
import "@fontsource/noto-sans-devanagari/400.css";
import "@fontsource/noto-sans-devanagari/700.css";
import "@fontsource/noto-sans-arabic/400.css";
import "@fontsource/noto-sans-arabic/700.css";
import {
  PrintPlanner,
  pageHtml,
  printCss,
  planNight,
  seriesForSeed,
  randomSeries,
  pageGeometry,
  pagesFor,
  type HousieRecord,
  type PrintOptions,
} from "tabula-grids/housie";

/** Records drawn on screen (and printed); downloads always hold all of them. */
const ON_SCREEN = 60;

export function setUpHousie(): void {
  setUpGenerate();
  setUpValidate();
  setUpCounts();
}

/** Records printed from the page at most; the PDF download holds any number. */
const PRINT_MAX = 1000;

/** The paper settings as the library's PrintOptions; the series follows the seed as in the CLI. */
function printSettings(seed: string, series: string): PrintOptions {
  const value = (id: string) => $<HTMLInputElement | HTMLSelectElement>(id).value.trim();
  const games = value("housie-games");
  const perPage = value("housie-per-page");
  return {
    layout: value("housie-layout") as "strip" | "sheet",
    paper: value("housie-paper") as "a4" | "letter",
    perPage: perPage === "" ? undefined : Number(perPage),
    colour: games ? undefined : value("housie-colour") || undefined,
    games: games || undefined,
    title: value("housie-title") || undefined,
    venue: value("housie-venue") || undefined,
    date: value("housie-date") || undefined,
    price: value("housie-price") || undefined,
    qr: $<HTMLInputElement>("housie-qr").checked,
    series: seed ? seriesForSeed(BigInt(seed)) : series,
  };
}

/**
 * The record at `index` of the series as it prints: with games, dealt to them in turn as
 * `housie books --games` deals a night (planNight), so each game has its own tickets.
 */
function printedRecord(r: PreviewRecord, index: number, options: PrintOptions): HousieRecord {
  const record: HousieRecord = { serial: BigInt(r.serial), tickets: r.tickets };
  return options.games ? planNight(options.games).tag(record, index) : record;
}

/** Pages of records as the PDF lays them out (the same boxes), with their style sheet. */
function pagesHtml(records: PreviewRecord[], options: PrintOptions): { html: string; pages: number } {
  const planner = new PrintPlanner(options);
  const pages = [...records.flatMap((r, i) => planner.add(printedRecord(r, i, options))), ...planner.finish()];
  return {
    html: `<style>${printCss(planner.geometry)}</style>${pages.map((p) => pageHtml(p, planner.geometry, options.qr ?? false)).join("")}`,
    pages: pages.length,
  };
}

function setUpGenerate(): void {
  const job = new JobView("housie-job", "Generating");
  const formatJob = new JobView("housie-job", "Preparing the download");
  const pdfJob = new JobView("housie-job", "Drawing the PDF pages");
  const form = $("housie-form");
  let firstRun = true;
  let last: { kind: HousieKind; result: Results["housie-generate"]; seed: string; firstSerial: number; series: string } | undefined;
  const settingFields = ["housie-colour", "housie-games"];

  /** The page layout's part of the print settings (pageGeometry takes only those keys). */
  const layoutOf = ({ paper, layout, perPage, qr }: PrintOptions) => ({ paper, layout, perPage, qr });

  /** The settings, or undefined with the problem shown at its field. */
  const settings = (): PrintOptions | undefined => {
    for (const id of settingFields) setFieldError(id, "");
    const options = printSettings(last!.seed, last!.series);
    try {
      pageGeometry(layoutOf(options));
      new PrintPlanner(options);
      return options;
    } catch (error) {
      setFieldError(/--games/.test(describe(error)) ? "housie-games" : "housie-colour", describe(error));
      return undefined;
    }
  };

  /** The preview (the first records, as they print) and what Print will print, said before printing. */
  const showPages = () => {
    if (!last) return;
    const options = settings();
    if (!options) return;
    const { html } = pagesHtml(last.result.preview, options);
    $("housie-books").innerHTML = html;
    const count = last.result.records;
    const printed = Math.min(count, PRINT_MAX);
    const groups = last.kind === "books" ? printed : Math.ceil(printed / 6);
    const pages = pagesFor(groups, pageGeometry(layoutOf(options)));
    const noun = last.kind === "books" ? "books" : "tickets";
    const paper = options.paper === "letter" ? "Letter" : "A4";
    // With games, the records are dealt to them in turn: each game its own tickets (planNight).
    const night = options.games ? planNight(options.games) : undefined;
    const split = night
      ? ` dealt to ${night.games.length} games in turn (${night
          .perGame(printed)
          .map((n, g) => `${n.toLocaleString("en")} ${night.games[g]!.name}`)
          .join(", ")}), each game its own`
      : "";
    $("housie-print-note").textContent =
      printed === count
        ? `Print: all ${count.toLocaleString("en")} ${noun}${split} on ${pages.toLocaleString("en")} ${paper} pages.`
        : `Print: the first ${printed.toLocaleString("en")} of ${count.toLocaleString("en")} ${noun} (${pages.toLocaleString("en")} ${paper} pages); the PDF download holds all ${count.toLocaleString("en")}.`;
  };
  for (const id of [
    "housie-layout",
    "housie-paper",
    "housie-per-page",
    "housie-colour",
    "housie-games",
    "housie-title",
    "housie-venue",
    "housie-date",
    "housie-price",
    "housie-qr",
  ]) {
    $(id).addEventListener("change", showPages);
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearFieldErrors(form);
    const kind = form.querySelector<HTMLInputElement>('input[name="kind"]:checked')!.value as HousieKind;
    const count = Number($<HTMLInputElement>("housie-count").value);
    const seed = $<HTMLInputElement>("housie-seed").value.trim();
    const firstSerial = Number($<HTMLInputElement>("housie-serial").value || "1");
    if (!Number.isSafeInteger(count) || count < 1)
      return setFieldError("housie-count", `"${$<HTMLInputElement>("housie-count").value}" is not a whole number from 1 (expected how many ${kind} to make)`);
    if (seed !== "" && !/^\d+$/.test(seed))
      return setFieldError("housie-seed", `"${seed}" is not a seed (expected a whole number from 0 to 18446744073709551615, or empty for random)`);
    if (!Number.isSafeInteger(firstSerial) || firstSerial < 0) return setFieldError("housie-serial", "expected a whole number from 0");
    try {
      const result = await job.run({ type: "housie-generate", kind, count, seed: seed || undefined, firstSerial, preview: ON_SCREEN });
      if (!result) {
        firstRun = true; // a cancelled run ends its worker; the next one starts afresh
        return;
      }
      last = { kind, result, seed, firstSerial, series: randomSeries() };
      const noun = kind === "books" ? (count === 1 ? "book" : "books") : count === 1 ? "ticket" : "tickets";
      const shown =
        result.preview.length < count ? ` — the first ${result.preview.length} are shown below; downloads hold all ${count.toLocaleString("en")}` : "";
      $("housie-summary").dataset.ms = String(result.ms);
      $("housie-summary").replaceChildren(
        el(
          "p",
          {},
          el("strong", { textContent: `${count.toLocaleString("en")} ${noun}` }),
          ` in ${ms(result.ms)}${count >= 1000 ? ` (${((count / result.ms) * 1000).toLocaleString("en", { maximumFractionDigits: 0 })} per second)` : ""}, ${seed ? `seed ${seed}` : "from the browser's cryptographic random source"}${shown}.`,
          firstRun ? el("span", { className: "muted", textContent: " The first run also builds the sampler's tables." }) : "",
        ),
      );
      firstRun = false;
      $("housie-downloads").hidden = false;
      $("housie-print-row").hidden = false;
      showPages();
    } catch (error) {
      const message = describe(error);
      setFieldError(/seed/i.test(message) ? "housie-seed" : /serial/i.test(message) ? "housie-serial" : "housie-count", message);
    }
  });

  const base = () => `housie-${last!.kind}-${last!.seed ? `seed${last!.seed}` : "random"}-${last!.firstSerial}`;
  $("housie-downloads").addEventListener("click", async (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-format]");
    if (!button || !last) return;
    const format = button.dataset.format!;
    if (format === "jsonl") return download(last.result.jsonl, `${base()}.jsonl`);
    const print = settings();
    if (!print) return;
    if (format === "pdf") {
      const qr = print.qr ?? false;
      const pdf = await pdfJob.run({ type: "housie-pdf", jsonl: last.result.jsonl, records: last.result.records, print });
      if (!pdf) return;
      $("housie-downloads").dataset.pdfMs = String(pdf.ms);
      $("housie-downloads").dataset.pdfPages = String(pdf.pages);
      return download(pdf.blob, `${base()}${qr ? "-qr" : ""}.pdf`);
    }
    const result = await formatJob.run({ type: "housie-format", kind: last.kind, jsonl: last.result.jsonl, format: format as "csv" | "html" | "text", print });
    if (result) download(result.blob, `${base()}.${format === "text" ? "txt" : format}`);
  });
  // Print lays out every record (up to PRINT_MAX, as the note says) before the dialog opens,
  // a few pages at a time with a progress bar, so the page stays responsive meanwhile.
  let printing: { cancelled: boolean } | undefined;
  $("housie-print").addEventListener("click", async () => {
    if (!last || printing) return;
    const options = settings();
    if (!options) return;
    if (last.result.records > last.result.preview.length) {
      const run = { cancelled: false };
      printing = run;
      try {
        const records: PreviewRecord[] = [];
        for (const line of (await last.result.jsonl.text()).split("\n")) {
          if (records.length === PRINT_MAX) break;
          if (line) records.push(JSON.parse(line) as PreviewRecord);
        }
        if (!(await layOutPages(records, options, run))) {
          showPages();
          return;
        } // cancelled: the preview again
      } finally {
        printing = undefined;
      }
    }
    window.print();
  });
}

/** Records laid out between two yields to the browser: a few pages, well under a frame's worth of work each. */
const PRINT_CHUNK = 12;

/**
 * Replaces the preview with every record's pages, PRINT_CHUNK records at a time, showing
 * progress (and a Cancel button) in the print row; false when cancelled.
 */
async function layOutPages(records: PreviewRecord[], options: PrintOptions, run: { cancelled: boolean }): Promise<boolean> {
  const planner = new PrintPlanner(options);
  const g = planner.geometry;
  const target = $("housie-books");
  const box = $("housie-print-progress");
  const bar = el("progress", { max: records.length, value: 0 });
  bar.setAttribute("aria-label", "Laying out the pages");
  const status = el("span", { className: "job-status", textContent: "Laying out the pages…" });
  status.setAttribute("role", "status");
  const cancel = el("button", { type: "button", className: "cancel", textContent: "Cancel" });
  cancel.addEventListener("click", () => {
    run.cancelled = true;
  });
  box.replaceChildren(bar, status, cancel);
  box.hidden = false;
  const button = $<HTMLButtonElement>("housie-print");
  button.disabled = true;
  try {
    target.innerHTML = `<style>${printCss(g)}</style>`;
    let pages = 0;
    for (let i = 0; i < records.length; i += PRINT_CHUNK) {
      if (run.cancelled) return false;
      const chunk = records.slice(i, i + PRINT_CHUNK).flatMap((r, j) => planner.add(printedRecord(r, i + j, options)));
      if (i + PRINT_CHUNK >= records.length) chunk.push(...planner.finish());
      target.insertAdjacentHTML("beforeend", chunk.map((p) => pageHtml(p, g, options.qr ?? false)).join(""));
      pages += chunk.length;
      const done = Math.min(records.length, i + PRINT_CHUNK);
      bar.value = done;
      status.textContent = `Laying out the pages… ${done.toLocaleString("en")} of ${records.length.toLocaleString("en")} records, ${pages.toLocaleString("en")} pages`;
      box.dataset.progress = `${done}/${records.length}`;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return !run.cancelled;
  } finally {
    button.disabled = false;
    box.hidden = true;
    box.replaceChildren();
  }
}

function setUpValidate(): void {
  const job = new JobView("housie-validate-job", "Validating");
  const report = $("housie-report");
  const run = async () => {
    try {
      const result = await job.run({ type: "housie-validate", text: dropText("housie-validate-text") });
      if (!result) return;
      const head = `${result.records.toLocaleString("en")} records, ${result.tickets.toLocaleString("en")} tickets`;
      if (result.violations.length === 0) {
        report.replaceChildren(el("p", { className: "ok", textContent: `✔ ${head}: valid` }));
        return;
      }
      const table = el(
        "table",
        { className: "results violations" },
        el("caption", {
          textContent: `${result.violations.length} broken rule${result.violations.length === 1 ? "" : "s"}${result.violations.length > 1000 ? " (the first 1000 shown)" : ""}`,
        }),
        el("thead", {}, el("tr", {}, ...["Line", "Rule", "What is wrong", "Expected"].map((h) => el("th", { scope: "col", textContent: h })))),
      );
      const body = el("tbody");
      for (const v of result.violations.slice(0, 1000)) {
        body.append(
          el(
            "tr",
            {},
            el("td", { className: "num", textContent: String(v.line ?? "") }),
            el("td", { className: "rule" }, el("code", { textContent: v.rule })),
            el("td", { textContent: v.problem }),
            el("td", { textContent: v.expected }),
          ),
        );
      }
      table.append(body);
      report.replaceChildren(el("p", { className: "error", textContent: `✘ ${head}: invalid` }), el("div", { className: "table-wrap" }, table));
    } catch (error) {
      report.replaceChildren(el("p", { className: "error", textContent: describe(error) }));
    }
  };
  wireDrop("housie-drop", "housie-validate-text", "housie-file", () => void run());
  $("housie-validate").addEventListener("click", () => void run());
}

function setUpCounts(): void {
  const job = new JobView("housie-counts-job", "Counting");
  $("housie-counts-go").addEventListener("click", async () => {
    const c = await job.run({ type: "housie-count" });
    if (!c) return;
    $("housie-counts").dataset.ms = String(c.ms);
    const rows: [string, string, string][] = [
      [
        "Ticket patterns",
        c.patterns,
        "Where the numbers go: 3 rows of 9 cells with 5 numbers a row and no empty column. Of the C(9,5)³ = 2,000,376 row triples, these leave no column empty.",
      ],
      [
        "Column-count vectors",
        c.vectors,
        "How many numbers each column holds (1 to 3, 15 in all). A vector with d columns of 3 has 1,710, 639, 240 or 90 patterns for d = 0…3.",
      ],
      [
        "Distinct single tickets",
        c.tickets,
        "Σ over vectors c of patterns(c) · Π C(nⱼ, cⱼ): a pattern, then which of column j's nⱼ numbers fill it (they are sorted down the column).",
      ],
      [
        "Books, as ordered sequences of 6 tickets",
        c.orderedBooks,
        "Σ over 6×9 matrices of counts with column sums 9, 10, …, 10, 11 of Π patterns · Π multinomials — a meet in the middle over pairs of tickets, exact in 128-bit WebAssembly and bigint.",
      ],
      ["Books, as unordered sets of 6 tickets", c.unorderedBooks, "The ordered count ÷ 6! (a book's six tickets are always different)."],
    ];
    $("housie-counts").replaceChildren(
      el(
        "dl",
        { className: "counts" },
        ...rows.flatMap(([name, value, why]) => [
          el("dt", { textContent: name }),
          el("dd", {}, el("output", { className: "mono", textContent: grouped(value), title: value }), el("p", { className: "hint", textContent: why })),
        ]),
      ),
      el("p", { className: "muted", textContent: `Computed in ${ms(c.ms)}.` }),
    );
  });
}
