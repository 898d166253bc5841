// Game panel: the caller for a hall or a tambola night (current number large, the 1-90
// board, call count; space calls, u or Backspace undoes; a ball machine's balls typed in;
// saved in local storage and resumed on reload) and claim checks against the series
// file, read in the page (nothing is uploaded): a reference with its check digit gives
// the ticket with the called numbers marked and a verdict for each prize (WINS … / NOT A
// WINNER: …). Any new check, refused or not, first clears the verdict shown before.
import { Caller, PRIZE_SETS, checkGame, describeVerdict, parseBall, parsePrizeSet, readSeriesText, ready, type SeriesBatch } from "tabula-grids/housie";
import { $, describe, dropText, el, setFieldError, wireDrop } from "../ui.js";
import { GAME_CALLS_EVENT, setUpProjector, type GameCallsDetail } from "./projector.js";

const STORAGE_KEY = "tabula-housie-game";

/** A series read in the page: its text (read again for each claim, as `housie claims` reads its file) and what it holds. */
interface LoadedSeries {
  read: () => Iterable<SeriesBatch>;
  books: number;
  singles: number;
}

/**
 * Reads the series file through the library's series codec, the reader `housie check` and
 * `housie claims` use: every rule checked, books and single tickets alike, and a bad file
 * refused at its first violation with the CLI's line (name:line: what is wrong (expected …) [rule]).
 */
function readSeries(text: string, source: string): LoadedSeries {
  const loaded: LoadedSeries = { read: () => readSeriesText(text, { source }), books: 0, singles: 0 };
  for (const b of loaded.read()) {
    if (b.ticketsPerRecord === 6) loaded.books += b.count;
    else loaded.singles += b.count;
  }
  return loaded;
}

/** "200 books, 1,200 tickets loaded", "7 single tickets loaded", "2 books and 3 single tickets, 15 tickets loaded". */
function describeSeries({ books, singles }: LoadedSeries): string {
  const n = (x: number) => x.toLocaleString("en");
  const parts = [
    books > 0 ? `${n(books)} book${books === 1 ? "" : "s"}` : "",
    singles > 0 ? `${n(singles)} single ticket${singles === 1 ? "" : "s"}` : "",
  ].filter(Boolean);
  const tickets = books * 6 + singles;
  return `${parts.join(" and ")}${books > 0 ? `, ${n(tickets)} tickets` : ""} loaded (read here, not uploaded).`;
}

export function setUpGame(): void {
  let caller = load();
  let series: LoadedSeries | undefined;
  const board = $("game-board");
  for (let x = 1; x <= 90; x++) board.append(el("span", { className: "n", textContent: String(x), id: `game-n${x}` }));

  const show = () => {
    const calls = caller.calls;
    $("game-current").textContent = caller.current === undefined ? "–" : String(caller.current);
    $("game-count").textContent =
      `${calls.length} of 90 called · ${PRIZE_SETS[caller.prizes].join(", ")}${caller.seed !== null ? ` · seed ${caller.seed}` : ""}`;
    const called = new Set(calls);
    for (let x = 1; x <= 90; x++) {
      const cell = $(`game-n${x}`);
      cell.classList.toggle("called", called.has(x));
      cell.classList.toggle("last", x === caller.current);
    }
    $("game-recent").textContent = calls.length > 1 ? `before: ${calls.slice(-6, -1).reverse().join(", ")}` : "";
    localStorage.setItem(STORAGE_KEY, JSON.stringify(caller.toJSON()));
    document.dispatchEvent(new CustomEvent<GameCallsDetail>(GAME_CALLS_EVENT, { detail: { calls: [...calls] } })); // the projector view
  };
  const call = () => {
    if (caller.calls.length < 90) caller.next();
    show();
  };
  const undo = () => {
    caller.undo();
    show();
  };
  // A ball machine's ball, typed: called (saved with the game) or refused with one line, the field kept for a retype.
  $("game-drawn-form").addEventListener("submit", (event) => {
    event.preventDefault();
    setFieldError("game-drawn", "");
    const field = $<HTMLInputElement>("game-drawn");
    try {
      caller.call(parseBall(field.value));
    } catch (error) {
      return setFieldError("game-drawn", describe(error));
    }
    field.value = "";
    show();
  });
  $("game-call").addEventListener("click", call);
  $("game-undo").addEventListener("click", undo);
  $("game-new").addEventListener("submit", (event) => {
    event.preventDefault();
    setFieldError("game-seed", "");
    const seed = $<HTMLInputElement>("game-seed").value.trim();
    if (seed !== "" && !/^\d{1,20}$/.test(seed))
      return setFieldError("game-seed", `"${seed.slice(0, 30)}" is not a seed (expected a whole number from 0 to 18446744073709551615, or empty for random)`);
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
    if (event.key === " ") {
      event.preventDefault();
      call();
    } else if (event.key === "u" || event.key === "Backspace") {
      event.preventDefault();
      undo();
    }
  });

  const loadSeries = (text: string, source: string) => {
    try {
      series = readSeries(text, source);
      $("game-series-info").textContent = describeSeries(series);
      $("game-series-info").className = "ok";
    } catch (error) {
      series = undefined;
      $("game-series-info").textContent = describe(error);
      $("game-series-info").className = "error";
    }
  };
  wireDrop("game-drop", "game-series-text", "game-series-file", (text, name) => loadSeries(text, name));
  // Typed or pasted into the box: read again at the next claim, under this name.
  $("game-series-text").addEventListener("input", () => {
    series = undefined;
  });
  $("game-claim-form").addEventListener("submit", (event) => event.preventDefault());
  $("game-claim").addEventListener("click", async () => {
    setFieldError("game-ref", "");
    // Never a stale verdict: whatever this check ends in, the last one's is gone.
    $("game-claim-result").replaceChildren();
    // The claim check runs in the housie kernel, compiled once on first use.
    try {
      await ready();
    } catch (error) {
      return setFieldError("game-ref", describe(error));
    }
    if (!series) loadSeries(dropText("game-series-text"), "pasted series");
    if (!series) return;
    const ref = $<HTMLInputElement>("game-ref").value;
    let report;
    try {
      // A night's series (books --games): only the game named here can win; a ticket of another game is refused naming both.
      const night = $<HTMLInputElement>("game-night-game").value.trim();
      report = checkGame(series.read, caller.calls, caller.prizes, ref, night === "" ? {} : { game: night });
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
      table.append(
        el("tr", {}, ...row.map((x) => el("td", x === null ? { className: "blank" } : { className: called.has(x) ? "marked" : "", textContent: String(x) }))),
      );
    }
    const wins = report.claim.wins;
    out.replaceChildren(
      el("p", {
        className: wins ? "ok" : "error",
        textContent: `${wins ? "✔" : "✘"} ${report.claim.ref} ${wins ? "WINS" : "is NOT A WINNER"} after ${caller.calls.length} calls`,
      }),
      table,
      el(
        "ul",
        { className: "verdicts" },
        ...report.claim.prizes.map((v, k) => el("li", { className: v.wins ? "wins" : "not-winner", textContent: describeVerdict(v, report.prizes[k]) })),
      ),
    );
  });
  setUpProjector();
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
