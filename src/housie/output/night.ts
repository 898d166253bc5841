// A night of several games (--games "Red,Blue,Green") as one plan for every writer: the
// CLI's `housie books --games` and the web app's print, PDF and downloads. A night of G
// games is one series of count × G records dealt to the games in turn (record i plays
// in game i mod G, model/game.ts), so each game has its own tickets, unique across the
// night, and a player's multi-colour book is G consecutive serials.
import { gameOfRecord, type NightGame } from "../model/game.js";
import type { HousieRecord } from "../model/cells.js";
import { nightGames, redGreenWarning, type TicketColour } from "./colours.js";

export interface NightPlan {
  /** The games in the order played, with their colours. */
  readonly games: readonly (NightGame & { colour: TicketColour })[];
  /** A warning for the operator when a red game meets a green one, else undefined. */
  readonly warning: string | undefined;
  /** Records of the whole night for `perGame` records (books or tickets) in each game. */
  records(perGame: number): number;
  /** The record at `index` (0-based, in series order) with its game named. */
  tag(record: HousieRecord, index: number): HousieRecord;
  /** How many of the night's first `records` records play in each game, in game order. */
  perGame(records: number): number[];
}

/**
 * The plan of a night of several games: which game each record of the night's one series
 * plays in, so every game has its own tickets. A bad list is one UsageError.
 *
 * @param games colours separated by commas, one per game, in the order played ("Red,Blue,Green")
 * @example
 * ```ts
 * import { planNight } from "tabula-grids/housie";
 *
 * const night = planNight("Red,Blue");
 * night.records(3); // 6
 * night.perGame(5); // [3, 2]
 * ```
 */
export function planNight(games: string): NightPlan {
  const list = nightGames(games);
  return {
    games: list,
    warning: redGreenWarning(list),
    records: (perGame) => perGame * list.length,
    tag: (record, index) => {
      const g = gameOfRecord(index, list);
      return { ...record, game: { number: g.number, name: g.name } };
    },
    perGame: (records) => list.map((_, g) => Math.floor(records / list.length) + (g < records % list.length ? 1 : 0)),
  };
}
