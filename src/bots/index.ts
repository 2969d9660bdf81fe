/** `plystack/bots`: seeded bots over a table's legal moves. */
export { type Bot, chooseSoon, type MctsOptions, mctsBot, type Position, randomBot } from './bots.js';
