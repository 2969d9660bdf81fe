/**
 * The export of a table: its plies as CONTRACT.md lists them, and its move
 * table.
 */
import type { TurnModel } from '../core/game.js';
import type { Move } from '../core/move.js';
import type { Ply } from '../engine/context.js';
import { rounds, type RoundRow } from './rounds.js';

/** A ply as CONTRACT.md shapes it. */
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
 * The plies in CONTRACT.md's shape.
 *
 * @example
 * exportPlies(table.plies)[0] // { actor: 'seat:ann', move: {...}, notation: 'pass', round: 1, playOrder: 1 }
 */
export function exportPlies(plies: readonly Ply[]): ExportedPly[] {
  return plies.map(({ actor, move, notation, round, playOrder, automatic }) => ({ actor, move, notation, round, playOrder, ...(automatic ? { automatic } : {}) }));
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
