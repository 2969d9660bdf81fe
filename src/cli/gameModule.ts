/**
 * The user's own game, from an ES module (`--game ./dist/my-game.js`): the
 * export named after `#`, else the default export, else the module's only
 * export that is a game made with `defineGame` (checked with `isGame`).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isGame } from '../definition/defineGame.js';
import type { AnyGame } from '../definition/game.js';
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

/** The game a command was given: the game, and the module it came from (null for a built-in game). */
export interface GivenGame {
  readonly game: AnyGame;
  /** As typed: a built-in id or a module path (with its `#export`). */
  readonly spec: string;
  /** Whether it was given as `--game MODULE` rather than as GAME. */
  readonly flag: boolean;
  readonly module: ModuleGame | null;
}

/**
 * The one game of a command that takes `GAME` or `--game MODULE` (GAME may be a module path too), as `paths` reads
 * them; a message naming the argument when there is none, or more than one.
 *
 * @example
 * await givenGame(['mundane'], undefined, builtInGames) // { game: mundane, spec: 'mundane', flag: false, module: null }
 * await givenGame([], './dist/coin.js', builtInGames) // { game: coin, spec: './dist/coin.js', flag: true, module: { … } }
 */
export async function givenGame(
  positionals: readonly string[],
  moduleSpec: string | undefined,
  builtIn: Readonly<Record<string, AnyGame>>,
): Promise<GivenGame | string> {
  if (moduleSpec !== undefined && positionals.length > 0)
    return `GAME: give the game once: ${quote(positionals[0])} or --game ${quote(moduleSpec)}`;
  const [spec = moduleSpec, ...extra] = positionals;
  if (spec === undefined || extra.length > 0)
    return `GAME: give one game: a built-in game (${Object.keys(builtIn).join(', ')}) or a module exporting one (--game ./dist/my-game.js)`;
  const flag = moduleSpec !== undefined;
  if (flag || isModulePath(spec)) {
    const found = await gameFromModule(spec);
    if (typeof found === 'string') return `${flag ? '--game' : 'GAME'}: ${found}`;
    return { game: found.game, spec, flag, module: found };
  }
  if (!Object.hasOwn(builtIn, spec))
    return `GAME: no game ${quote(spec)}; built in: ${Object.keys(builtIn).join(', ')}`;
  return { game: builtIn[spec] as AnyGame, spec, flag, module: null };
}
