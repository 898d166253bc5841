// Ticket colours: a name a hall uses for a game ("Red", "Blue") or #rgb/#rrggbb. The
// colour is the ticket's border and band; blank cells get a pale tint of it, so black
// numbers stay readable on any colour. Names map to print-safe dark tones (a pure
// yellow border would vanish on white paper). The games of a night (--games) take their
// colours from here, with a warning when a red and a green game meet.
import { UsageError } from "../../errors.js";
import { text as checkText } from "../../args.js";
import type { NightGame } from "../model/game.js";

export interface TicketColour {
  /** What the operator called it (the game's name when it came from --games). */
  name: string;
  /** Border and band colour, #rrggbb. */
  ink: string;
  /** Blank-cell shade, #rrggbb: the ink mixed with white. */
  shade: string;
}

const NAMED: Record<string, string> = {
  blue: "#1d4e89",
  red: "#b3261e",
  green: "#1e7b34",
  orange: "#c25e00",
  purple: "#6a3d9a",
  pink: "#c2185b",
  yellow: "#a68a00",
  brown: "#7b4a1e",
  teal: "#00796b",
  grey: "#555555",
  gray: "#555555",
  black: "#111111",
  navy: "#1a237e",
  maroon: "#800020",
  gold: "#9a7b0a",
};

export const COLOUR_NAMES: readonly string[] = Object.keys(NAMED);
/** The house colour when none is chosen: the same on screen, in print and in the PDF. */
export const DEFAULT_COLOUR = "blue";

const SHADE_WHITE = 0.84; // share of white in the blank-cell tint

function hex(n: number): string {
  return Math.round(n).toString(16).padStart(2, "0");
}

/**
 * Parses a colour name or #hex into ink and shade; anything else is one UsageError.
 *
 * @param text a colour name or #hex
 * @param option the option's name for the error message
 * @example
 * ```ts
 * import { parseColour } from "tabula-grids";
 *
 * parseColour("red"); // { name: "red", ink: "#b3261e", shade: "#f3dcdb" }
 * ```
 */
export function parseColour(text: string, option = "--colour"): TicketColour {
  checkText(text, "text");
  checkText(option, "option");
  const name = text.trim();
  let ink = NAMED[name.toLowerCase()];
  if (ink === undefined) {
    const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(name);
    if (!m)
      throw new UsageError(`${option} ${JSON.stringify(name.slice(0, 30))} is not a colour (expected a name: ${COLOUR_NAMES.join(", ")}; or #rgb or #rrggbb)`);
    const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join("") : m[1]!;
    ink = `#${h.toLowerCase()}`;
  }
  const rgb = [1, 3, 5].map((i) => parseInt(ink!.slice(i, i + 2), 16));
  const shade = `#${rgb.map((c) => hex(c + (255 - c) * SHADE_WHITE)).join("")}`;
  return { name, ink, shade };
}

/**
 * Parses --games "Red,Blue,Green": one colour per game, in the order played.
 *
 * @param text colours separated by commas, one per game
 * @example
 * ```ts
 * import { parseGames } from "tabula-grids";
 *
 * parseGames("Red,Blue").map((c) => c.name); // ["Red", "Blue"]
 * ```
 */
export function parseGames(text: string): TicketColour[] {
  checkText(text, "text");
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => p === ""))
    throw new UsageError(`--games ${JSON.stringify(text.slice(0, 40))} has an empty game (expected colours separated by commas, e.g. "Red,Blue,Green")`);
  if (parts.length > 12) throw new UsageError(`--games names ${parts.length} games (expected at most 12)`);
  return parts.map((p) => parseColour(p, "--games"));
}

/** The games of --games "Red,Blue,Green" with their colours. */
export function nightGames(list: string): (NightGame & { colour: TicketColour })[] {
  return parseGames(list).map((colour, i) => ({ number: i + 1, name: colour.name, colour }));
}

/** Hue in degrees of #rrggbb, or undefined for a grey. */
function hue(hex: string): number | undefined {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d < 0.15) return undefined;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/**
 * One line for a night that pairs a red with a green game (the pair a colour-blind
 * checker confuses most, about 1 man in 12), or undefined.
 */
export function redGreenWarning(games: readonly (NightGame & { colour: TicketColour })[]): string | undefined {
  const red = games.find((g) => {
    const h = hue(g.colour.ink);
    return h !== undefined && (h >= 330 || h <= 25);
  });
  const green = games.find((g) => {
    const h = hue(g.colour.ink);
    return h !== undefined && h >= 75 && h <= 165;
  });
  if (!red || !green) return undefined;
  return `--games pairs ${red.name} with ${green.name}: red and green look alike to a colour-blind checker; every ticket names its game (G${red.number}, G${green.number}), call the games by name and number`;
}
