/** `plystack/bots`: seeded bots over a table's legal moves. */
export { type Bot, type MctsOptions, mctsBot, type Position, randomBot } from './bots.js';
