/**
 * An engine move as one object: its payload, who may make it, its refusals,
 * its notation and the payloads worth offering. The rules, legal moves and
 * the ply log read these; the chart names each move's effect, a function of
 * the move's own module (see machines/regions.ts and tableLogic.ts).
 */

import { type Refusal, refusal } from '../../core/errors.js';
import type { Move } from '../../core/move.js';
import { parseSchema, type Schema } from '../../core/schema.js';
import type { AnyGame } from '../../definition/game.js';
import type { StructurePlan } from '../../definition/structure.js';
import type { TableContext } from '../context.js';

/** One of the engine's own moves. */
export interface EngineMoveModel {
  readonly type: string;
  /** Whether it needs the seat it is for (the application cannot make it). */
  readonly needsSeat: boolean;
  /**
   * Whose column its ply takes in a move table: `seat` the seat whose turn or priority it belongs to (without a seat,
   * the seat holding it: a timer's pass or end of turn); `table` the table as a whole, for a move not held to the
   * turns (a transition, initiative scores, a seat leaving), so it never makes a second ply in a seat's round.
   */
  readonly column: 'seat' | 'table';
  /**
   * How an open supplemental obligation bears on it: `always` refused, `others` refused to every seat but the one
   * that owes, `never` not at all.
   */
  readonly obligation: 'always' | 'others' | 'never';
  /** Why a table of this structure has no use for the move at all, or null. */
  unused(game: AnyGame, structure: StructurePlan): Refusal | null;
  /** Who may make it now (the turn, priority, the phase's strategy), or null; `acting` is the seat it acts for. */
  refusal(game: AnyGame, ctx: TableContext, seat: string | undefined, acting: string | null): Refusal | null;
  /** The checks that read its payload, or null. */
  payloadRefusal(game: AnyGame, ctx: TableContext, move: Move): Refusal | null;
  /** A short text for move tables. */
  notation(move: Move): string;
  /** The payloads worth offering a seat now (`undefined`: no payload); each is still checked. */
  candidates(ctx: TableContext): readonly unknown[];
}

/** What a payload's schema made of a move: the payload it read, or the INVALID_PAYLOAD refusal. */
export type PayloadRead<T = unknown> = { ok: true; payload: T } | { ok: false; refusal: Refusal };

/**
 * A move's payload read by its schema (null: it takes none), or the INVALID_PAYLOAD refusal. The gate reads it once
 * per move played; the checked move carries what it read.
 */
export function parsePayload<T>(schema: Schema<T> | null, move: Move): PayloadRead<T> {
  if (schema === null) {
    return move.payload === undefined
      ? { ok: true, payload: undefined as T }
      : { ok: false, refusal: refusal('INVALID_PAYLOAD', `${move.type} takes no payload`) };
  }
  const result = parseSchema(schema, move.payload);
  if (result.success) return { ok: true, payload: result.data };
  const issue = result.issues[0];
  return {
    ok: false,
    refusal: refusal(
      'INVALID_PAYLOAD',
      `${move.type} payload${issue && issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}: ${issue?.message ?? 'does not fit'}`,
    ),
  };
}

/** What most engine moves share: used by every table, no payload, nothing to refuse beyond the common checks. */
export const plain = {
  needsSeat: false,
  column: 'seat' as const,
  obligation: 'others' as const,
  unused: () => null,
  refusal: () => null,
  candidates: () => [undefined],
};
