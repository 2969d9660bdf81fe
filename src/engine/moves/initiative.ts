/** `engine.initiative { scores }`: merges initiative scores; a phase ordered by initiative is ordered again from its first seat. */

import { refusal } from '../../core/errors.js';
import { idSchema } from '../../core/move.js';
import { z } from '../../core/schema.js';
import type { AnyGame } from '../../definition/game.js';
import type { StructurePlan } from '../../definition/structure.js';
import { strategyOf } from '../../progression/strategies/index.js';
import { withInitiative } from '../../progression/turns.js';
import type { Change, TableContext } from '../context.js';
import { type EngineMoveModel, parsePayload, plain } from './engineMove.js';

const payload = z.strictObject({ scores: z.record(idSchema, z.int().check(z.gte(-1_000_000), z.lte(1_000_000))) });

/** Why a table of this structure keeps no initiative (no phase ordered by it), or null; `engine.delay` shares it. */
export function noInitiative(game: AnyGame, structure: StructurePlan) {
  return structure.phases.some((p) => strategyOf(p.rules).delays)
    ? null
    : refusal('REFUSED', `no game phase of ${game.id} is ordered by initiative`, 'NO_INITIATIVE');
}

export const initiative: EngineMoveModel = {
  ...plain,
  column: 'table',
  type: 'engine.initiative',
  obligation: 'never',
  unused: noInitiative,
  payloadRefusal(_game, ctx, move) {
    const read = parsePayload(payload, move);
    if (!read.ok) return read.refusal;
    const unknown = Object.keys(read.payload.scores).find((seat) => !ctx.opening.seats.includes(seat));
    return unknown === undefined ? null : refusal('UNKNOWN_SEAT', `${unknown} is not at ${ctx.opening.table}`);
  },
  notation: (move) =>
    `initiative ${Object.entries((move.payload as { scores: Record<string, number> }).scores)
      .map(([s, n]) => `${s}=${n}`)
      .join(' ')}`,
  // Scores are the seat's own choice: nothing to enumerate.
  candidates: () => [],
};

/** Initiative scores merge in; under Initiative the round is ordered again from its first seat. */
export function mergeInitiative(ctx: TableContext, scores: Record<string, number>): Change {
  const merged = withInitiative(ctx.progression, ctx.opening.seats, scores);
  return {
    progression: merged.progression,
    ...(merged.activeSeat !== undefined ? { turn: { ...ctx.turn, activeSeat: merged.activeSeat } } : {}),
  };
}
