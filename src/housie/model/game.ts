// The games of a night (`housie books --games "Red,Blue,Green"`): each game has its own
// tickets, unique across the whole night, and every record, reference and QR code names
// its game by number (1 to 12, in the order given) — printed references read
// `G2-1234-5-9` — and by name. A record of the night's book k in game g has the serial
// first + k·G + (g − 1): a player's multi-colour book is G consecutive serials, and the
// series stays one counting-up run of distinct serials. References without a game
// (`1234-5-9`) read as they always have.
import { UsageError } from "../../errors.js";

/** A game of the night: its number (1-based, the order of --games) and its name. */
export interface NightGame {
  number: number;
  name: string;
}

/** Games a night may have (as --games allows). */
export const MAX_GAMES = 12;

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

/** A UsageError for a claim in the wrong game, naming both. */
export function wrongGame(ref: string, ticketGame: NightGame | undefined, playing: NightGame): UsageError {
  const its = ticketGame ? describeGame(ticketGame) : "no game";
  return new UsageError(`a claim in the wrong game: ${ref} is a ticket of ${its}, this is ${describeGame(playing)}`);
}
