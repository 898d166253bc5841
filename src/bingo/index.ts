// tabula-grids/bingo: card formats beside UK 90-ball (tabula-grids/housie): 75-ball
// (5×5, free centre), 80-ball (4×4) and 30-ball (3×3) cards from one card shape.
export { BALLS, SHAPE_30, SHAPE_75, SHAPE_80, SHAPE_90, shapeOf, cardShapeOf, checkCardShape, shapeRules, type BingoBall, type CardShape } from "./shape.js";
export { countCards, type CardCounts } from "./count.js";
export { cardRank } from "./key.js";
export { CardRun, generateCards, MAX_UNIQUE_CARDS, type CardRunOptions, type CardCells } from "./generate.js";
export { cardFromCells, cellsFromCard, cardRef, parseCardRef, type CardRecord } from "./card.js";
export { cardToJson, parseCardLine, readCardSeries, validateCardSeries, type CardViolation, type CardRule, type CardBatch } from "./codec.js";
export { cardFormatter, cardToText, CARD_FORMATS, type CardFormat, type CardFormatter } from "./format.js";
export type { CardPaperOptions } from "./paper.js";
export { parsePatternGame, maskText, PATTERN_NAMES, PATTERN_HELP, type PatternGame, type PatternName } from "./patterns.js";
export { winCalls, NEVER } from "./wins.js";
export { playGame, type GameResults, type CallWinners, type CardClaim } from "./claims.js";
export { bingoModule } from "./kernel.js";
