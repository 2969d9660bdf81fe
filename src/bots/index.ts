/** `plystack/bots`: seeded bots over a table's legal moves, and the one rule for the moves they consider. */
export { botMoves, LAST_RESORT_MOVES, type Position, randomLegalMove } from './botMoves.js';
export { type Bot, chooseSoon, type MctsOptions, mctsBot, randomBot } from './bots.js';
export { type BotHint, HintError } from './hintError.js';
