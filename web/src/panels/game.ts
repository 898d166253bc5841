// Game panel: the caller for a hall or a tambola night (current number large, the 1-90
// board, call count; space calls, u or Backspace undoes; saved in local storage and
// resumed on reload) and claim checks against the series file, read in the page
// (nothing is uploaded): a reference with its check digit gives the ticket with the
// called numbers marked and a verdict for each prize.
import { Caller, PRIZE_SETS, checkGame, describeVerdict, parsePrizeSet, ready, type SeriesBatch } from "tabula-grids/housie";
import { $, describe, dropText, el, setFieldError, wireDrop } from "../ui.js";

const STORAGE_KEY = "tabula-housie-game";

/** The series file as one batch of cells (27 a ticket), or a message naming the bad line. */
function parseSeriesText(text: string): SeriesBatch {
  const lines = text.split("\n");
  const cells: number[] = [];
  const serials: bigint[] = [];
  const lineNumbers: number[] = [];
  let per = 0;
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    let record: { serial?: unknown; tickets?: unknown };
    try {
      record = JSON.parse(line) as typeof record;
    } catch {
      throw new Error(`line ${i + 1}: not JSON (expected the JSONL series the tickets were printed from)`);
    }
    const tickets = record.tickets as (number | null)[][][];
    const digits = /"serial"\s*:\s*(\d{1,20})/.exec(line)?.[1]; // exact, past 2^53 too
    if (!Array.isArray(tickets) || digits === undefined || (tickets.length !== 1 && tickets.length !== 6) || (per !== 0 && tickets.length !== per)) {
      throw new Error(`line ${i + 1}: not a book or ticket of the series (expected {"serial":S,"tickets":[...]})`);
    }
    per = tickets.length;
    for (const t of tickets) for (const row of t) for (const x of row) cells.push(x ?? 0);
    serials.push(BigInt(digits));
    lineNumbers.push(i + 1);
  });
  if (serials.length === 0) throw new Error("the series file holds no books or tickets");
  return { count: serials.length, ticketsPerRecord: per, cells: Uint8Array.from(cells), serials: BigUint64Array.from(serials), lines: Float64Array.from(lineNumbers) };
}

export function setUpGame(): void {
  let caller = load();
  let series: SeriesBatch | undefined;
  const board = $("game-board");
  for (let x = 1; x <= 90; x++) board.append(el("span", { className: "n", textContent: String(x), id: `game-n${x}` }));

  const show = () => {
    const calls = caller.calls;
    $("game-current").textContent = caller.current === undefined ? "–" : String(caller.current);
    $("game-count").textContent = `${calls.length} of 90 called · ${PRIZE_SETS[caller.prizes].join(", ")}${caller.seed !== null ? ` · seed ${caller.seed}` : ""}`;
    const called = new Set(calls);
    for (let x = 1; x <= 90; x++) {
      const cell = $(`game-n${x}`);
      cell.classList.toggle("called", called.has(x));
      cell.classList.toggle("last", x === caller.current);
    }
    $("game-recent").textContent = calls.length > 1 ? `before: ${calls.slice(-6, -1).reverse().join(", ")}` : "";
    localStorage.setItem(STORAGE_KEY, JSON.stringify(caller.toJSON()));
  };
  const call = () => {
    if (caller.calls.length < 90) caller.next();
    show();
  };
  const undo = () => {
    caller.undo();
    show();
  };
  $("game-call").addEventListener("click", call);
  $("game-undo").addEventListener("click", undo);
  $("game-new").addEventListener("submit", (event) => {
    event.preventDefault();
    setFieldError("game-seed", "");
    const seed = $<HTMLInputElement>("game-seed").value.trim();
    if (seed !== "" && !/^\d{1,20}$/.test(seed)) return setFieldError("game-seed", `"${seed.slice(0, 30)}" is not a seed (expected a whole number from 0 to 18446744073709551615, or empty for random)`);
    try {
      caller = Caller.start({ seed: seed === "" ? undefined : BigInt(seed), prizes: parsePrizeSet($<HTMLSelectElement>("game-prizes").value) });
    } catch (error) {
      return setFieldError("game-seed", describe(error));
    }
    $("game-claim-result").replaceChildren();
    show();
  });
  // Space calls, u or Backspace undoes, while the Game tab is shown and no field has the focus.
  document.addEventListener("keydown", (event) => {
    if ($("panel-game").hidden || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement;
    if (target.closest("input, textarea, select, button")) return;
    if (event.key === " ") { event.preventDefault(); call(); }
    else if (event.key === "u" || event.key === "Backspace") { event.preventDefault(); undo(); }
  });

  const loadSeries = (text: string) => {
    try {
      series = parseSeriesText(text);
      const tickets = series.count * series.ticketsPerRecord;
      $("game-series-info").textContent = `${series.count.toLocaleString("en")} ${series.ticketsPerRecord === 6 ? "books" : "tickets"}, ${tickets.toLocaleString("en")} tickets loaded (read here, not uploaded).`;
      $("game-series-info").className = "ok";
    } catch (error) {
      series = undefined;
      $("game-series-info").textContent = describe(error);
      $("game-series-info").className = "error";
    }
  };
  wireDrop("game-drop", "game-series-text", "game-series-file", (text) => loadSeries(text));
  $("game-claim-form").addEventListener("submit", (event) => event.preventDefault());
  $("game-claim").addEventListener("click", async () => {
    setFieldError("game-ref", "");
    // The claim check runs in the housie kernel, compiled once on first use.
    try {
      await ready();
    } catch (error) {
      return setFieldError("game-ref", describe(error));
    }
    if (!series) loadSeries(dropText("game-series-text"));
    if (!series) return;
    const ref = $<HTMLInputElement>("game-ref").value;
    let report;
    try {
      report = checkGame(() => [series!], caller.calls, caller.prizes, ref);
    } catch (error) {
      return setFieldError("game-ref", describe(error));
    }
    const out = $("game-claim-result");
    if (!report.claim) {
      out.replaceChildren(el("p", { className: "error", textContent: `✘ ${ref.trim()}: no such ticket in the series` }));
      return;
    }
    const called = new Set(caller.calls);
    const table = el("table", { className: "claim-ticket" });
    for (const row of report.claim.grid) {
      table.append(el("tr", {}, ...row.map((x) => el("td", x === null ? { className: "blank" } : { className: called.has(x) ? "marked" : "", textContent: String(x) }))));
    }
    const anyValid = report.claim.prizes.some((v) => v.verdict === "valid now");
    out.replaceChildren(
      el("p", { className: anyValid ? "ok" : "muted", textContent: `${anyValid ? "✔" : "•"} ${report.claim.ref} after ${caller.calls.length} calls` }),
      table,
      el("ul", { className: "verdicts" }, ...report.claim.prizes.map((v, k) => el("li", { className: v.verdict.replace(" ", "-"), textContent: describeVerdict(v, report.prizes[k]) }))),
    );
  });
  show();
}

/** The saved game, or a new one (a broken save is dropped, not fatal). */
function load(): Caller {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved) {
    try {
      return Caller.resume(saved, "saved game");
    } catch {
      localStorage.removeItem(STORAGE_KEY);
    }
  }
  return Caller.start();
}
