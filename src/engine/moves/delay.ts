/**
 * `engine.delay { after }`: the acting seat moves to act after a seat that acts later in the round (phases ordered by
 * initiative). The whole rule is here: when a seat may delay, the new order of the round, and the turn it hands on;
 * the chart's fragment (machines/regions.ts) only names `delayActiveSeat` where a strategy `delays`.
 */

import { refusal } from '../../core/errors.js';
import { idSchema } from '../../core/move.js';
import { z } from '../../core/schema.js';
import type { Progression } from '../../progression/progression.js';
import { strategyOf } from '../../progression/strategies/index.js';
import type { Change, TableContext } from '../context.js';
import { type EngineMoveModel, parsePayload, plain } from './engineMove.js';
import { noInitiative } from './initiative.js';

const payload = z.strictObject({ after: idSchema });

/**
 * The round's order with `seat` moved to act right after `after`; undefined unless `after` acts later in the round
 * than `seat`.
 *
 * @example
 * delayAfter(['a', 'b', 'c'], 'a', 'b') // ['b', 'a', 'c']: b acts now, then a
 */
export function delayAfter(order: readonly string[], seat: string, after: string): string[] | undefined {
  const from = order.indexOf(seat);
  const to = order.indexOf(after);
  if (from < 0 || to <= from) return undefined;
  const without = order.filter((s) => s !== seat);
  without.splice(without.indexOf(after) + 1, 0, seat);
  return without;
}

/**
 * The acting seat delays until after `after`, who has not acted yet: the round's order changes and the seat that
 * followed it acts now. Null when it may not.
 *
 * @example
 * delayTurn(progression, 'seat:ann', 'seat:cat') // { progression, activeSeat: 'seat:bob' }
 */
export function delayTurn(
  progression: Progression,
  seat: string,
  after: string,
): { progression: Progression; activeSeat: string } | null {
  if (progression.acted.includes(after)) return null;
  const order = delayAfter(progression.order, seat, after);
  if (order === undefined) return null;
  const next = order[progression.order.indexOf(seat)] as string;
  return {
    progression: {
      ...progression,
      order,
      acted: [...progression.acted.filter((s) => s !== seat), next],
      movesThisTurn: 0,
    },
    activeSeat: next,
  };
}

export const delay: EngineMoveModel = {
  ...plain,
  type: 'engine.delay',
  needsSeat: true,
  unused: noInitiative,
  refusal(_game, ctx, seat) {
    const { strategy } = ctx.progression.rules;
    if (!strategyOf(ctx.progression.rules).delays)
      return refusal(
        'REFUSED',
        `a seat can delay only in a phase ordered by initiative, and ${ctx.gamePhase} is ${strategy}`,
        'NOT_INITIATIVE',
      );
    return seat === ctx.turn.activeSeat ? null : refusal('NOT_YOUR_TURN', `it is not ${seat}'s turn`);
  },
  payloadRefusal(_game, ctx, move) {
    const read = parsePayload(payload, move);
    if (!read.ok) return read.refusal;
    const { after } = read.payload;
    const delayed = delayTurn(ctx.progression, move.seat as string, after);
    return delayed !== null
      ? null
      : refusal(
          'REFUSED',
          `${move.seat} can delay only until after a seat that acts later in this round, and ${after} does not`,
          'NOT_LATER',
        );
  },
  notation: (move) => `delay after ${(move.payload as { after: string }).after}`,
  candidates: (ctx) => ctx.progression.order.map((after) => ({ after })),
};

/** The active seat delays until after `after`; the seat that followed it acts now. */
export function delayActiveSeat(ctx: TableContext, after: string): Change {
  const seat = ctx.turn.activeSeat;
  const delayed = seat === null ? null : delayTurn(ctx.progression, seat, after);
  if (delayed === null) return {};
  const { window: _closed, ...progression } = delayed.progression;
  return { progression, turn: { ...ctx.turn, activeSeat: delayed.activeSeat } };
}
