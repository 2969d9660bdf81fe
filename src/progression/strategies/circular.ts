/**
 * Circular: a sequence with a direction that moves can reverse, skips that
 * pass over seats, and rounds by activation count (docs: turn rules).
 */
import { advance, startCircular } from '../circular.js';
import { activeSeatHolds, cycleFrom, freshTurn, noEligibleSeat, type StrategyModel, turnCounts } from './strategy.js';

export const circular: StrategyModel = {
  name: 'Circular',
  shape: 'turns',
  delays: false,
  start({ rules, seating, base, eligible, named }) {
    const settings = rules.strategy === 'Circular' ? rules.circular : undefined;
    const { state, first } = startCircular(eligible, settings as never, seating.owner ?? undefined);
    return { progression: { ...base, circular: state }, activeSeat: eligible.length === 0 ? null : (named ?? first) };
  },
  next(progression, _seating, eligible, current) {
    if (progression.circular === null) return noEligibleSeat;
    const step = advance(progression.circular, current, (seat) => eligible.includes(seat));
    if (!step.ok) return step;
    return {
      ok: true,
      activeSeat: step.next,
      roundEnded: step.roundEnded,
      progression: freshTurn(progression, { circular: step.state }),
    };
  },
  // A circular sequence has no fixed opener: its order runs from the seat acting now, in the sequence's direction.
  roundOrder: (progression, seating, eligible) =>
    progression.circular === null
      ? [...eligible]
      : cycleFrom(progression.circular.order, seating.activeSeat, progression.circular.direction, eligible),
  ...activeSeatHolds,
  ...turnCounts,
};
