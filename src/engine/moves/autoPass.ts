/**
 * `engine.auto-pass { until }`: the engine passes for the seat in priority
 * windows until that point (end of turn, the stack resolved, its own turn, a
 * named phase) or `off`.
 */

import { refusal } from '../../core/errors.js';
import { z } from '../../core/schema.js';
import { type AutoPassStop, type Change, seatsInGame, type TableContext } from '../context.js';
import { type EngineMoveModel, parsePayload, plain } from './engineMove.js';

const payload = z.discriminatedUnion('until', [
  z.strictObject({ until: z.enum(['end-of-turn', 'stack-resolved', 'my-turn', 'off']) }),
  z.strictObject({ until: z.literal('phase'), phase: z.string().check(z.minLength(1), z.maxLength(64)) }),
]);

export const autoPass: EngineMoveModel = {
  ...plain,
  type: 'engine.auto-pass',
  needsSeat: true,
  obligation: 'never',
  refusal: (game, ctx) =>
    ctx.opening.structure.priority
      ? null
      : refusal('REFUSED', `${game.id} has no priority windows to pass in`, 'NO_PRIORITY_WINDOWS'),
  payloadRefusal(_game, ctx, move) {
    const read = parsePayload(payload, move);
    if (!read.ok) return read.refusal;
    const stop = read.payload;
    if (stop.until === 'stack-resolved' && ctx.stack.length === 0)
      return refusal('REFUSED', 'nothing waits on the stack to resolve', 'NOTHING_ON_STACK');
    if (
      stop.until === 'phase' &&
      !ctx.opening.structure.phases.some((p) => p.turnPhases.some((t) => t.name === stop.phase))
    ) {
      return refusal('REFUSED', `a turn has no phase ${stop.phase}`, 'UNKNOWN_PHASE');
    }
    if (stop.until === 'my-turn' && ctx.turn.activeSeat === move.seat)
      return refusal('REFUSED', `it is already ${move.seat}'s turn`, 'ALREADY_YOUR_TURN');
    return null;
  },
  notation(move) {
    const stop = move.payload as { until: string; phase?: string };
    return stop.until === 'off'
      ? 'auto-pass off'
      : `auto-pass until ${stop.until === 'phase' ? stop.phase : stop.until.replaceAll('-', ' ')}`;
  },
  candidates: () => [{ until: 'end-of-turn' }, { until: 'my-turn' }, { until: 'stack-resolved' }],
};

/** The stops that remain once those matching `reached` are cleared (the same object when none is). */
export function clearStops(
  autoPass: TableContext['autoPass'],
  reached: (seat: string, stop: AutoPassStop) => boolean,
): TableContext['autoPass'] {
  const seats = Object.keys(autoPass);
  if (seats.length === 0 || !seats.some((seat) => reached(seat, autoPass[seat] as AutoPassStop))) return autoPass;
  return Object.fromEntries(Object.entries(autoPass).filter(([seat, stop]) => !reached(seat, stop)));
}

/** A seat sets (or, with `off`, clears) where its automatic passing stops. */
export function setAutoPass(ctx: TableContext, seat: string, stop: AutoPassStop | { until: 'off' }): Change {
  if (stop.until === 'off') return { autoPass: clearStops(ctx.autoPass, (s) => s === seat) };
  return { autoPass: { ...ctx.autoPass, [seat]: stop } };
}

/** Whether the seat holding priority passes automatically now (and the window is still open). */
export function holderAutoPasses(ctx: TableContext): boolean {
  return (
    ctx.status === 'playing' &&
    ctx.prioritySeat !== null &&
    Object.hasOwn(ctx.autoPass, ctx.prioritySeat) &&
    ctx.passes < seatsInGame(ctx)
  );
}
