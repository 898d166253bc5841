// The games of a night (`housie books --games "Red,Blue,Green"`): each game has its own
// tickets, unique across the whole night, and every record, reference and QR code names
// its game by number (1 to 12, in the order given) — printed references read
// `G2-1234-5-9` — and by name. A record of the night's book k in game g has the serial
// first + k·G + (g − 1): a player's multi-colour book is G consecutive serials, and the
// series stays one counting-up run of distinct serials. References without a game
// (`1234-5-9`) read as they always have.
import { UsageError } from "../../errors.js";
import { parseGames, type TicketColour } from "../output/colours.js";

/** A game of the night: its number (1-based, the order of --games) and its name. */
export interface NightGame {
  number: number;
  name: string;
}

/** Games a night may have (as --games allows). */
export const MAX_GAMES = 12;

/** The games of --games "Red,Blue,Green" with their colours. */
export function nightGames(list: string): (NightGame & { colour: TicketColour })[] {
  return parseGames(list).map((colour, i) => ({ number: i + 1, name: colour.name, colour }));
}

/** The game of the i-th record (0-based) of a night of `games` games: they take turns. */
export function gameOfRecord<G>(index: number, games: readonly G[]): G {
  return games[index % games.length]!;
}

/** "game 2 (Blue)": a game in messages. */
export function describeGame(game: NightGame): string {
  return `game ${game.number} (${game.name})`;
}

/** Whether `said` (a name or a number, as an operator gives it) names `game`. */
export function namesGame(said: string, game: NightGame): boolean {
  const s = said.trim().toLowerCase();
  return s === String(game.number) || s === game.name.toLowerCase();
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
  const red = games.find((g) => { const h = hue(g.colour.ink); return h !== undefined && (h >= 330 || h <= 25); });
  const green = games.find((g) => { const h = hue(g.colour.ink); return h !== undefined && h >= 75 && h <= 165; });
  if (!red || !green) return undefined;
  return `--games pairs ${red.name} with ${green.name}: red and green look alike to a colour-blind checker; every ticket names its game (G${red.number}, G${green.number}), call the games by name and number`;
}

/** A UsageError for a claim in the wrong game, naming both. */
export function wrongGame(ref: string, ticketGame: NightGame | undefined, playing: NightGame): UsageError {
  const its = ticketGame ? describeGame(ticketGame) : "no game";
  return new UsageError(`a claim in the wrong game: ${ref} is a ticket of ${its}, this is ${describeGame(playing)}`);
}
