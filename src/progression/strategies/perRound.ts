/**
 * PerRound: the turn goes round the table in its direction, each seat once a
 * round; the round ends when the turn comes back to a seat that acted in it.
 */
import { nextEligibleSeat } from '../../order/seatOrder.js';
import type { Progression } from '../progression.js';
import { activeSeatHolds, cycleFrom, freshTurn, noEligibleSeat, type StrategyModel, turnCounts } from './strategy.js';

export const perRound: StrategyModel = {
  name: 'PerRound',
  shape: 'turns',
  delays: false,
  start({ base, eligible, named }) {
    const first = named ?? eligible[0] ?? null;
    return { progression: { ...base, acted: first === null ? [] : [first] }, activeSeat: first };
  },
  next(progression, seating, eligible, current) {
    // A seat a move or the game's order chose goes next, if it is still in the game; the choice is used up.
    const chosen = progression.chosen;
    const next =
      chosen !== undefined && eligible.includes(chosen)
        ? chosen
        : nextEligibleSeat(seating.seats, current, seating.direction, (seat) => eligible.includes(seat));
    if (next === undefined) return noEligibleSeat;
    const roundEnded = progression.acted.includes(next);
    return {
      ok: true,
      activeSeat: next,
      roundEnded,
      progression: freshTurn(Object.hasOwn(progression, 'chosen') ? withoutChoice(progression) : progression, {
        acted: roundEnded ? [next] : [...progression.acted, next],
      }),
    };
  },
  // The round goes round the table in its direction from the seat that opened it.
  roundOrder: (progression, seating, eligible) =>
    cycleFrom(seating.seats, progression.acted[0] ?? seating.activeSeat, seating.direction, eligible),
  ...activeSeatHolds,
  ...turnCounts,
};

/** The progression without the seat chosen to go next (an object rest: kept off the path of a turn with no choice). */
function withoutChoice(progression: Progression): Progression {
  const { chosen: _used, ...rest } = progression;
  return rest;
}
