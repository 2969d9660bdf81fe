/** `plystack/bots`: seeded bots over a table's legal moves. */
export { mctsBot, randomBot, type Bot, type MctsOptions, type Position } from './bots.js';
