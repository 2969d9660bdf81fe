/** `engine.delay { after }`: the acting seat moves to act after a seat that acts later in the round (phases ordered by initiative). */

import { refusal } from '../../core/errors.js';
import { idSchema } from '../../core/move.js';
import { z } from '../../core/schema.js';
import { strategyOf } from '../../progression/strategies/index.js';
import { delayTurn } from '../../progression/turns.js';
import type { Change, TableContext } from '../context.js';
import { type EngineMoveModel, parsePayload, plain } from './engineMove.js';
import { noInitiative } from './initiative.js';

const payload = z.strictObject({ after: idSchema });

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
