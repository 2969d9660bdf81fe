/** `engine.pass`: the seat holding priority passes it (a seatless pass passes for the holder). */
import { refusal } from '../../core/errors.js';
import { type EngineMoveModel, parsePayload, plain } from './engineMove.js';

export const pass: EngineMoveModel = {
  ...plain,
  type: 'engine.pass',
  refusal(_game, ctx, _seat, acting) {
    if (!ctx.opening.structure.priority || ctx.prioritySeat === null)
      return refusal('NO_PRIORITY', `${ctx.gamePhase} has no priority window: nobody holds priority`);
    return acting === ctx.prioritySeat
      ? null
      : refusal('NO_PRIORITY', `${acting ?? 'nobody'} does not hold priority; ${ctx.prioritySeat} does`);
  },
  payloadRefusal: (_game, _ctx, move) => {
    const read = parsePayload(null, move);
    return read.ok ? null : read.refusal;
  },
  notation: () => 'pass',
};
