// The page: four tabs (farms, housie, game, tours), each wired by its panel module.
import { setUpFarms } from "./panels/farms.js";
import { setUpHousie } from "./panels/housie.js";
import { setUpTours } from "./panels/tours.js";
import { setUpGame } from "./panels/game.js";

/** Tabs as the ARIA pattern: arrow keys, Home and End move between them; the hash keeps the choice. */
function setUpTabs(): void {
  const tabs = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const select = (tab: HTMLButtonElement, focus: boolean) => {
    for (const other of tabs) {
      const on = other === tab;
      other.setAttribute("aria-selected", String(on));
      other.tabIndex = on ? 0 : -1;
      document.getElementById(other.getAttribute("aria-controls")!)!.hidden = !on;
    }
    if (focus) tab.focus();
    history.replaceState(null, "", `#${tab.id.replace("tab-", "")}`);
  };
  tabs.forEach((tab, i) => {
    tab.addEventListener("click", () => select(tab, false));
    tab.addEventListener("keydown", (event) => {
      const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select(tabs[(next + tabs.length) % tabs.length]!, true);
    });
  });
  const initial = tabs.find((tab) => tab.id === `tab-${location.hash.slice(1)}`);
  if (initial) select(initial, false);
}

setUpTabs();
setUpFarms();
setUpHousie();
setUpTours();
setUpGame();
document.body.dataset.ready = "1";
