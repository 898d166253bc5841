// The caller's projector view: the Game tab's caller full screen for a hall — the
// current number huge, the board of called numbers 1-90, "call 28 of 90", optional
// speech (the traditional calls, through the browser's speechSynthesis) and auto-call
// every N seconds with pause. It drives the Game tab's own Call and Undo buttons and
// redraws whenever the Game tab says the calls changed ("tabula-game-calls"), so the
// game itself has one owner (game.ts) and is saved as before.
import { $, el } from "../ui.js";
import { spokenCall } from "./calls.js";

/** Sent by game.ts after every change of the calls. */
export interface GameCallsDetail {
  calls: readonly number[];
}
export const GAME_CALLS_EVENT = "tabula-game-calls";

const MIN_SECONDS = 2;
const MAX_SECONDS = 120;

export function setUpProjector(): void {
  const view = $("projector");
  const current = $("projector-current");
  const count = $("projector-count");
  const board = $("projector-board");
  const auto = $<HTMLButtonElement>("projector-auto");
  const seconds = $<HTMLInputElement>("projector-seconds");
  const speak = $<HTMLInputElement>("projector-speak");
  for (let x = 1; x <= 90; x++) board.append(el("span", { className: "n", textContent: String(x), id: `projector-n${x}` }));
  let calls: readonly number[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;

  const draw = () => {
    const last = calls[calls.length - 1];
    current.textContent = last === undefined ? "–" : String(last);
    count.textContent = calls.length === 0 ? "no number called yet" : `call ${calls.length} of 90`;
    const called = new Set(calls);
    for (let x = 1; x <= 90; x++) {
      const cell = $(`projector-n${x}`);
      cell.classList.toggle("called", called.has(x));
      cell.classList.toggle("last", x === last);
    }
  };
  document.addEventListener(GAME_CALLS_EVENT, (event) => {
    const before = calls.length;
    calls = (event as CustomEvent<GameCallsDetail>).detail.calls;
    draw();
    if (calls.length === 90) stopAuto();
    const last = calls[calls.length - 1];
    if (!view.hidden && speak.checked && calls.length === before + 1 && last !== undefined && "speechSynthesis" in window) {
      window.speechSynthesis.cancel();
      window.speechSynthesis.speak(new SpeechSynthesisUtterance(spokenCall(last)));
    }
  });

  const stopAuto = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    auto.textContent = "Auto-call";
    auto.setAttribute("aria-pressed", "false");
  };
  const startAuto = () => {
    const s = Number(seconds.value);
    if (!Number.isFinite(s) || s < MIN_SECONDS || s > MAX_SECONDS) {
      seconds.setCustomValidity(`expected ${MIN_SECONDS} to ${MAX_SECONDS} seconds`);
      seconds.reportValidity();
      return;
    }
    seconds.setCustomValidity("");
    timer = setInterval(() => $<HTMLButtonElement>("game-call").click(), s * 1000);
    auto.textContent = "Pause";
    auto.setAttribute("aria-pressed", "true");
  };
  auto.addEventListener("click", () => (timer === undefined ? startAuto() : stopAuto()));
  seconds.addEventListener("change", () => {
    if (timer !== undefined) {
      stopAuto();
      startAuto();
    }
  });
  $("projector-call").addEventListener("click", () => $<HTMLButtonElement>("game-call").click());
  $("projector-undo").addEventListener("click", () => $<HTMLButtonElement>("game-undo").click());

  const open = () => {
    view.hidden = false;
    document.body.classList.add("projecting");
    void view.requestFullscreen?.().catch(() => undefined); // a projector shows the page full screen where the browser allows it
    $("projector-call").focus();
  };
  const close = () => {
    stopAuto();
    window.speechSynthesis?.cancel();
    view.hidden = true;
    document.body.classList.remove("projecting");
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    $("game-projector").focus();
  };
  $("game-projector").addEventListener("click", open);
  $("projector-close").addEventListener("click", close);
  document.addEventListener("keydown", (event) => {
    if (view.hidden) return;
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  });
  draw();
}
