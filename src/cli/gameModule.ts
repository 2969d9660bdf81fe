/**
 * The user's own game, from an ES module (`--game ./dist/my-game.js`): the
 * export named after `#`, else the default export, else the module's only
 * export that is a game made with `defineGame` (checked with `isGame`).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isGame } from '../core/defineGame.js';
import type { AnyGame } from '../core/game.js';
import { quote } from './text.js';

/** A game found in a module: the game, the module's absolute path and the export's name. */
export interface ModuleGame {
  readonly game: AnyGame;
  readonly file: string;
  readonly name: string;
}

/**
 * Whether a GAME argument names a module file rather than a built-in game.
 *
 * @example
 * isModulePath('./dist/my-game.js') // true
 * isModulePath('mundane') // false
 */
export function isModulePath(game: string): boolean {
  return game.includes('/') || game.includes('\\') || /\.[cm]?js(#|$)/.test(game);
}

/**
 * Imports `spec` (a path, relative to the working folder, with an optional
 * `#export`) and returns the game it exports, or why there is none.
 *
 * @example
 * await gameFromModule('./dist/games.js#myGame') // { game, file: '/…/dist/games.js', name: 'myGame' }
 */
export async function gameFromModule(spec: string): Promise<ModuleGame | string> {
  const hash = spec.lastIndexOf('#');
  const path = hash < 0 ? spec : spec.slice(0, hash);
  const wanted = hash < 0 ? undefined : spec.slice(hash + 1);
  const shown = quote(path);
  if (path === '') return `give the path of an ES module, not ${quote(spec)}`;
  const file = resolve(path);
  let exports: Record<string, unknown>;
  try {
    exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    return `cannot import ${shown}: ${(error as Error).message}`;
  }
  if (wanted !== undefined) {
    if (!Object.hasOwn(exports, wanted)) return `${shown} has no export named ${quote(wanted)}`;
    return isGame(exports[wanted])
      ? { game: exports[wanted], file, name: wanted }
      : `${shown} exports ${quote(wanted)}, but it is not a game made with defineGame`;
  }
  if (isGame(exports.default)) return { game: exports.default, file, name: 'default' };
  const games = Object.entries(exports).filter(([, value]) => isGame(value));
  if (games.length === 1) return { game: games[0]![1] as AnyGame, file, name: games[0]![0] };
  if (games.length === 0) return `${shown} exports no game made with defineGame (as its default export or a named one)`;
  return `${shown} exports ${games.length} games (${games.map(([n]) => n).join(', ')}): name one, ${path}#${games[0]![0]}`;
}
