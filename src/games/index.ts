/**
 * `plystack/games`: the example games, each a whole game written on the
 * public API (its own rules, pieces and views), and the registry the CLI and
 * the inspector open them by id from. A game of your own needs none of them.
 */

export {
  type CircularTableOptions,
  type CircularTableState,
  circularTable,
} from './circularTable/circularTable.js';
export { type FroggerOptions, type FroggerState, frogger } from './frogger/frogger.js';
export { type MundaneOptions, type MundaneSeat, type MundaneState, mundane } from './mundane/mundane.js';
export { builtInGames, findGame } from './registry.js';
export { type SandboxOptions, type SandboxState, sandbox } from './sandbox/sandbox.js';
export { type SkirmishOptions, skirmish } from './skirmish/skirmish.js';
export type { SkirmishState } from './skirmish/squads.js';
export { lineOf, type Mark, type TicTacToeState, ticTacToe } from './ticTacToe/ticTacToe.js';
