/**
 * The export of a table: its plies as docs/contract.md lists them, and its move
 * table.
 */

import type { JsonValue, Move } from '../core/move.js';
import type { TurnModel } from '../definition/game.js';
import type { Ply } from '../definition/records.js';

import { type RoundRow, rounds } from './rounds.js';

/** A ply as docs/contract.md shapes it. */
export interface ExportedPly {
  readonly actor: string | null;
  readonly move: Move;
  readonly notation: string;
  readonly round: number;
  readonly playOrder: number;
  /** plystack's addition, only when true: a pass the engine made under the seat's auto-pass stop (not a move of the log). */
  readonly automatic?: true;
}

/**
 * The plies in docs/contract.md's shape.
 *
 * @example
 * exportPlies(table.plies)[0] // { actor: 'seat:ann', move: {...}, notation: 'pass', round: 1, playOrder: 1 }
 */
export function exportPlies(plies: readonly Ply[]): ExportedPly[] {
  return plies.map(({ actor, move, notation, round, playOrder, automatic }) => ({
    actor,
    move,
    notation,
    round,
    playOrder,
    ...(automatic ? { automatic } : {}),
  }));
}

/** A table's move table, ready for JSON: its turn model and rows. */
export interface MoveRecord {
  readonly turnModel: TurnModel;
  readonly rounds: RoundRow[];
}

/**
 * The move table of a table's plies under its game's turn model.
 *
 * @example
 * moveRecord(table.plies, table.log.seats, 'sequenced').rounds.length // one row per ply
 */
export function moveRecord(plies: readonly Ply[], seats: readonly string[], turnModel: TurnModel): MoveRecord {
  return { turnModel, rounds: rounds(plies, seats, turnModel) };
}

/** The header of a game's record (issue 4): who played what, under which turn model, and who won. */
export interface RecordHeader {
  readonly game: string;
  readonly version: string;
  readonly 'turn-model': TurnModel;
  readonly table: string;
  readonly seats: string[];
  readonly seed: number | string;
  readonly options: { readonly [key: string]: JsonValue };
  /** Only once the game is over. */
  readonly winners?: string[];
}

/** A game's record: its header and its move table. */
export interface GameRecord {
  readonly header: RecordHeader;
  readonly rounds: RoundRow[];
}

/** What a record is made from: a table's log, plies, state and turn model (a `Table` has them all). */
export interface RecordSource {
  readonly log: {
    game: string;
    version: string;
    table: string;
    seats: string[];
    seed: number | string;
    options: { readonly [key: string]: JsonValue };
  };
  readonly plies: readonly Ply[];
  readonly state: { status: 'playing' | 'over'; winners: string[] };
  readonly turnModel: TurnModel;
}

/**
 * The record of a game as JSON: `{ header: { game, version, "turn-model", table, seats, seed, options, winners? }, rounds }`.
 *
 * @example
 * gameRecord({ log: table.log, plies: table.plies, state: table.state, turnModel: table.turnModel }).header['turn-model'] // 'sequenced'
 */
export function gameRecord(source: RecordSource): GameRecord {
  const { log, plies, state, turnModel } = source;
  const header: RecordHeader = {
    game: log.game,
    version: log.version,
    'turn-model': turnModel,
    table: log.table,
    seats: [...log.seats],
    seed: log.seed,
    options: log.options,
    ...(state.status === 'over' ? { winners: [...state.winners] } : {}),
  };
  return { header, rounds: rounds(plies, log.seats, turnModel) };
}
