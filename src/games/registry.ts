/**
 * The built-in games, by id: what the CLI and `replay` can open from a log.
 */
import type { AnyGame } from '../core/game.js';
import { mundane } from './mundane/mundane.js';
import { sandbox } from './sandbox/sandbox.js';

/** Every built-in game, by id. */
export const builtInGames: Readonly<Record<string, AnyGame>> = Object.freeze({ [mundane.id]: mundane, [sandbox.id]: sandbox });

/**
 * The built-in game with this id, or undefined.
 *
 * @example
 * findGame('mundane')?.version // '1'
 */
export function findGame(id: string, games: Readonly<Record<string, AnyGame>> = builtInGames): AnyGame | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}
