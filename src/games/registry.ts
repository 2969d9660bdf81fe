/**
 * The built-in games, by id: what the CLI and `replay` can open from a log.
 */
import type { AnyGame } from '../definition/game.js';
import { circularTable } from './circularTable/circularTable.js';
import { frogger } from './frogger/frogger.js';
import { mundane } from './mundane/mundane.js';
import { sandbox } from './sandbox/sandbox.js';
import { skirmish } from './skirmish/skirmish.js';
import { ticTacToe } from './ticTacToe/ticTacToe.js';

/** Every built-in game, by id: the two engine games, then the four example games. */
export const builtInGames: Readonly<Record<string, AnyGame>> = Object.freeze(
  Object.fromEntries([mundane, sandbox, circularTable, frogger, skirmish, ticTacToe].map((game) => [game.id, game])),
);

/**
 * The built-in game with this id, or undefined.
 *
 * @example
 * findGame('mundane')?.version // '1'
 * findGame('circular-table')?.seats // { min: 2, max: 10 }
 */
export function findGame(id: string, games: Readonly<Record<string, AnyGame>> = builtInGames): AnyGame | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}
